/**
 * Made-up but well-formed Swedish bank accounts for the simulator: clearing numbers from each
 * bank's real series and account numbers with valid check digits (Bankgirot's "Bankernas
 * kontonummeruppbyggnad"), so anything that validates them later accepts demo data too.
 * Deterministic per personal number and bank: the same visitor sees the same accounts again.
 */
import { createHash } from 'node:crypto';
import type { BankCode } from '@concert/shared/validation';
import type { AutogiroCompatible } from './protocol.js';

export interface DemoAccount {
  name: string;
  type: string;
  clearingNumber: string;
  accountNumber: string;
  autogiroCompatible: AutogiroCompatible;
}

/**
 * How a bank builds its account numbers:
 * - `type1-short`: 7 digits; mod 11 over the clearing number's last 3 digits + the account;
 * - `type1-full`: 7 digits; mod 11 over all 4 clearing digits + the account;
 * - `handelsbanken`: 9 digits; mod 11 over the account alone;
 * - `mod10`: 10 digits; mod 10 over the account alone;
 * - `swedbank-8`: 5-digit clearing `8xxx-x` with its own mod 10 digit; 10-digit account, mod 10.
 */
type NumberingRule = 'type1-short' | 'type1-full' | 'handelsbanken' | 'mod10' | 'swedbank-8';

const NUMBERING: Record<BankCode, { clearing: [from: number, to: number]; rule: NumberingRule }> = {
  OEB: { clearing: [1200, 1399], rule: 'type1-short' },
  SHB: { clearing: [6000, 6999], rule: 'handelsbanken' },
  ICA: { clearing: [9270, 9279], rule: 'type1-short' },
  LFB: { clearing: [3400, 3409], rule: 'type1-short' },
  // 3300 is Nordea's personkonto, whose number is the personal number itself: kept out.
  NB: { clearing: [3000, 3299], rule: 'type1-short' },
  SEB: { clearing: [5000, 5999], rule: 'type1-short' },
  SKB: { clearing: [9150, 9169], rule: 'type1-full' },
  SYD: { clearing: [9570, 9579], rule: 'mod10' },
  FSPA: { clearing: [8000, 8999], rule: 'swedbank-8' },
  FSPASB: { clearing: [8000, 8999], rule: 'swedbank-8' },
};

/** Two accounts the bank will debit by autogiro and one it will not, as real retrievals often show. */
const ACCOUNT_KINDS = [
  { name: 'Lönekonto', type: 'Transaction', autogiroCompatible: 'Approved' },
  { name: 'Sparkonto', type: 'Savings', autogiroCompatible: 'Approved' },
  { name: 'ISK – investeringssparkonto', type: 'Investment', autogiroCompatible: 'Unapproved' },
] as const;

export function demoAccountsFor(personalNumber: string, bank: BankCode): DemoAccount[] {
  const { clearing, rule } = NUMBERING[bank];
  const branch = clearingIn(clearing, `${personalNumber}:${bank}:clearing`);
  return ACCOUNT_KINDS.map((kind, i) => ({
    ...kind,
    ...accountAt(branch, rule, `${personalNumber}:${bank}:${i}`),
  }));
}

function clearingIn([from, to]: [number, number], seed: string): string {
  return String(from + (Number.parseInt(sha256(seed).slice(0, 8), 16) % (to - from + 1)));
}

function accountAt(
  clearing: string,
  rule: NumberingRule,
  seed: string,
): { clearingNumber: string; accountNumber: string } {
  // A serial whose check digit would be 10 has no valid number: the next attempt draws another.
  for (let attempt = 0; ; attempt++) {
    const serial = (length: number) => digitsFrom(`${seed}:${attempt}`, length);
    switch (rule) {
      case 'type1-short':
      case 'type1-full': {
        const account = serial(6);
        const covered = (rule === 'type1-short' ? clearing.slice(1) : clearing) + account;
        const check = mod11CheckDigit(covered);
        if (check !== undefined) return { clearingNumber: clearing, accountNumber: account + check };
        break;
      }
      case 'handelsbanken': {
        const account = serial(8);
        const check = mod11CheckDigit(account);
        if (check !== undefined) return { clearingNumber: clearing, accountNumber: account + check };
        break;
      }
      case 'mod10': {
        const account = serial(9);
        return { clearingNumber: clearing, accountNumber: account + mod10CheckDigit(account) };
      }
      case 'swedbank-8': {
        const account = serial(9);
        return {
          clearingNumber: `${clearing}-${mod10CheckDigit(clearing)}`,
          accountNumber: account + mod10CheckDigit(account),
        };
      }
    }
  }
}

/** Weights 1, 2, … 10, 1 … from the right (the check digit weighs 1); the sum must be divisible by 11. */
function mod11CheckDigit(digits: string): number | undefined {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => (sum += Number(d) * (((i + 1) % 10) + 1)));
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? undefined : check;
}

/** Luhn, the check digit appended on the right. */
function mod10CheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const doubled = i % 2 === 0 ? Number(d) * 2 : Number(d);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return (10 - (sum % 10)) % 10;
}

function digitsFrom(seed: string, length: number): string {
  return [...sha256(seed)]
    .map((h) => String(Number.parseInt(h, 16) % 10))
    .join('')
    .slice(0, length);
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
