/**
 * A Swedish bank account as Autogiro takes it: checked the way the banks check it (Bankgirot's
 * "Bankernas kontonummeruppbyggnad", as the `kontonummer` library implements it: clearing number
 * ranges, account types and check digits, Swedbank's 5th clearing digit included), then shaped
 * for the TK04 record: a 4-digit clearing number and an account number of at most 12 digits.
 * One definition for the sign-up form, the API's schema and the mandate file writer.
 */
import { parse } from 'kontonummer';

/** Nordea's personal accounts (personkonto): the account number is the holder's personal number, 10 digits. */
const NORDEA_PERSONKONTO = new Set(['3300', '3782']);

export interface AutogiroAccount {
  /** 4 digits: Swedbank's 5th (check) digit is checked, then left out. */
  clearingNumber: string;
  /** Digits only, at most 12 (TK04 positions 33–44). */
  accountNumber: string;
  bankName: string;
}

/** Digits of a clearing or account number as typed (spaces, hyphens and other separators dropped). */
const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * The account as the TK04 carries it, or null when the bank would refuse it or the record cannot
 * carry it. A Nordea personkonto typed with the century (12 digits, 198505055551) is the 10-digit
 * number the bank knows (8505055551).
 */
export function autogiroAccount(clearingNumber: string, accountNumber: string): AutogiroAccount | null {
  const clearing = digitsOf(clearingNumber);
  let account = digitsOf(accountNumber);
  if (clearing.length < 4 || clearing.length > 5 || account.length === 0 || account.length > 15) return null;
  if (NORDEA_PERSONKONTO.has(clearing) && account.length === 12 && /^(19|20)/.test(account))
    account = account.slice(2);
  let parsed;
  try {
    parsed = parse(clearing, account, { mode: 'strict' });
  } catch {
    return null;
  }
  const tk04Clearing = parsed.sortingCode.slice(0, 4);
  const tk04Account = digitsOf(parsed.accountNumber);
  if (tk04Clearing.length !== 4 || tk04Account.length === 0 || tk04Account.length > 12) return null;
  return { clearingNumber: tk04Clearing, accountNumber: tk04Account, bankName: parsed.bankName };
}

export const isAutogiroAccount = (clearingNumber: string, accountNumber: string) =>
  autogiroAccount(clearingNumber, accountNumber) !== null;
