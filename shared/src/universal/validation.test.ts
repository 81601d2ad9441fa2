import { describe, it, expect } from 'vitest';
import {
  ageOn,
  hasOnlyAllowedCharacters,
  isRequiredText,
  isValidAccountNumber,
  isValidClearingNumber,
  isValidEmail,
  isValidPersonalNumber,
  isValidZipCode,
  normalisePersonalNumber,
  personalNumberWarning,
  validateField,
} from './validation.js';
import {
  accountInfoSchema,
  emailSchema,
  personSchema,
  personalNumberSchema,
  requiredTextSchema,
  validationErrorId,
  zipCodeSchema,
} from './schemas.js';
import { DEMO_PERSONAL_NUMBERS } from './demo-fixtures.js';

/** A fixed "today" so ages never drift: 21 November 2026. */
const TODAY = new Date('2026-11-21');

/** CONTRACT.md §4 demo fixtures. */
const FIXTURES = Object.values(DEMO_PERSONAL_NUMBERS);

/** The messages of the issues of a failed safeParse. */
function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  expect(result.success).toBe(false);
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('normalisePersonalNumber', () => {
  it('accepts every CONTRACT §4 fixture unchanged', () => {
    for (const pn of FIXTURES) expect(normalisePersonalNumber(pn)).toBe(pn);
  });

  it('gives 10-digit forms century 20 below 22 and 19 otherwise', () => {
    expect(normalisePersonalNumber('8503151238')).toBe('198503151238');
    expect(normalisePersonalNumber('0906013453')).toBe('200906013453');
    expect(normalisePersonalNumber('1203044563')).toBe('201203044563');
    expect(normalisePersonalNumber('7811244560')).toBe('197811244560');
  });

  it('accepts a dash and whitespace', () => {
    expect(normalisePersonalNumber('850315-1238')).toBe('198503151238');
    expect(normalisePersonalNumber('19850315-1238')).toBe('198503151238');
    expect(normalisePersonalNumber(' 850315 1238 ')).toBe('198503151238');
    expect(normalisePersonalNumber('850315 - 1238')).toBe('198503151238');
    expect(normalisePersonalNumber('1985 03 15 - 1238')).toBe('198503151238');
    expect(normalisePersonalNumber('850315\t1238\n')).toBe('198503151238');
  });

  it("reads '+' as 100 years older (19 below 22, else 18)", () => {
    expect(normalisePersonalNumber('850315+1238')).toBe('188503151238');
    expect(normalisePersonalNumber('120304+4563')).toBe('191203044563');
  });

  it("keeps the explicit century of a 12-digit form with '+'", () => {
    expect(normalisePersonalNumber('19850315+1238')).toBe('198503151238');
  });

  it('strips letters and other characters first', () => {
    expect(normalisePersonalNumber('19850315-1238abc')).toBe('198503151238');
    expect(normalisePersonalNumber('PN: 850315-1238.')).toBe('198503151238');
    expect(normalisePersonalNumber('(850315)_1238')).toBe('198503151238');
  });

  it('accepts coordination numbers (day + 60)', () => {
    expect(normalisePersonalNumber('8503751235')).toBe('198503751235');
    expect(normalisePersonalNumber('198503751235')).toBe('198503751235');
  });

  it('rejects a bad Luhn check digit', () => {
    expect(normalisePersonalNumber('198503151239')).toBeNull();
    expect(normalisePersonalNumber('8503151230')).toBeNull();
    expect(normalisePersonalNumber('200906013454')).toBeNull();
  });

  it('rejects impossible dates', () => {
    // Luhn-valid, but 30 February, month 13, day 0 and day 32 are no dates.
    expect(normalisePersonalNumber('198502301230')).toBeNull();
    expect(normalisePersonalNumber('8502301230')).toBeNull();
    expect(normalisePersonalNumber('198513011232')).toBeNull();
    expect(normalisePersonalNumber('198500011237')).toBeNull();
    expect(normalisePersonalNumber('198503321237')).toBeNull();
  });

  it('rejects wrong lengths and shapes', () => {
    expect(normalisePersonalNumber('')).toBeNull();
    expect(normalisePersonalNumber('12345')).toBeNull();
    expect(normalisePersonalNumber('85031512388')).toBeNull(); // 11 digits
    expect(normalisePersonalNumber('1985031512381')).toBeNull(); // 13 digits
    expect(normalisePersonalNumber('8503-151238')).toBeNull(); // dash in the wrong place
    expect(normalisePersonalNumber('850315--1238')).toBeNull();
    expect(normalisePersonalNumber('x'.repeat(100))).toBeNull();
  });

  it('isValidPersonalNumber agrees', () => {
    expect(isValidPersonalNumber('850315-1238')).toBe(true);
    expect(isValidPersonalNumber('850315-1239')).toBe(false);
  });
});

