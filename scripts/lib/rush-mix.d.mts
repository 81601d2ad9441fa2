/** Types of rush-mix.mjs, the part a TypeScript test uses (the benches are plain JavaScript). */
export function rushMix(shares: { signShare: number; qrShare: number }): {
  /** Whether visitor `i` (0-based, in arrival order) signs once it holds a place. */
  signs(i: number): boolean;
  /** Whether signer `i` uses BankID on another device (asks the QR code's frames). */
  showsQr(i: number): boolean;
  /** BENCH_AB: the side (0: A, 1: B) all of visitor `i`'s calls go to. */
  sideOf(i: number): 0 | 1;
};
