/**
 * The Swedish bank-name → code map (SPEC.md §3). The code is what the bank-account retrieval
 * service (Billecta-style) expects; the name is what the visitor sees and picks.
 */
export const BANKS = [
  { name: 'Danske Bank', code: 'OEB' },
  { name: 'Handelsbanken', code: 'SHB' },
  { name: 'ICA Banken', code: 'ICA' },
  { name: 'Länsförsäkringar Bank', code: 'LFB' },
  { name: 'Nordea', code: 'NB' },
  { name: 'SEB', code: 'SEB' },
  { name: 'Skandia', code: 'SKB' },
  { name: 'Sparbanken Syd', code: 'SYD' },
  { name: 'Swedbank', code: 'FSPA' },
  { name: 'Swedbank Sparbankerna', code: 'FSPASB' },
] as const satisfies readonly { readonly name: string; readonly code: string }[];

export type Bank = (typeof BANKS)[number];
export type BankCode = Bank['code'];
export type BankName = Bank['name'];

const BANK_CODES: readonly string[] = BANKS.map((b) => b.code);

function normaliseName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('sv-SE');
}

/**
 * The code of a bank given its name; case-insensitive, surrounding and repeated whitespace
 * ignored. `undefined` for a bank that is not in the map (manual entry may name any bank).
 */
export function bankCodeOf(name: string): BankCode | undefined {
  const wanted = normaliseName(name);
  return BANKS.find((b) => normaliseName(b.name) === wanted)?.code;
}

/** The display name of a bank code, or `undefined` for an unknown code. */
export function bankNameOf(code: string): BankName | undefined {
  return BANKS.find((b) => b.code === code)?.name;
}

export function isBankCode(value: unknown): value is BankCode {
  return typeof value === 'string' && BANK_CODES.includes(value);
}