describe('ageOn / personalNumberWarning (fixed date 2026-11-21)', () => {
  it('computes the fixtures ages', () => {
    expect(ageOn('198503151238', TODAY)).toBe(41);
    expect(ageOn('199001012344', TODAY)).toBe(36);
    expect(ageOn('200906013453', TODAY)).toBe(17);
    expect(ageOn('201203044563', TODAY)).toBe(14);
  });

  it('turns a year older on the birthday, not before', () => {
    expect(ageOn('200906013453', new Date('2027-05-31T12:00:00Z'))).toBe(17);
    expect(ageOn('200906013453', new Date('2027-06-01T12:00:00Z'))).toBe(18);
  });

  it('uses the date in Sweden', () => {
    // 23:30 UTC on 31 May is already 1 June in Stockholm (UTC+2 in summer).
    expect(ageOn('200906013453', new Date('2027-05-31T23:30:00Z'))).toBe(18);
  });

  it('handles coordination numbers (day − 60)', () => {
    expect(ageOn('198503751235', new Date('2026-03-14T12:00:00Z'))).toBe(40);
    expect(ageOn('198503751235', new Date('2026-03-15T12:00:00Z'))).toBe(41);
  });

  it('accepts the other forms and gives NaN for invalid numbers', () => {
    expect(ageOn('0906013453', TODAY)).toBe(17);
    expect(ageOn('198503151239', TODAY)).toBeNaN();
  });

  it('warns per SPEC §5', () => {
    expect(personalNumberWarning('198503151238', TODAY)).toBeNull();
    expect(personalNumberWarning('200906013453', TODAY)).toBe('underAgePN');
    expect(personalNumberWarning('201203044563', TODAY)).toBe('guardianNote');
    expect(personalNumberWarning('garbage', TODAY)).toBeNull();
  });

  it('puts the edges at 16 and 18', () => {
    // born 2010-11-21: 16 on TODAY; born 2008-11-21: 18 on TODAY
    expect(ageOn('201011212386', TODAY)).toBe(16);
    expect(personalNumberWarning('201011212386', TODAY)).toBe('underAgePN');
    expect(ageOn('200811212380', TODAY)).toBe(18);
    expect(personalNumberWarning('200811212380', TODAY)).toBeNull();
  });
});

describe('isValidEmail (CONTRACT.md §2: WHATWG type=email, dotted domain, TLD of 2+ letters)', () => {
  it.each([
    // real donors SPEC.md §5's old rule turned away
    'anna@example.info',
    'erik@firma.stockholm',
    'lisa+konsert@gmail.com',
    // and what already worked
    'a@b.se',
    'a.b-c@d-e.com',
    'first.last@mail.example.org',
    'x_y@sub.d0main.nu',
    'A@B.SE',
    ' a@b.se ',
    "o'brien@example.ie",
    'info@xn--fretag-4ya.se',
    'user@example.xn--p1ai',
    'a@b-c.museum',
  ])('accepts %s', (s) => expect(isValidEmail(s)).toBe(true));

  it.each([
    'anna@gmail',
    'anna@@x.se',
    'anna @x.se',
    'anna@x .se',
    'anna@x.se extra',
    'a@b',
    'x y@z.se',
    '',
    '   ',
    '@b.se',
    'anna@',
    'anna',
    'a@.se',
    'a@b.s',
    'a@-b.se',
    'a@b-.se',
    'a@b.s1',
    'a@b.123',
    'a@b..se',
    'a@b.se.',
    'a(b)@c.se',
    'a@b_c.se',
    'a@[127.0.0.1]',
    '"a b"@c.se',
    'anna@exämple.se',
  ])('rejects %j', (s) => expect(isValidEmail(s)).toBe(false));

  it('rejects over 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@b.se`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(240)}@b.se`)).toBe(true);
  });

  it("never accepts what a browser's type=email refuses (the same regular expression)", () => {
    // The WHATWG spec's own examples of invalid addresses.
    for (const s of ['a@b@c.se', 'a@b.c@d.se', 'a\\b@c.se', 'a<b>@c.se', 'a@b,c.se'])
      expect(isValidEmail(s)).toBe(false);
  });
});

