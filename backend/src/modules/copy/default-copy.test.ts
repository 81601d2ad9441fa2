import { describe, it, expect } from 'vitest';
import { CONCERT_COPY_VARIABLES, COPY_VARIABLES } from '@concert/shared/universal';
import { copyVariablesIn, substituteCopy } from '@concert/shared/universal';
import { ERROR_IDS, errorMessageKey, type CopyKey } from '@concert/shared/universal';
import { COPY_KEYS } from '@concert/shared/copy-keys';
import { DEFAULT_COPY, RUNTIME_COPY_VARIABLES, type CopyEntry } from './default-copy.js';

const entries = Object.entries(DEFAULT_COPY) as [string, CopyEntry][];
const texts = entries.flatMap(([key, entry]) => [
  { key, lang: 'sv' as const, text: entry.sv },
  { key, lang: 'en' as const, text: entry.en },
]);

const known = new Set<string>([
  ...Object.keys(COPY_VARIABLES.sv),
  ...Object.keys(COPY_VARIABLES.en),
  ...RUNTIME_COPY_VARIABLES,
  ...CONCERT_COPY_VARIABLES,
]);

/** Every error id the API answers with, except the sign-in refusals, which have admin.login.errors.* texts. */
const PAGE_ERROR_IDS = ERROR_IDS.filter((id) => id !== 'unauthorized_domain' && id !== 'not_copy_admin');

const get = (key: CopyKey): CopyEntry => DEFAULT_COPY[key];

