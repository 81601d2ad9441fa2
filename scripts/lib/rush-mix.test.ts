import { describe, expect, it } from 'vitest';
import { rushMix } from './rush-mix.mjs';

/** Arrivals, signers and QR signers on each side for `visitors` arrivals. */
function split(visitors: number, shares: { signShare: number; qrShare: number }) {
  const mix = rushMix(shares);
  const sides = [0, 1].map(() => ({ arrivals: 0, signers: 0, qr: 0 }));
  for (let i = 0; i < visitors; i++) {
    const side = sides[mix.sideOf(i)]!;
    side.arrivals++;
    if (mix.signs(i)) side.signers++;
    if (mix.showsQr(i)) side.qr++;
  }
  return sides;
}

/** The same on both sides. */
const eachSide = (arrivals: number, signers: number, qr: number) =>
  [0, 1].map(() => ({ arrivals, signers, qr }));

describe("bench:rush's mix", () => {
  it('gives both sides of BENCH_AB the same mix: arrivals, signers and QR codes alike', () => {
    expect(split(20_000, { signShare: 0.05, qrShare: 0.5 })).toEqual(eachSide(10_000, 500, 250));
    expect(split(20_000, { signShare: 0.1, qrShare: 1 })).toEqual(eachSide(10_000, 1000, 1000));
  });

  it('without signers alternates visitor by visitor; without QR codes no signer shows one', () => {
    expect(split(1000, { signShare: 0, qrShare: 0.5 })).toEqual(eachSide(500, 0, 0));
    expect(split(1000, { signShare: 0.05, qrShare: 0 })).toEqual(eachSide(500, 25, 0));
  });
});