describe('isRequiredText', () => {
  it('needs at least 2 letters or digits', () => {
    expect(isRequiredText('A')).toBe(false);
    expect(isRequiredText('')).toBe(false);
    expect(isRequiredText(' - ')).toBe(false);
    expect(isRequiredText('A -')).toBe(false);
    expect(isRequiredText('Ål')).toBe(true);
    expect(isRequiredText('Éa')).toBe(true);
    expect(isRequiredText('12')).toBe(true);
    expect(isRequiredText(' Bo ')).toBe(true);
  });
});

describe('isValidZipCode', () => {
  it.each(['123 45', '12345', ' 123 45 '])('accepts %j', (s) => expect(isValidZipCode(s)).toBe(true));
  it.each(['1234', '123456', '12 345', '123  45', 'abcde', ''])('rejects %j', (s) =>
    expect(isValidZipCode(s)).toBe(false),
  );
});

describe('hasOnlyAllowedCharacters (SPEC §5)', () => {
  it('name: letters, spaces, hyphens', () => {
    expect(hasOnlyAllowedCharacters('name', 'Anna-Lena Åström')).toBe(true);
    expect(hasOnlyAllowedCharacters('name', 'Zoë Müller')).toBe(true);
    expect(hasOnlyAllowedCharacters('name', 'Jose\u0301')).toBe(true); // decomposed é
    expect(hasOnlyAllowedCharacters('name', 'Anna2')).toBe(false);
    expect(hasOnlyAllowedCharacters('name', "O'Brien")).toBe(false);
    expect(hasOnlyAllowedCharacters('name', 'Anna <b>')).toBe(false);
  });

  it('address: digits, letters, spaces, hyphens, plus . , / for c/o and abbreviations', () => {
    expect(hasOnlyAllowedCharacters('address', 'Storgatan 12-14')).toBe(true);
    expect(hasOnlyAllowedCharacters('address', 'c/o Andersson, Storg. 1')).toBe(true);
    expect(hasOnlyAllowedCharacters('address', 'Storgatan 1; DROP')).toBe(false);
    expect(hasOnlyAllowedCharacters('address', 'Box #12')).toBe(false);
  });

  it('zipCode: digits and spaces', () => {
    expect(hasOnlyAllowedCharacters('zipCode', '123 45')).toBe(true);
    expect(hasOnlyAllowedCharacters('zipCode', '123-45')).toBe(false);
    expect(hasOnlyAllowedCharacters('zipCode', 'S-12345')).toBe(false);
  });

  it('phone: digits, plus, hyphen, spaces', () => {
    expect(hasOnlyAllowedCharacters('phone', '+46 70-123 45 67')).toBe(true);
    expect(hasOnlyAllowedCharacters('phone', '(08) 123')).toBe(false);
    expect(hasOnlyAllowedCharacters('phone', '070abc')).toBe(false);
  });

  it('clearing and account numbers: digits, hyphens, spaces', () => {
    expect(hasOnlyAllowedCharacters('clearingNumber', '8327-9')).toBe(true);
    expect(hasOnlyAllowedCharacters('accountNumber', '123 456 789-0')).toBe(true);
    expect(hasOnlyAllowedCharacters('accountNumber', '123.456')).toBe(false);
    expect(hasOnlyAllowedCharacters('clearingNumber', '+8327')).toBe(false);
  });

  it('bank: letters, spaces, hyphens', () => {
    expect(hasOnlyAllowedCharacters('bank', 'Länsförsäkringar Bank')).toBe(true);
    expect(hasOnlyAllowedCharacters('bank', 'Bank 2')).toBe(false);
  });

  it('city: like names', () => {
    expect(hasOnlyAllowedCharacters('city', 'Upplands Väsby')).toBe(true);
    expect(hasOnlyAllowedCharacters('city', 'Stockholm 1')).toBe(false);
  });
});

