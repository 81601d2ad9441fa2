// `npm run bench:ab`: bench:rush's BENCH_AB in both orders, and B/A without the positions' bias.
//   BENCH_AB=<another built checkout> DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     BENCH_SERVER=dist npm run bench:ab
// Runs `bench:rush` twice with everything it is given: B's tree as the second process, then as
// the first (BENCH_AB_SWAP=1). On this machine the same build reads 1.5-2.5 % cheaper as the
// second process than as the first (the ninth session), as much as many a change; one order
// alone cannot tell them apart. Prints both readings, the bias and B/A without it (ab-ratio.mjs).
import { spawn } from 'node:child_process';
import { bothOrders } from './lib/ab-ratio.mjs';

if (!process.env.BENCH_AB) {
  console.error('bench:ab needs BENCH_AB=<another built checkout> (and what bench:rush needs)');
  process.exit(2);
}

/** One bench:rush, its output passed through; resolves to its B/A. */
function rush(swap) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/bench-register.mjs', '--rush'], {
      env: { ...process.env, BENCH_AB_SWAP: swap ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const ratio = /B\/A (\d+\.\d+)/.exec(out)?.[1];
      if (code !== 0 || !ratio)
        reject(new Error(`bench:rush ${swap ? '(B first) ' : ''}failed (exit ${code})`));
      else resolve(Number(ratio));
    });
  });
}

try {
  const bSecond = await rush(false);
  const bFirst = await rush(true);
  const { ratio, positionBias } = bothOrders(bSecond, bFirst);
  console.log(
    `bench:ab: B/A ${bSecond.toFixed(3)} with B second, ${bFirst.toFixed(3)} with B first; ` +
      `the second position reads ${positionBias.toFixed(3)} of the first; B/A without it ${ratio.toFixed(3)}`,
  );
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
