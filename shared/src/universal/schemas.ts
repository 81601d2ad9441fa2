/**
 * zod schemas of the validation rules (SPEC.md §5) for the API contract. Kept apart from
 * validation.ts so the browser's first load carries the rules without zod.
 */
import { z } from 'zod';
import { autogiroAccount } from './bank-account.js';
import {
  EMAIL_MAX_LENGTH,
  bankDigits,
  hasOnlyAllowedCharacters,
  isRequiredText,
  isValidEmail,
  isValidZipCode,
  normalisePersonalNumber,
  type TextKind,
} from './validation.js';

// ---------------------------------------------------------------------------------------------
// zod schemas for the API contract (CONTRACT.md §2): a failing value gives an issue whose
// message is the error id to answer with: invalidPersonalNumber, invalidEmail or invalidState.
// ---------------------------------------------------------------------------------------------

export type ValidationErrorId = 'invalidPersonalNumber' | 'invalidEmail' | 'invalidState';

/** Any string → its 12-digit form; issue message `invalidPersonalNumber` otherwise. */
export const personalNumberSchema = z
  .string({ error: 'invalidPersonalNumber' })
  .max(64, { error: 'invalidPersonalNumber' })
  .transform((s, ctx) => {
    const pn = normalisePersonalNumber(s);
    if (pn === null) {
      ctx.issues.push({ code: 'custom', message: 'invalidPersonalNumber', input: s });
      return z.NEVER;
    }
    return pn;
  });

/** Trimmed, at most 254 characters, SPEC.md §5 shape; issue message `invalidEmail`. */
export const emailSchema = z
  .string({ error: 'invalidEmail' })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: 'invalidEmail' })
  .refine((s) => isValidEmail(s), { error: 'invalidEmail' });

const MAX_LENGTH: Record<TextKind, number> = {
  name: 100,
  city: 100,
  address: 200,
  zipCode: 10,
  phone: 30,
  clearingNumber: 20,
  accountNumber: 40,
  bank: 100,
};

/**
 * Trimmed text of the given kind: at least 2 letters or digits and only the allowed characters
 * (a length cap per kind as well); issue message `invalidState`.
 */
export function requiredTextSchema(kind: TextKind) {
  return z
    .string({ error: 'invalidState' })
    .trim()
    .max(MAX_LENGTH[kind], { error: 'invalidState' })
    .refine((s) => isRequiredText(s) && hasOnlyAllowedCharacters(kind, s), { error: 'invalidState' });
}

/** Trimmed "123 45" or "12345" (kept as typed); issue message `invalidState`. */
export const zipCodeSchema = z
  .string({ error: 'invalidState' })
  .trim()
  .refine((s) => isValidZipCode(s), { error: 'invalidState' });

/**
 * An optional field: absent, `null` or a blank string all mean "not given" (output `undefined`);
 * anything else must pass `inner`.
 */
function optionalField<T extends z.ZodType<unknown, string>>(inner: T, error: ValidationErrorId) {
  return z
    .string({ error })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? undefined : v))
    .pipe(inner.optional());
}

/**
 * Person (SPEC.md §3) as sent by the visitor flow. firstName, lastName and email are required;
 * personalNumber, phone, address, zipCode and city are optional but validated when given.
 * Other keys (isMember, personId, paymentType) are stripped: the server never takes them from
 * the client.
 */
export const personSchema = z.object({
  firstName: requiredTextSchema('name'),
  lastName: requiredTextSchema('name'),
  personalNumber: optionalField(personalNumberSchema, 'invalidPersonalNumber'),
  email: emailSchema,
  phone: optionalField(requiredTextSchema('phone'), 'invalidState'),
  address: optionalField(requiredTextSchema('address'), 'invalidState'),
  zipCode: optionalField(zipCodeSchema, 'invalidState'),
  city: optionalField(requiredTextSchema('city'), 'invalidState'),
});
export type PersonInput = z.input<typeof personSchema>;
export type ValidPerson = z.output<typeof personSchema>;

function bankNumberSchema(kind: 'clearingNumber' | 'accountNumber', digits: RegExp) {
  return z
    .string({ error: 'invalidState' })
    .max(MAX_LENGTH[kind], { error: 'invalidState' })
    .refine((s) => hasOnlyAllowedCharacters(kind, s), { error: 'invalidState' })
    .transform(bankDigits)
    .refine((s) => digits.test(s), { error: 'invalidState' });
}

/**
 * AccountInfo (SPEC.md §3). Clearing and account numbers come out as digits only (spaces and
 * hyphens removed): clearing 4-5 digits, account 5-15 digits, and together an account the bank
 * and Autogiro's TK04 take (bank-account.ts: clearing range, account type, check digit); a Nordea
 * personkonto typed with the century comes out as its 10 digits. Issue message `invalidState`.
 */
export const accountInfoSchema = z
  .object({
    bank: requiredTextSchema('bank'),
    clearingNumber: bankNumberSchema('clearingNumber', /^\d{4,5}$/),
    accountNumber: bankNumberSchema('accountNumber', /^\d{5,15}$/),
  })
  .transform((a, ctx) => {
    const account = autogiroAccount(a.clearingNumber, a.accountNumber);
    if (!account) {
      ctx.issues.push({
        code: 'custom',
        message: 'invalidState',
        input: a.accountNumber,
        path: ['accountNumber'],
      });
      return z.NEVER;
    }
    return { ...a, accountNumber: account.accountNumber };
  });
export type AccountInfoInput = z.input<typeof accountInfoSchema>;
export type ValidAccountInfo = z.output<typeof accountInfoSchema>;

/**
 * The error id to answer a failed parse with (CONTRACT.md §2): invalidPersonalNumber or
 * invalidEmail when an issue says so (in that order), otherwise invalidState.
 */
export function validationErrorId(error: { issues: readonly { message: string }[] }): ValidationErrorId {
  const messages = error.issues.map((i) => i.message);
  if (messages.includes('invalidPersonalNumber')) return 'invalidPersonalNumber';
  if (messages.includes('invalidEmail')) return 'invalidEmail';
  return 'invalidState';
}