describe('bank number helpers', () => {
  it('clearing number: 4-5 digits after removing spaces and hyphens', () => {
    expect(isValidClearingNumber('6000')).toBe(true);
    expect(isValidClearingNumber('8327-9')).toBe(true);
    expect(isValidClearingNumber('123')).toBe(false);
    expect(isValidClearingNumber('123456')).toBe(false);
  });

  it('account number: 5-15 digits after removing spaces and hyphens', () => {
    expect(isValidAccountNumber('123 456 789')).toBe(true);
    expect(isValidAccountNumber('1234')).toBe(false);
    expect(isValidAccountNumber('1'.repeat(16))).toBe(false);
  });
});

describe('validateField', () => {
  it('personal number: incorrectPN when empty or invalid', () => {
    expect(validateField('personalNumber', '')).toBe('incorrectPN');
    expect(validateField('personalNumber', '850315-1239')).toBe('incorrectPN');
    expect(validateField('personalNumber', '850315-1238')).toBeNull();
  });

  it('email: incorrectEmail when empty or invalid', () => {
    expect(validateField('email', '')).toBe('incorrectEmail');
    expect(validateField('email', 'a@b')).toBe('incorrectEmail');
    expect(validateField('email', 'a@b.se')).toBeNull();
  });

  it('required text fields: requiredField when blank or too short', () => {
    for (const f of ['firstName', 'lastName', 'address', 'city', 'bank', 'phone'] as const) {
      expect(validateField(f, '')).toBe('requiredField');
      expect(validateField(f, '   ')).toBe('requiredField');
    }
    expect(validateField('firstName', 'A')).toBe('requiredField');
    expect(validateField('firstName', 'Ål')).toBeNull();
    expect(validateField('phone', '1')).toBe('requiredField');
  });

  it('invalidCharacters for characters the field does not allow', () => {
    expect(validateField('firstName', 'Anna1')).toBe('invalidCharacters');
    expect(validateField('lastName', 'Svensson!')).toBe('invalidCharacters');
    expect(validateField('address', 'Storgatan 1 #3')).toBe('invalidCharacters');
    expect(validateField('city', 'Malmö 2')).toBe('invalidCharacters');
    expect(validateField('phone', '070-123 45 6x')).toBe('invalidCharacters');
    expect(validateField('bank', 'Bank1')).toBe('invalidCharacters');
    expect(validateField('clearingNumber', '12a4')).toBe('invalidCharacters');
    expect(validateField('accountNumber', '12.345.678')).toBe('invalidCharacters');
    expect(validateField('zipCode', '12a45')).toBe('invalidCharacters');
    expect(validateField('firstName', 'A!')).toBe('invalidCharacters');
  });

  it('zip code: requiredField when empty, incorrectZipCode for the pattern', () => {
    expect(validateField('zipCode', '')).toBe('requiredField');
    expect(validateField('zipCode', '1234')).toBe('incorrectZipCode');
    expect(validateField('zipCode', '12 345')).toBe('incorrectZipCode');
    expect(validateField('zipCode', '123 45')).toBeNull();
    expect(validateField('zipCode', '12345')).toBeNull();
  });

  it('clearing and account numbers: requiredField for a wrong digit count', () => {
    expect(validateField('clearingNumber', '123')).toBe('requiredField');
    expect(validateField('clearingNumber', '8327-9')).toBeNull();
    expect(validateField('accountNumber', '1234')).toBe('requiredField');
    expect(validateField('accountNumber', '123 456 789-0')).toBeNull();
  });

  it('accepts good values for every field', () => {
    expect(validateField('address', 'c/o Andersson, Storgatan 1')).toBeNull();
    expect(validateField('city', 'Upplands Väsby')).toBeNull();
    expect(validateField('phone', '+46 70-123 45 67')).toBeNull();
    expect(validateField('bank', 'Swedbank')).toBeNull();
    expect(validateField('lastName', 'Öberg-Lindqvist')).toBeNull();
  });
});

