import { describe, expect, it } from 'vitest';
import { bankgiroText, dateText, signText, type AutogiroTerms } from './user-visible-data.js';

const account = { clearingNumber: '8327-9', accountNumber: '123 456 789-0', bankName: 'Swedbank' };
const terms: AutogiroTerms = {
  orgName: 'Föreningen',
  bankgiro: '9912346',
  drawDay: 28,
  firstDrawDate: '2026-12-28',
  supportEmail: 'medlem@org.example',
  supportPhone: '08-123 456 00',
};
const payer = { name: 'Erik Holm', personalNumber: '199001012344' };

describe('signText', () => {
  it('is the whole mandate in Swedish: payee and bankgiro, payer and personal number, account, amount, draw day, first draw, until further notice, how to cancel', () => {
    const text = signText({ lang: 'sv', terms, payer, monthlyAmount: 1200, account, signType: 'new' });
    expect(text).toMatch(/^# Autogiromedgivande\n\n/);
    expect(text).toContain('Jag, *Erik Holm* (19900101-2344), blir månadsgivare hos *Föreningen*');
    expect(text).toContain('*1\u00a0200 kr per månad*');
    expect(text).toContain('+ Bankgironummer: 991-2346');
    expect(text).toContain('+ Bank: Swedbank');
    expect(text).toContain('+ Clearingnummer: 8327-9');
    expect(text).toContain('+ Kontonummer: 123 456 789-0');
    expect(text).toContain('+ Dragningsdag: den 28 i varje månad');
    expect(text).toContain('+ Första dragningen: 28 december 2026');
    expect(text).toContain('+ Gäller tills vidare');
    expect(text).toContain('Medgivande till betalning via Autogiro');
    expect(text).toContain('## Ändra eller säga upp');
    expect(text).toContain(
      'kontakta Föreningen (medlem@org.example, 08-123 456 00) senast fem bankdagar före dragningsdagen',
    );
  });

  it('states the same in English', () => {
    const text = signText({
      lang: 'en',
      terms: { ...terms, orgName: 'The Society' },
      payer,
      monthlyAmount: 150,
      account,
      signType: 'new',
    });
    expect(text).toContain('I, *Erik Holm* (19900101-2344), become a monthly donor to *The Society*');
    expect(text).toContain('*SEK 150 per month*');
    expect(text).toContain('+ Bankgiro number: 991-2346');
    expect(text).toContain('+ Clearing number: 8327-9');
    expect(text).toContain('+ Account number: 123 456 789-0');
    expect(text).toContain('+ Debit day: day 28 of every month');
    expect(text).toContain('+ First debit: 28 December 2026');
    expect(text).toContain('Autogiro mandate');
    expect(text).toContain('## Change or cancel');
  });

  it('states the raise and the new monthly total; without an account it keeps the existing mandate’s', () => {
    const text = signText({ lang: 'sv', terms, payer, monthlyAmount: 275, raise: 75, signType: 'raise' });
    expect(text).toContain('med *75 kr* till *275 kr per månad*');
    expect(text).toContain('nuvarande autogiromedgivande');
    expect(text).toContain('Det nya beloppet dras första gången: 28 december 2026');
    const withAccount = signText({
      lang: 'en',
      terms,
      payer,
      monthlyAmount: 275,
      raise: 75,
      account,
      signType: 'raise',
    });
    expect(withAccount).toContain('+ Account number: 123 456 789-0');
  });

  it('keeps outside text from starting formatting', () => {
    const text = signText({
      lang: 'en',
      terms: { ...terms, orgName: 'Evil *Org*\n# Heading' },
      payer: { ...payer, name: 'Eve\n## Hi' },
      monthlyAmount: 150,
      account: { ...account, bankName: 'Bank\n+ item' },
      signType: 'new',
    });
    expect(text).toContain('*Evil \\*Org\\* # Heading*');
    expect(text).toContain('*Eve ## Hi*');
    expect(text).toContain('+ Bank: Bank + item');
    // our own headings only: the title and four sections
    expect(text.split('\n').filter((l) => l.startsWith('#'))).toHaveLength(5);
  });

  it('refuses a new mandate without an account, amounts that are not whole kronor, and a draw day not in every month', () => {
    expect(() => signText({ lang: 'sv', terms, payer, monthlyAmount: 150, signType: 'new' })).toThrow(
      RangeError,
    );
    expect(() => signText({ lang: 'sv', terms, payer, monthlyAmount: 150, signType: 'raise' })).toThrow(
      RangeError,
    );
    expect(() => signText({ lang: 'sv', terms, payer, monthlyAmount: 0, account, signType: 'new' })).toThrow(
      RangeError,
    );
    expect(() =>
      signText({ lang: 'sv', terms, payer, monthlyAmount: 150.5, account, signType: 'new' }),
    ).toThrow(RangeError);
    expect(() =>
      signText({
        lang: 'sv',
        terms: { ...terms, drawDay: 31 },
        payer,
        monthlyAmount: 150,
        account,
        signType: 'new',
      }),
    ).toThrow(RangeError);
  });

  it('writes bankgiro numbers and dates the way Swedes read them', () => {
    expect(bankgiroText('9912346')).toBe('991-2346');
    expect(bankgiroText('0050501055')).toBe('5050-1055');
    expect(dateText('sv', '2027-03-01')).toBe('1 mars 2027');
    expect(dateText('en', '2027-03-01')).toBe('1 March 2027');
  });
});
