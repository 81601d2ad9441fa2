/**
 * Validation rules of SPEC.md §5, shared by the browser (inline form messages) and the
 * backend (zod payload schemas, CONTRACT.md §2). Pure functions, no DOM or Node APIs.
 */
import { isAutogiroAccount } from './bank-account.js';
import Personnummer from 'personnummer';
import { GUARDIAN_CONSENT_BELOW_AGE, MIN_AGE } from './constants.js';

/** The inline messages of SPEC.md §5 (copy keys). */
export type ValidationMessageId =
  | 'incorrectPN'
  | 'incorrectEmail'
  | 'requiredField'
  | 'incorrectZipCode'
  | 'invalidCharacters'
  | 'incorrectBankAccount';

// ---------------------------------------------------------------------------------------------
// Personal number
// ---------------------------------------------------------------------------------------------

/**
 * `personnummer` ships CommonJS (`module.exports = Personnummer`) with ESM-style typings and an
 * ESM build for bundlers. Depending on who resolves it (Node, Vite, TypeScript under
 * nodenext) the default import is the class itself or a namespace holding it in `default`.
 */
type PersonnummerClass = {
  valid(pin: string, options?: { allowCoordinationNumber: boolean; allowInterimNumber: boolean }): boolean;
};
const PersonnummerImpl: PersonnummerClass =
  (Personnummer as unknown as { default?: PersonnummerClass }).default ??
  (Personnummer as unknown as PersonnummerClass);

/**
 * Accepted after stripping: 8 or 6 digits, an optional '-' or '+', then 4 digits
 * (whitespace anywhere is ignored).
 */
const PN_SHAPE = /^(\d{6}|\d{8})([-+]?)(\d{4})$/;

/** SPEC.md §5: a 10-digit number whose two first digits are under this is 20xx, else 19xx. */
const CENTURY_CUTOFF = 22;

/**
 * The 12-digit form (YYYYMMDDNNNC) of a Swedish personal number (or coordination number,
 * day + 60), or `null` when it is not one.
 *
 * - Characters other than digits, '-', '+' and whitespace are stripped first (SPEC.md §5
 *   names digits, dash and whitespace; '+' is kept because it is meaningful), then all
 *   whitespace is removed.
 * - 10-digit forms: century 20 when the first two digits are under 22, else 19 (SPEC.md §5,
 *   a fixed cutoff rather than one moving with today's date). A '+' separator means the
 *   person is 100 years older, so the same rule gives 19 (under 22) or 18 instead.
 * - 12-digit forms keep their explicit century; a '+' there is only a separator.
 * - Luhn check on the last 10 digits and a real calendar date (day − 60 for coordination
 *   numbers), both by the `personnummer` package. Interim numbers (letters in the serial)
 *   cannot survive the stripping and are not accepted.
 */
export function normalisePersonalNumber(input: string): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const compact = input.replace(/[^\d\s+-]/g, '').replace(/\s+/g, '');
  const match = PN_SHAPE.exec(compact);
  if (!match) return null;
  const [, date = '', sep = '', serial = ''] = match;
  let full: string;
  if (date.length === 8) {
    full = date + serial;
  } else {
    const yy = Number(date.slice(0, 2));
    const century = sep === '+' ? (yy < CENTURY_CUTOFF ? '19' : '18') : yy < CENTURY_CUTOFF ? '20' : '19';
    full = century + date + serial;
  }
  const valid = PersonnummerImpl.valid(full, { allowCoordinationNumber: true, allowInterimNumber: false });
  return valid ? full : null;
}

export function isValidPersonalNumber(input: string): boolean {
  return normalisePersonalNumber(input) !== null;
}

// Made at first use, not when the module loads: a formatter with a time zone costs ~25 ms of CPU
// (~100 ms on a slow phone), which blocked memberCheck's start-up though nobody had typed yet.
let stockholmDate: Intl.DateTimeFormat | null | undefined;

function stockholmDateFormat(): Intl.DateTimeFormat | null {
  if (stockholmDate === undefined) {
    try {
      stockholmDate = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Stockholm',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      stockholmDate = null;
    }
  }
  return stockholmDate;
}

