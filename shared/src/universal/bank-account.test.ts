import { describe, expect, it } from 'vitest';
import { autogiroAccount } from './bank-account.js';
import { validateBankAccount } from './validation.js';

/** Accounts as the TK04 carries them: clearing (4) + account (12, zero-padded) = positions 29–44. */
const tk04 = (clearing: string, account: string) => {
  const a = autogiroAccount(clearing, account);
  return a ? a.clearingNumber + a.accountNumber.padStart(12, '0') : null;
};

describe('an account as Autogiro takes it', () => {
  it('a Nordea personkonto typed as 12 digits is the 10-digit number (issue 28: 3300008505055551)', () => {
    expect(tk04('3300', '198505055551')).toBe('3300008505055551');
    expect(tk04('3300', '850505-5551')).toBe('3300008505055551');
    expect(tk04('3300', '198505055552')).toBeNull(); // the personal number's check digit is the account's
  });

  it('Swedbank: the 5th clearing digit is checked, then left out of the TK04', () => {
    expect(tk04('8327-9', '123 456 789-7')).toBe('8327001234567897');
    expect(tk04('83279', '1234567897')).toBe('8327001234567897');
    expect(tk04('8327-1', '1234567897')).toBeNull();
  });

  it('refuses a wrong check digit, an unknown clearing number and what TK04 cannot carry', () => {
    expect(tk04('8327-9', '1234567890')).toBeNull();
    expect(tk04('9999', '1234567')).toBeNull();
    expect(tk04('12345', '1234567')).toBeNull(); // 5 digits not starting with 8
    expect(tk04('8327-9', '123456789012345')).toBeNull(); // 15 digits
    expect(tk04('', '')).toBeNull();
  });

  it('type 1 accounts (clearing + 7 digits) and Handelsbanken (9 digits) fit', () => {
    expect(tk04('5001', '1000023')).toBe('5001000001000023'); // Bankgirot's example (SEB)
    expect(tk04('6000', '123456789')).toBe('6000000123456789');
  });

  it('the form says incorrectBankAccount only once both numbers look complete', () => {
    expect(validateBankAccount('8327-9', '123 456 789-0')).toBe('incorrectBankAccount');
    expect(validateBankAccount('8327-9', '123 456 789-7')).toBeNull();
    expect(validateBankAccount('83', '123 456 789-0')).toBeNull(); // the clearing field has its own message
  });
});