describe('personalNumberSchema', () => {
  it('transforms to 12 digits', () => {
    expect(personalNumberSchema.parse('850315-1238')).toBe('198503151238');
    expect(personalNumberSchema.parse('0906013453')).toBe('200906013453');
    expect(personalNumberSchema.parse('201203044563')).toBe('201203044563');
  });

  it("fails with 'invalidPersonalNumber'", () => {
    expect(messagesOf(personalNumberSchema.safeParse('198503151239'))).toEqual(['invalidPersonalNumber']);
    expect(messagesOf(personalNumberSchema.safeParse(''))).toEqual(['invalidPersonalNumber']);
    expect(messagesOf(personalNumberSchema.safeParse(198503151238))).toEqual(['invalidPersonalNumber']);
    expect(messagesOf(personalNumberSchema.safeParse(undefined))).toEqual(['invalidPersonalNumber']);
    expect(messagesOf(personalNumberSchema.safeParse('1'.repeat(100)))).toEqual(['invalidPersonalNumber']);
  });
});

describe('emailSchema', () => {
  it('trims', () => {
    expect(emailSchema.parse('  a@b.se ')).toBe('a@b.se');
  });

  it("fails with 'invalidEmail'", () => {
    expect(messagesOf(emailSchema.safeParse('a@b'))).toEqual(['invalidEmail']);
    expect(messagesOf(emailSchema.safeParse(''))).toEqual(['invalidEmail']);
    expect(messagesOf(emailSchema.safeParse(null))).toContain('invalidEmail');
    expect(messagesOf(emailSchema.safeParse(`${'a'.repeat(260)}@b.se`))).toContain('invalidEmail');
  });
});

describe('requiredTextSchema / zipCodeSchema', () => {
  it('trims and accepts valid text', () => {
    expect(requiredTextSchema('name').parse(' Åsa ')).toBe('Åsa');
    expect(requiredTextSchema('address').parse('c/o Berg, Storgatan 1')).toBe('c/o Berg, Storgatan 1');
  });

  it("fails with 'invalidState'", () => {
    expect(messagesOf(requiredTextSchema('name').safeParse('A'))).toEqual(['invalidState']);
    expect(messagesOf(requiredTextSchema('name').safeParse('Anna1'))).toEqual(['invalidState']);
    expect(messagesOf(requiredTextSchema('phone').safeParse('phone'))).toEqual(['invalidState']);
    expect(messagesOf(requiredTextSchema('name').safeParse(42))).toEqual(['invalidState']);
    expect(messagesOf(requiredTextSchema('name').safeParse('a'.repeat(101)))).toContain('invalidState');
  });

  it('zip code', () => {
    expect(zipCodeSchema.parse(' 123 45 ')).toBe('123 45');
    expect(zipCodeSchema.parse('12345')).toBe('12345');
    expect(messagesOf(zipCodeSchema.safeParse('1234'))).toEqual(['invalidState']);
  });
});

describe('personSchema', () => {
  const person = { firstName: 'Åsa', lastName: 'Öberg', email: 'asa@example.se' };

  it('needs only names and e-mail', () => {
    expect(personSchema.parse(person)).toEqual(person);
  });

  it('normalises, trims and strips unknown keys', () => {
    const out = personSchema.parse({
      ...person,
      firstName: ' Åsa ',
      email: ' asa@example.se ',
      personalNumber: '850315-1238',
      phone: '070-123 45 67',
      address: 'c/o Berg, Storgatan 1',
      zipCode: '123 45',
      city: 'Stockholm',
      isMember: true,
      personId: 'p1',
    });
    expect(out).toEqual({
      ...person,
      personalNumber: '198503151238',
      phone: '070-123 45 67',
      address: 'c/o Berg, Storgatan 1',
      zipCode: '123 45',
      city: 'Stockholm',
    });
  });

  it('treats blank and null optional fields as absent', () => {
    const out = personSchema.parse({
      ...person,
      phone: '',
      address: '  ',
      zipCode: null,
      personalNumber: '',
    });
    expect(out.phone).toBeUndefined();
    expect(out.address).toBeUndefined();
    expect(out.zipCode).toBeUndefined();
    expect(out.personalNumber).toBeUndefined();
  });

  it('validates optional fields when present', () => {
    expect(messagesOf(personSchema.safeParse({ ...person, zipCode: '1234' }))).toEqual(['invalidState']);
    expect(messagesOf(personSchema.safeParse({ ...person, city: 'X' }))).toEqual(['invalidState']);
    expect(messagesOf(personSchema.safeParse({ ...person, phone: 42 }))).toEqual(['invalidState']);
    expect(messagesOf(personSchema.safeParse({ ...person, personalNumber: '850315-1239' }))).toEqual([
      'invalidPersonalNumber',
    ]);
  });

  it('reports the contract error ids', () => {
    const bad = personSchema.safeParse({ firstName: 'A', lastName: 'Berg', email: 'nope' });
    expect(messagesOf(bad)).toEqual(['invalidState', 'invalidEmail']);
    expect(validationErrorId(bad.error!)).toBe('invalidEmail');

    const badPn = personSchema.safeParse({ ...person, email: 'x', personalNumber: '1' });
    expect(validationErrorId(badPn.error!)).toBe('invalidPersonalNumber');

    const missing = personSchema.safeParse({ email: 'a@b.se' });
    expect(messagesOf(missing)).toEqual(['invalidState', 'invalidState']);
    expect(validationErrorId(missing.error!)).toBe('invalidState');

    expect(validationErrorId(personSchema.safeParse('nope').error!)).toBe('invalidState');
  });
});