/** Year, month (1-12) and day of `d` on the Swedish calendar (local time as a fallback). */
function swedishCalendarDate(d: Date): { y: number; m: number; day: number } {
  const stockholmDate = stockholmDateFormat();
  if (stockholmDate) {
    const parts = stockholmDate.formatToParts(d);
    const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value);
    const y = get('year');
    const m = get('month');
    const day = get('day');
    if (Number.isFinite(y) && Number.isFinite(m) && Number.isFinite(day)) return { y, m, day };
  }
  return { y: d.getFullYear(), m: d.getMonth() + 1, day: d.getDate() };
}

/**
 * Age in whole years on `today` (its date in Sweden, Europe/Stockholm) of the person with this
 * personal number. Accepts any form `normalisePersonalNumber` accepts; `NaN` for an invalid
 * number or date. Coordination numbers: day − 60. Someone born on 29 February becomes a year
 * older on 1 March in non-leap years.
 */
export function ageOn(pn12: string, today: Date): number {
  const pn = normalisePersonalNumber(pn12);
  if (pn === null || Number.isNaN(today.getTime())) return Number.NaN;
  const by = Number(pn.slice(0, 4));
  const bm = Number(pn.slice(4, 6));
  let bd = Number(pn.slice(6, 8));
  if (bd > 60) bd -= 60;
  const { y, m, day } = swedishCalendarDate(today);
  const hadBirthday = m > bm || (m === bm && day >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/**
 * The warning to show for a (valid) personal number (SPEC.md §5): under 16 → `guardianNote`
 * (which implies under 18 as well: continue still leads to underAge), under 18 → `underAgePN`,
 * otherwise (or for an invalid number) `null`.
 */
export function personalNumberWarning(pn12: string, today: Date): 'underAgePN' | 'guardianNote' | null {
  const age = ageOn(pn12, today);
  if (Number.isNaN(age)) return null;
  if (age < GUARDIAN_CONSENT_BELOW_AGE) return 'guardianNote';
  if (age < MIN_AGE) return 'underAgePN';
  return null;
}

// ---------------------------------------------------------------------------------------------
// E-mail, required text, zip code, allowed characters
// ---------------------------------------------------------------------------------------------

export const EMAIL_MAX_LENGTH = 254;

/**
 * The e-mail rule (CONTRACT.md §2, replacing SPEC.md §5's 2-3-letter TLD rule, which turned real
 * donors away): what a browser's `<input type=email>` accepts (the WHATWG "valid e-mail address"
 * production), plus what a deliverable address needs on the internet: a dot in the domain and a
 * top-level domain of at least 2 letters (or an internationalised `xn--` one, which is what the
 * browser turns `.рф` into). So `anna@example.info`, `erik@firma.stockholm` and
 * `lisa+konsert@gmail.com` pass; `anna@gmail`, `anna@@x.se`, `anna @x.se` and `anna@x.s` do not.
 * One definition for the browser's inline message and the server's payload schema.
 */
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The last label of the domain: letters only (2 or more), or an IDN's `xn--` form. */
const TOP_LEVEL_DOMAIN = /\.(?:[a-zA-Z]{2,63}|xn--[a-zA-Z0-9-]{1,59})$/;

/** Surrounding whitespace is ignored (the schema trims it too). */
export function isValidEmail(s: string): boolean {
  if (typeof s !== 'string') return false;
  const t = s.trim();
  return t.length <= EMAIL_MAX_LENGTH && WHATWG_EMAIL.test(t) && TOP_LEVEL_DOMAIN.test(t);
}

/** SPEC.md §5: at least 2 letters or digits (any script: å, ä, ö, é …). */
export function isRequiredText(s: string): boolean {
  if (typeof s !== 'string') return false;
  return (s.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;
}

const ZIP_CODE = /^\d{3} ?\d{2}$/;

/** SPEC.md §5: 3 digits, an optional space, 2 digits (surrounding whitespace ignored). */
export function isValidZipCode(s: string): boolean {
  return typeof s === 'string' && ZIP_CODE.test(s.trim());
}

export type TextKind =
  'name' | 'address' | 'city' | 'zipCode' | 'phone' | 'clearingNumber' | 'accountNumber' | 'bank';

/**
 * Allowed characters per kind (SPEC.md §5). "Letters" are Unicode letters plus combining marks,
 * so decomposed input (e + ◌́) is accepted like é.
 * - `address` also allows '.', ',' and '/': the co-address is prepended by code as
 *   "c/o Name, Street 1" (SPEC.md §4), and street addresses like "Storg. 1" or "1 tr." are common.
 * - `city`: SPEC.md §5 gives no rule; it uses the name rule (letters, spaces, hyphens).
 */
export const ALLOWED_CHARACTERS: Readonly<Record<TextKind, RegExp>> = {
  name: /^[\p{L}\p{M} -]*$/u,
  city: /^[\p{L}\p{M} -]*$/u,
  address: /^[\p{L}\p{M}\p{N} ./,-]*$/u,
  zipCode: /^[0-9 ]*$/,
  phone: /^[0-9+ -]*$/,
  clearingNumber: /^[0-9 -]*$/,
  accountNumber: /^[0-9 -]*$/,
  bank: /^[\p{L}\p{M} -]*$/u,
};

/**
 * Whether `s` holds only the characters allowed for `kind`. Any whitespace counts as a space
 * (a tab or no-break space pasted in is not a reason to refuse).
 */
export function hasOnlyAllowedCharacters(kind: TextKind, s: string): boolean {
  return typeof s === 'string' && ALLOWED_CHARACTERS[kind].test(s.replace(/\s/g, ' '));
}

/** Digits of a clearing or account number once spaces and hyphens are removed. */
export function bankDigits(s: string): string {
  return s.replace(/[\s-]/g, '');
}

/** Clearing number: 4 digits (5 for Swedbank's with check digit), spaces and hyphens ignored. */
export function isValidClearingNumber(s: string): boolean {
  return hasOnlyAllowedCharacters('clearingNumber', s) && /^\d{4,5}$/.test(bankDigits(s));
}

/** Account number: 5-15 digits, spaces and hyphens ignored. */
export function isValidAccountNumber(s: string): boolean {
  return hasOnlyAllowedCharacters('accountNumber', s) && /^\d{5,15}$/.test(bankDigits(s));
}

export type ValidatedField =
  | 'personalNumber'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'address'
  | 'zipCode'
  | 'city'
  | 'bank'
  | 'clearingNumber'
  | 'accountNumber';

const FIELD_KIND: Record<Exclude<ValidatedField, 'personalNumber' | 'email'>, TextKind> = {
  firstName: 'name',
  lastName: 'name',
  phone: 'phone',
  address: 'address',
  zipCode: 'zipCode',
  city: 'city',
  bank: 'bank',
  clearingNumber: 'clearingNumber',
  accountNumber: 'accountNumber',
};

/**
 * The inline message for a form field, or `null` when the value is fine.
 *
 * - personalNumber: anything invalid (empty included) → incorrectPN.
 * - email: anything invalid (empty included) → incorrectEmail.
 * - other fields, in this order: blank → requiredField; a character not allowed for the field
 *   → invalidCharacters; fewer than 2 letters or digits → requiredField.
 * - zipCode: then the pattern → incorrectZipCode.
 * - clearingNumber / accountNumber: a digit count outside 4-5 / 5-15 → requiredField (there is
 *   no dedicated message; this keeps the form from sending what `accountInfoSchema` refuses).
 */
export function validateField(field: ValidatedField, value: string): ValidationMessageId | null {
  const v = typeof value === 'string' ? value : '';
  if (field === 'personalNumber') return isValidPersonalNumber(v) ? null : 'incorrectPN';
  if (field === 'email') return isValidEmail(v) ? null : 'incorrectEmail';
  const kind = FIELD_KIND[field];
  if (v.trim() === '') return 'requiredField';
  if (!hasOnlyAllowedCharacters(kind, v)) return 'invalidCharacters';
  if (!isRequiredText(v)) return 'requiredField';
  if (field === 'zipCode' && !isValidZipCode(v)) return 'incorrectZipCode';
  if (field === 'clearingNumber' && !isValidClearingNumber(v)) return 'requiredField';
  if (field === 'accountNumber' && !isValidAccountNumber(v)) return 'requiredField';
  return null;
}

/**
 * The account number's message once both numbers are there: incorrectBankAccount when the bank
 * would refuse the pair or Autogiro's TK04 cannot carry it (bank-account.ts), as the API refuses it.
 */
export function validateBankAccount(
  clearingNumber: string,
  accountNumber: string,
): ValidationMessageId | null {
  if (validateField('clearingNumber', clearingNumber) || validateField('accountNumber', accountNumber))
    return null;
  return isAutogiroAccount(clearingNumber, accountNumber) ? null : 'incorrectBankAccount';
}
