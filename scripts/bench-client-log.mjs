// `npm run bench:client-log`: do hostile client logs slow the sale down? Starts the backend (as
// `npm start` serves it, 127.0.0.1 only), then sends 100 hostile 16 KiB clientLog bodies at once
// (one session's token: without one the server does not even read them) while measuring
// getConcertStatus, and once more without the bodies. The bodies are built to make a
// backtracking e-mail pattern quadratic: long words full of dots, no '@' until the end.
import postgres from 'postgres';
import { Agent, request } from 'undici';
import { startBackend } from './lib/backend-process.mjs';

// A real PostgreSQL (the embedded one runs inside the server's own event loop, which is not
// what production looks like): a scratch database on the server of DATABASE_URL.
const SERVER_URL =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `concert_bench_log_${Date.now()}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${dbName}`;

const BODIES = 100;
const STATUS_CALLS = 2000;
const PORT = Number(process.env.BENCH_PORT ?? 8787);
const dispatcher = new Agent({ connections: 128 });
const backend = await startBackend({
  port: PORT,
  env: { DATABASE_URL: dbUrl.href, RATE_LIMIT_SCALE: '1000' },
});

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))].toFixed(1);

async function statusLatencies() {
  const latencies = [];
  for (let i = 0; i < STATUS_CALLS; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const t0 = performance.now();
        const res = await request(`${backend.baseUrl}/api/getConcertStatus`, { dispatcher });
        await res.body.dump();
        latencies.push(performance.now() - t0);
      }),
    );
  }
  return latencies.sort((a, b) => a - b);
}

try {
  const challenge = await (
    await request(`${backend.baseUrl}/api/session/challenge`, { dispatcher })
  ).body.json();
  const altcha = Buffer.from(JSON.stringify({ ...challenge, number: 0 })).toString('base64');
  const session = await (
    await request(`${backend.baseUrl}/api/session`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ altcha }),
    })
  ).body.json();
  // Under the 16 KiB a client log may have, as valid JSON (a refused body would not reach the patterns).
  const word = 'a.'.repeat(1500);
  const hostile = JSON.stringify({
    level: 'error',
    message: word.slice(0, 3900),
    globalState: { a: word, b: `${word}x@y.se`, c: [word, word] },
  });
  if (hostile.length > 16 * 1024) throw new Error('body over 16 KiB');
  const sendLogs = (count) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const res = await request(`${backend.baseUrl}/api/clientLog`, {
          method: 'POST',
          dispatcher,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session.idToken}` },
          body: hostile,
        });
        await res.body.dump();
        return res.statusCode;
      }),
    );
  // warm up both paths (first use compiles and optimises them)
  await statusLatencies();
  await sendLogs(10);
  const quiet = await statusLatencies();
  const cpuBefore = backend.cpuSeconds();
  const [loaded, statuses] = await Promise.all([statusLatencies(), sendLogs(BODIES)]);
  const cpu = backend.cpuSeconds() - cpuBefore;
  console.log(
    `clientLog: ${BODIES} hostile bodies of ${(hostile.length / 1024).toFixed(1)} KiB at once: statuses ${JSON.stringify([...new Set(statuses)])}; server CPU meanwhile ${cpu.toFixed(2)} s (status calls included)`,
  );
  console.log(
    `getConcertStatus alone:        p50 ${pct(quiet, 50)} ms, p99 ${pct(quiet, 99)} ms (${STATUS_CALLS} calls, 20 at a time)`,
  );
  console.log(
    `getConcertStatus under attack: p50 ${pct(loaded, 50)} ms, p99 ${pct(loaded, 99)} ms (target p99 < 20 ms)`,
  );
  process.exitCode = Number(pct(loaded, 99)) < 20 ? 0 : 1;
} finally {
  await backend.stop();
  await dispatcher.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
