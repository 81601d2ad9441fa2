import { describe, expect, it } from 'vitest';
import { signText } from './user-visible-data.js';

const account = { clearingNumber: '8327-9', accountNumber: '123 456 789-0', bankName: 'Swedbank' };

describe('signText', () => {
  it('states organisation, monthly amount, the full account and the autogiro mandate (sv)', () => {
    const text = signText({ lang: 'sv', orgName: 'Föreningen', monthlyAmount: 1200, account, signType: 'new' });
    expect(text).toMatch(/^# Autogiromedgivande\n\n/);
    expect(text).toContain('*Föreningen*');
    expect(text).toContain('*1\u00a0200 kr per månad*');
    expect(text).toContain('+ Bank: Swedbank');
    expect(text).toContain('+ Clearingnummer: 8327-9');
    expect(text).toContain('+ Kontonummer: 123 456 789-0');
    expect(text).toContain('Medgivande till betalning via Autogiro');
  });

  it('states the same in English', () => {
    const text = signText({ lang: 'en', orgName: 'The Society', monthlyAmount: 150, account, signType: 'new' });
    expect(text).toContain('*SEK 150 per month*');
    expect(text).toContain('+ Clearing number: 8327-9');
    expect(text).toContain('+ Account number: 123 456 789-0');
    expect(text).toContain('Autogiro mandate');
  });

  it('states the raise and the new monthly total; without an account it keeps the existing mandate’s', () => {
    const text = signText({ lang: 'sv', orgName: 'Föreningen', monthlyAmount: 275, raise: 75, signType: 'raise' });
    expect(text).toContain('med *75 kr* till *275 kr per månad*');
    expect(text).toContain('nuvarande autogiromedgivande');
    const withAccount = signText({ lang: 'en', orgName: 'X', monthlyAmount: 275, raise: 75, account, signType: 'raise' });
    expect(withAccount).toContain('+ Account number: 123 456 789-0');
  });

  it('keeps outside text from starting formatting', () => {
    const text = signText({ lang: 'en', orgName: 'Evil *Org*\n# Heading', monthlyAmount: 150, account: { ...account, bankName: 'Bank\n+ item' }, signType: 'new' });
    expect(text).toContain('*Evil \\*Org\\* # Heading*');
    expect(text).toContain('+ Bank: Bank + item');
    expect(text.split('\n').filter((l) => l.startsWith('#'))).toHaveLength(2);
  });

  it('refuses a new mandate without an account and amounts that are not whole kronor', () => {
    expect(() => signText({ lang: 'sv', orgName: 'X', monthlyAmount: 150, signType: 'new' })).toThrow(RangeError);
    expect(() => signText({ lang: 'sv', orgName: 'X', monthlyAmount: 150, signType: 'raise' })).toThrow(RangeError);
    expect(() => signText({ lang: 'sv', orgName: 'X', monthlyAmount: 0, account, signType: 'new' })).toThrow(RangeError);
    expect(() => signText({ lang: 'sv', orgName: 'X', monthlyAmount: 150.5, account, signType: 'new' })).toThrow(RangeError);
  });
});
