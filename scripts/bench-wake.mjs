// `npm run bench:wake`: what a wake costs, the server's CPU per request by how long it slept before.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_SERVER=dist npm run bench:wake
// One request in flight, and a pause of GAPS milliseconds (0 1 2 5) after each answer, as a rush
// spread over a minute sends them: the server's event loop sleeps between requests, and on a
// virtual machine's cores the request after a longer sleep meets colder caches. REQUESTS (2000)
// per pause, against the backend's GET /api/getConcertStatus (answered from prepared bytes, the
// access log on as in bench:rush) and, on the same node, a bare node:http server answering as
// many bytes: its figure is Node's and the machine's floor, the rest is the backend's own. CPU of
// all of each server's threads from /proc's schedstat (nanoseconds). Bench:rush's CPU per arrival
// moves with this floor: run it beside a rush to tell the machine's hour from the code's change.
import { spawn } from 'node:child_process';
import { Agent, request } from 'undici';
import { backendNodeVersion, cpuNsOf, startBackend } from './lib/backend-process.mjs';
import { scratchDatabase } from './lib/drill.mjs';

const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!SERVER_URL) {
  console.error('bench:wake needs DATABASE_URL (a PostgreSQL server on 127.0.0.1)');
  process.exit(2);
}
const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const GAPS = (process.env.GAPS ?? '0 1 2 5').split(' ').filter(Boolean).map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 8585);

/** The bare server: answers every request with `bytes` bytes of JSON, nothing else. */
function startBare(port, bytes) {
  const source = `
    const body = JSON.stringify({ result: 'x'.repeat(${Math.max(0, bytes - 14)}) });
    require('node:http')
      .createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      })
      .listen(${port}, '127.0.0.1', () => process.stdout.write('up'));`;
  const child = spawn(process.env.BENCH_NODE || process.execPath, ['-e', source], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', () =>
      resolve({ baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() }),
    );
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** µs of the server's CPU per request, one in flight, `gapMs` between an answer and the next request. */
async function perRequest(url, pid, gapMs, count, dispatcher) {
  const before = cpuNsOf(pid);
  for (let i = 0; i < count; i++) {
    const res = await request(url, { dispatcher });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    if (gapMs > 0) await sleep(gapMs);
  }
  return (cpuNsOf(pid) - before) / 1000 / count;
}

const scratch = await scratchDatabase(SERVER_URL, 'concert_wake');
let backend;
let bare;
const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
try {
  backend = await startBackend({
    port: PORT,
    env: { DATABASE_URL: scratch.url, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    logFile: `/tmp/bench-wake-${PORT}.log`,
  });
  const statusUrl = `${backend.baseUrl}/api/getConcertStatus`;
  const sample = await request(statusUrl, { dispatcher });
  const bytes = (await sample.body.arrayBuffer()).byteLength;
  bare = await startBare(PORT + 1, bytes);
  const bareUrl = `${bare.baseUrl}/`;
  console.log(
    `bench:wake: ${REQUESTS} requests per pause, one in flight; getConcertStatus (${bytes} bytes) and a bare node:http server answering as many, both on Node ${backendNodeVersion()}`,
  );
  // Warm both up: the JIT's code, the connections.
  await perRequest(statusUrl, backend.pid, 0, 1000, dispatcher);
  await perRequest(bareUrl, bare.pid, 0, 1000, dispatcher);
  console.log("pause after each answer   bare node:http µs   getConcertStatus µs   the backend's own µs");
  for (const gap of GAPS) {
    // Alternating halves, so a change of the machine's pace meanwhile falls on both alike.
    let bareUs = 0;
    let statusUs = 0;
    for (let half = 0; half < 2; half++) {
      bareUs += (await perRequest(bareUrl, bare.pid, gap, REQUESTS / 2, dispatcher)) / 2;
      statusUs += (await perRequest(statusUrl, backend.pid, gap, REQUESTS / 2, dispatcher)) / 2;
    }
    console.log(
      `${`${gap} ms`.padEnd(26)}${bareUs.toFixed(0).padStart(18)}${statusUs.toFixed(0).padStart(22)}${(statusUs - bareUs).toFixed(0).padStart(24)}`,
    );
  }
} finally {
  bare?.stop();
  await backend?.stop();
  await dispatcher.close();
  await scratch.drop();
}
