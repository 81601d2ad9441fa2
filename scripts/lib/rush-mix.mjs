// The mix of bench:rush's visitors, one definition for the bench and its test: which visitors
// sign (every `signEvery`-th holder), which of those show the QR code (every `qrEvery`-th
// signer), and under BENCH_AB which side each visitor goes to.

/** The mix for shares of signers (`signShare`, 0.05) and of signers with the QR code (`qrShare`, 0.5). */
export function rushMix({ signShare, qrShare }) {
  const signEvery = signShare > 0 ? Math.max(1, Math.round(1 / signShare)) : Infinity;
  const qrEvery = qrShare > 0 ? Math.max(1, Math.round(1 / qrShare)) : Infinity;
  // (0 % Infinity is 0: without the guard the first visitor would sign at a share of 0.)
  const signs = (i) => Number.isFinite(signEvery) && i % signEvery === 0;
  // Blocks of visitors alternate between the sides, each block holding one signer of every kind
  // (with and without the QR code) and the others between them: both sides get the same mix.
  const block = !Number.isFinite(signEvery) ? 1 : signEvery * (Number.isFinite(qrEvery) ? qrEvery : 1);
  return {
    signs,
    showsQr: (i) => signs(i) && Number.isFinite(qrEvery) && (i / signEvery) % qrEvery === 0,
    sideOf: (i) => Math.floor(i / block) % 2,
  };
}