describe('DEFAULT_COPY', () => {
  it('has a non-empty Swedish and English text for every entry', () => {
    for (const { key, lang, text } of texts) {
      expect(typeof text, `${key}.${lang}`).toBe('string');
      expect(text.trim(), `${key}.${lang}`).not.toBe('');
      expect(text, `${key}.${lang} has surrounding whitespace`).toBe(text.trim());
    }
  });

  it('uses dotted camelCase keys with at least two parts', () => {
    for (const [key] of entries) {
      expect(key).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/);
    }
  });

  it('has exactly the copy keys the code may use (COPY_KEYS, which types t())', () => {
    expect(Object.keys(DEFAULT_COPY).sort()).toEqual([...COPY_KEYS].sort());
    expect(new Set(COPY_KEYS).size).toBe(COPY_KEYS.length);
  });

  it('covers every visible section of the product', () => {
    const sections = new Set(entries.map(([key]) => key.split('.')[0]));
    for (const section of [
      'shell',
      'countdown',
      'start',
      'instructions',
      'memberCheck',
      'validation',
      'becomeMember',
      'newDonationAmount',
      'autoAddBank',
      'addAutoGiro',
      'bankId',
      'checkCard',
      'gotToken',
      'underAge',
      'specialCases',
      'toQueue',
      'inQueue',
      'news',
      'contact',
      'faq',
      'error',
      'admin',
      'copyEditor',
      'email',
    ]) {
      expect(sections, section).toContain(section);
    }
  });

  it("only uses variables from COPY_VARIABLES, the concert's or RUNTIME_COPY_VARIABLES", () => {
    const unknown = texts.flatMap(({ key, lang, text }) =>
      copyVariablesIn(text)
        .filter((name) => !known.has(name))
        .map((name) => `${key}.${lang}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('has no broken variable braces', () => {
    for (const { key, lang, text } of texts) {
      const stripped = text.replace(/\{\{\s*[A-Za-z][A-Za-z0-9_]*\s*\}\}/g, '');
      expect(stripped, `${key}.${lang}`).not.toMatch(/[{}]/);
    }
  });

  it('uses the same variables in Swedish and English', () => {
    for (const [key, entry] of entries) {
      const sv = [...new Set(copyVariablesIn(entry.sv))].sort();
      const en = [...new Set(copyVariablesIn(entry.en))].sort();
      expect(en, key).toEqual(sv);
    }
  });

  it('lists only runtime variables that are used and that do not shadow constants', () => {
    const used = new Set(texts.flatMap(({ text }) => copyVariablesIn(text)));
    for (const name of RUNTIME_COPY_VARIABLES) {
      expect(used, name).toContain(name);
      expect(Object.keys(COPY_VARIABLES.sv), name).not.toContain(name);
    }
    expect(new Set(RUNTIME_COPY_VARIABLES).size).toBe(RUNTIME_COPY_VARIABLES.length);
  });

  it('writes no literal numbers: every amount, date, time and age comes from a variable', () => {
    for (const { key, lang, text } of texts) {
      const stripped = text.replace(/\{\{\s*[A-Za-z][A-Za-z0-9_]*\s*\}\}/g, '');
      expect(stripped, `${key}.${lang}`).not.toMatch(/\d{2,}/);
      expect(stripped, `${key}.${lang}`).not.toMatch(/\d/);
    }
  });

  it('writes no currency amounts, times or e-mail addresses literally', () => {
    for (const { key, lang, text } of texts) {
      expect(text, `${key}.${lang}`).not.toMatch(/(?<!\p{L})(kr|sek|kronor)(?!\p{L})/iu);
      expect(text, `${key}.${lang}`).not.toMatch(/[\w.-]+@[\w-]+\.\w+/);
      for (const value of Object.values(COPY_VARIABLES[lang])) {
        if (value.length >= 4) expect(text, `${key}.${lang} contains "${value}"`).not.toContain(value);
      }
    }
  });

  it('is plain text: no markdown or HTML', () => {
    for (const { key, lang, text } of texts) {
      expect(text, `${key}.${lang}`).not.toContain('**');
      expect(text, `${key}.${lang}`).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(text, `${key}.${lang}`).not.toMatch(/\n{3,}/);
    }
  });

  it('has a message for every error id of SPEC §8 and of the API', () => {
    const missing = PAGE_ERROR_IDS.filter((id) => !(errorMessageKey(id) in DEFAULT_COPY));
    expect(missing).toEqual([]);
  });

  it('shows a generic "something went wrong" for invalidTicketSession, noTicketId and internal', () => {
    const generic = get('error.messages.internal');
    expect(generic.sv).toMatch(/Något gick fel/);
    expect(generic.en).toMatch(/Something went wrong/);
    expect(get('error.messages.invalidTicketSession')).toEqual(generic);
    expect(get('error.messages.noTicketId')).toEqual(generic);
  });

  it('uses the same text for both spellings of bankIdFailed', () => {
    expect(get('error.messages.bankIDFailed')).toEqual(get('error.messages.bankIdFailed'));
  });

  it('keeps the exact Swedish texts of the old product', () => {
    expect(get('shell.timeIsUp.title').sv).toBe('Tiden tog visst slut');
    expect(get('validation.incorrectPN').sv).toBe('Ogiltigt personnummer');
    expect(get('validation.incorrectEmail').sv).toBe('Ogiltig E-post');
    expect(get('validation.requiredField').sv).toBe('Fältet måste fyllas i');
    expect(get('validation.incorrectZipCode').sv).toBe('Ogiltigt postnummer');
  });

  it('keeps the exact English admin login errors', () => {
    expect(get('admin.login.errors.unauthorizedDomain').en).toBe(
      'You do not have permission to access this page',
    );
    expect(get('admin.login.errors.notCopyAdmin').en).toBe(
      'You do not have permission to edit the copy function',
    );
  });

  it('shows the other language on the language toggle', () => {
    expect(get('shell.header.switchLanguage')).toEqual({ sv: 'English', en: 'Svenska' });
  });

  it('uses the agreed variables in the key texts', () => {
    const uses = (key: CopyKey, ...names: string[]) => {
      for (const lang of ['sv', 'en'] as const) {
        const vars = copyVariablesIn(get(key)[lang]);
        for (const name of names) expect(vars, `${key}.${lang}`).toContain(name);
      }
    };
    uses('shell.header.date', 'concertDate');
    uses('shell.header.logo', 'orgName');
    uses('shell.header.countdown', 'minutes', 'seconds');
    uses('start.intro.done', 'phoneOrderUntil', 'supportPhone');
    uses('memberCheck.guardianNote', 'guardianAge');
    uses('memberCheck.underAgePN', 'minAge');
    uses('error.support', 'supportEmail', 'supportPhone', 'supportHours');
    uses('error.unknownMessage', 'id');
    uses('copyEditor.unknownVariable', 'id');
    uses('newDonationAmount.greeting', 'firstName', 'currentAmount');
    uses('newDonationAmount.requiredRaise', 'minRaise');
    uses('newDonationAmount.monthlyTotal', 'monthlyTotal');
    uses('newDonationAmount.increase', 'donationStep');
    uses('newDonationAmount.decrease', 'donationStep');
    uses('gotToken.title', 'firstName');
    uses('gotToken.sent', 'email');
    uses('gotToken.ticketCode', 'ticketEmailDate', 'admission');
    uses('gotToken.support', 'supportEmail', 'supportPhone');
    uses('inQueue.body', 'email');
    uses('admin.scan.success', 'firstName');
    uses('admin.scan.alreadyScanned', 'scannedAt');
    uses('faq.fee.answer', 'admission');
    uses('admission.seller', 'sellerName', 'sellerFee');
    uses('faq.ticketEmail.answer', 'ticketEmailDate');
    uses('faq.raiseDonation.answer', 'minRaise');
    uses('faq.ageLimit.answer', 'minAge');
    uses('faq.date.answer', 'concertDate');
    uses('faq.venue.answer', 'venue');
  });

  it('has at least eight FAQ question/answer pairs', () => {
    const questions = entries.filter(([key]) => /^faq\.[a-zA-Z]+\.question$/.test(key)).map(([key]) => key);
    expect(questions.length).toBeGreaterThanOrEqual(8);
    for (const q of questions) expect(q.replace(/question$/, 'answer') in DEFAULT_COPY, q).toBe(true);
  });

  it("holds BankID's current recommended messages word for word, one key per RFA, and no withdrawn one", () => {
    // developers.bankid.com's user messages as of 2023 (RFA14 withdrawn, RFA15 split into A/B).
    const rfa: Record<string, [string, string]> = {
      rfa1: ['Starta BankID-appen.', 'Start your BankID app.'],
      rfa3: ['Åtgärden avbröts. Försök igen.', 'The action was cancelled. Please try again.'],
      rfa4: [
        'En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.',
        'An identification or signature is already in progress for your personal identity number. Please try again.',
      ],
      rfa5: ['Något gick fel. Försök igen.', 'Something went wrong. Please try again.'],
      rfa6: ['Åtgärden avbröts.', 'The action was cancelled.'],
      rfa8: [
        'BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Försök sedan igen.',
        "The BankID app is not responding. Please check that it's started and that you have internet access. Try again.",
      ],
      rfa9: [
        'Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.',
        'Enter your security code in the BankID app and select Identify or Sign.',
      ],
      rfa13: ['Försöker starta BankID-appen.', 'Trying to start your BankID app.'],
      rfa15A: [
        'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här datorn. Om du har ett BankID på kort, sätt in kortet i kortläsaren.',
        'Searching for BankID. Make sure you have a valid BankID on this computer. If you have a BankID on card, please insert the card into your card reader.',
      ],
      rfa15B: [
        'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här enheten.',
        'Searching for BankID. Make sure you have a valid BankID on this device.',
      ],
      rfa16: [
        'Ditt BankID är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.',
        'Your BankID is blocked or too old. Please use another BankID or get a new one from your bank.',
      ],
      rfa17A: [
        'Du verkar inte ha BankID-appen/programmet. Installera den och skaffa ett BankID hos din bank.',
        "You don't seem to have the BankID app/program. Please install it and get a BankID from your bank.",
      ],
      rfa17B: [
        'Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden.',
        'Failed to scan the QR code. Start the BankID app and scan the QR code.',
      ],
      rfa19: [
        'Vill du använda BankID på den här datorn eller ett Mobilt BankID?',
        'Would you like to use BankID on this computer, or a Mobile BankID?',
      ],
      rfa20: [
        'Vill du använda BankID på den här enheten eller på en annan enhet?',
        'Do you want to use BankID on this device or another device?',
      ],
      rfa21: ['En identifiering eller underskrift pågår.', 'An identification or signing is in progress.'],
      rfa22: ['Något gick fel. Försök igen.', 'Something went wrong. Please try again.'],
      rfa23: [
        'Fotografera och läs av din ID-handling med BankID-appen.',
        'Take a photo of, and scan, your ID document with the BankID app.',
      ],
    };
    const seeded = Object.fromEntries(
      entries.filter(([key]) => /^bankId\.rfa/.test(key)).map(([key, { sv, en }]) => [key, [sv, en]]),
    );
    expect(seeded).toEqual(
      Object.fromEntries(Object.entries(rfa).map(([n, texts]) => [`bankId.${n}`, texts])),
    );
    // The withdrawn RFA14 and the old paraphrases are gone, under any key.
    for (const { key, text } of texts) {
      expect(text, key).not.toMatch(
        /det kan ta en liten stund|it may take a little while|Okänt fel|Internt tekniskt fel/,
      );
    }
  });

  it('has texts for the bank-account messages', () => {
    for (const message of [
      'bankIdFailedActiveSession',
      'sessionExpired',
      'noAccountsFound',
      'technicalProblems',
      'authenticationProblem',
      'unknownProblem',
      'bankIdStartingError',
      'internalError',
    ]) {
      expect(`autoAddBank.messages.${message}` in DEFAULT_COPY, message).toBe(true);
    }
  });

  it("renders with the constants, the concert's and runtime values without leftover variables", () => {
    const runtime = Object.fromEntries(
      [...RUNTIME_COPY_VARIABLES, ...CONCERT_COPY_VARIABLES].map((name) => [name, `<${name}>`]),
    );
    for (const { key, lang, text } of texts) {
      expect(substituteCopy(text, lang, runtime), `${key}.${lang}`).not.toMatch(/\{\{|\}\}/);
    }
    expect(substituteCopy(get('start.intro.done').sv, 'sv')).toContain(COPY_VARIABLES.sv.supportPhone!);
  });
});