describe('accountInfoSchema', () => {
  it('keeps digits only', () => {
    expect(
      accountInfoSchema.parse({ bank: 'Swedbank', clearingNumber: '8327-9', accountNumber: '123 456 789-7' }),
    ).toEqual({ bank: 'Swedbank', clearingNumber: '83279', accountNumber: '1234567897' });
  });

  it('refuses what the bank would refuse, with the same invalidState (issue 28)', () => {
    // a wrong check digit, a wrong Swedbank 5th clearing digit, a clearing number no bank has
    expect(
      messagesOf(
        accountInfoSchema.safeParse({
          bank: 'Swedbank',
          clearingNumber: '8327-9',
          accountNumber: '123 456 789-0',
        }),
      ),
    ).toEqual(['invalidState']);
    expect(
      messagesOf(
        accountInfoSchema.safeParse({
          bank: 'Swedbank',
          clearingNumber: '8327-1',
          accountNumber: '123 456 789-7',
        }),
      ),
    ).toEqual(['invalidState']);
    expect(
      messagesOf(
        accountInfoSchema.safeParse({ bank: 'X', clearingNumber: '9999', accountNumber: '1234567' }),
      ),
    ).toEqual(['invalidState']);
    // 15 digits: no Swedish account has them, and TK04 holds 12
    expect(
      messagesOf(
        accountInfoSchema.safeParse({
          bank: 'Swedbank',
          clearingNumber: '8327-9',
          accountNumber: '123456789012345',
        }),
      ),
    ).toEqual(['invalidState']);
  });

  it('a Nordea personkonto typed with the century is stored as the 10 digits the bank knows', () => {
    expect(
      accountInfoSchema.parse({ bank: 'Nordea', clearingNumber: '3300', accountNumber: '19850505-5551' }),
    ).toEqual({ bank: 'Nordea', clearingNumber: '3300', accountNumber: '8505055551' });
  });

  it("fails with 'invalidState'", () => {
    const ok = { bank: 'Nordea', clearingNumber: '3300', accountNumber: '8503151238' };
    expect(accountInfoSchema.safeParse(ok).success).toBe(true);
    expect(messagesOf(accountInfoSchema.safeParse({ ...ok, clearingNumber: '123' }))).toEqual([
      'invalidState',
    ]);
    expect(messagesOf(accountInfoSchema.safeParse({ ...ok, clearingNumber: '123456' }))).toEqual([
      'invalidState',
    ]);
    expect(messagesOf(accountInfoSchema.safeParse({ ...ok, accountNumber: '1234' }))).toEqual([
      'invalidState',
    ]);
    expect(messagesOf(accountInfoSchema.safeParse({ ...ok, accountNumber: '1'.repeat(16) }))).toEqual([
      'invalidState',
    ]);
    expect(messagesOf(accountInfoSchema.safeParse({ ...ok, accountNumber: '12.345.678' }))).toEqual([
      'invalidState',
    ]);
    expect(messagesOf(accountInfoSchema.safeParse({ ...ok, bank: 'B' }))).toEqual(['invalidState']);
    expect(messagesOf(accountInfoSchema.safeParse({ ...ok, bank: undefined }))).toEqual(['invalidState']);
  });
});
