// `npm run bench:register` / `npm run bench:rush`: ticket holds under a rush, on a real
// PostgreSQL server.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:rush
// bench:rush (--rush) is the visitor's whole path, arrivals spread over RUSH_SECONDS (60): each
// visitor loads the start page (if the apps are built), gets a session, registers and polls
// getConcertStatus while on the site (DWELL_SECONDS, 20, for those who do not sign) as the page
// does: every 5 s while few tickets are left, every 20 s while plenty are (ticketsLeftPollMs),
// with the ETag of the answer it holds (a 304, counted with the 2xx, when unchanged);
// a share (SIGN_SHARE, 0.05) of the holders identifies with BankID, reads its personal info and
// signs, collecting every 2 s (the simulator approves after DEMO_BANKID_DELAY_MS, 3000, as a
// person would). Prints p50/p99 and 5xx per call type, how late arrivals started against the
// schedule (the load generator's own lag), and server CPU per arrival and per completed sign-up;
// checks each sign was applied exactly once and the capacity was never exceeded. A share of the
// signers (QR_SHARE, 0.5) uses BankID on another device: while each order waits, it asks for the
// QR code's frame every second (GET /api/getBankIdQr) as the page does. After the rush, a
// measurement of the frames alone: QR_SCREENS (500) pages showing a QR code, each asking once a
// second for QR_SECONDS (20): frames/s, p50/p99 and server CPU per frame. BENCH_AB=<another
// built checkout> runs that tree's backend beside this one's, half the visitors each, and prints
// both sides' CPU per arrival: two builds compared within one run (see BENCH_AB below).
// WARMUP=<arrivals> runs that many first, at the rush's rate, on the same processes, and leaves
// them out of the figures: the rush on a server that has been up a while (see warmUp).
// Without --rush (bench:register):
// Creates a scratch database, starts the backend on it (as `npm start` does), creates
// VISITORS sessions, then fires one `register` per visitor at CONCURRENCY in flight, and
// polls getConcertStatus the same way. Prints figures; asserts no oversell and no 5xx.
// Also measures the database's own ceiling for one claim per statement (a direct loop of the
// UPDATE … FOR UPDATE SKIP LOCKED over 16 connections) and what the load generator allows
// against a bare node:http server, so results compare across noisy machines. Prints the
// server's, the database's (its processes for the bench's database, from /proc: PostgreSQL on
// this machine) and the load generator's CPU per call, and the database's CPU per claim of the
// ceiling: CPU per call moves far less with the machine's load than rates do. Profile the server with
// BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import postgres from 'postgres';
import { Agent, request } from 'undici';
import { backendNodeVersion, deploymentKeys, startBackend } from './lib/backend-process.mjs';
import { nordeaPersonkonto, personalNumber, startSimulators } from './lib/simulators.mjs';
import { rushMix } from './lib/rush-mix.mjs';
import { startReferenceNginx } from './lib/reference-nginx.mjs';

const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!SERVER_URL) {
  console.error(
    'bench:register needs DATABASE_URL (a PostgreSQL server; the embedded one serialises everything)',
  );
  process.exit(2);
}
const VISITORS = Number(process.env.VISITORS ?? 20_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 200);
const CAPACITY = Number(process.env.CAPACITY ?? 15_000);
const STATUS_REQUESTS = Number(process.env.STATUS_REQUESTS ?? 50_000);
const PAGE_REQUESTS = Number(process.env.PAGE_REQUESTS ?? 5_000);
const RUSH = process.argv.includes('--rush');
const SIGNERS = Number(process.env.SIGNERS ?? 0);
const SIGN_CONCURRENCY = Number(process.env.SIGN_CONCURRENCY ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 8383);
/** Office dashboards open during the rush (bench:rush): each asks every 2.5 s, as the page does. */
const DASHBOARDS = Number(process.env.DASHBOARDS ?? (process.argv.includes('--rush') ? 20 : 0));
const DASHBOARD_EVERY_MS = 2500;
/** bench:rush reads the server's /metrics this often. */
const SAMPLE_EVERY_MS = 5000;

const LOG_FILE = process.env.BENCH_LOG_FILE ?? `/tmp/bench-rush-${PORT}.log`;
const dbName = `concert_bench_${Date.now()}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${dbName}`;
const dispatcher = new Agent({
  connections: RUSH ? Number(process.env.CONNECTIONS ?? 512) : CONCURRENCY,
  pipelining: 1,
  keepAliveTimeout: 30_000,
});
/**
 * bench:rush: BankID and the population register are servers of their own, as in production
 * (their simulators in another process, the same switches as to the real services:
 * BANKID_API_URL, POPULATION_REGISTER_URL), so the backend's event loop carries only its own work
 * and never calls itself. BENCH_BANKID=inprocess keeps the demo's simulators inside the backend.
 */
const bankId =
  RUSH && process.env.BENCH_BANKID !== 'inprocess'
    ? await startSimulators({
        port: PORT + 2,
        // The mail server too (production sends to a relay of its own), unless BENCH_MAIL=inprocess.
        mailPort: process.env.BENCH_MAIL === 'inprocess' ? undefined : PORT + 1002,
        delayMs: Number(process.env.DEMO_BANKID_DELAY_MS ?? 3000),
      }).catch(abandonStart)
    : undefined;
/**
 * BENCH_AB=<another checkout, built> (bench:rush): this tree's backend (A) and that tree's (B,
 * on BENCH_NODE_B if set) side by side over one database, each with half the visitors (the same
 * mix: signers and QR codes alike), so both meet the same machine at the same moment: a run
 * compares two builds (or two Nodes) far closer than runs one after another, between which
 * this machine drifts by 10-20 %. Both trees must apply the same migrations. Prints each one's CPU
 * per arrival and B's over A's.
 */
const AB = RUSH && process.env.BENCH_AB ? path.resolve(process.env.BENCH_AB) : undefined;
/**
 * BENCH_AB_SWAP=1: B's tree is the first process (it applies the migrations, its outbox worker and
 * timers start first) and this tree's the second. Each position has a bias of its own on this
 * machine (1.5-2.5 % in the ninth session), so a comparison runs in both orders and takes the
 * geometric mean: `npm run bench:ab` (scripts/bench-ab.mjs) does that. B/A is always B's tree over
 * this tree's, whichever position each had.
 */
const SWAP = AB !== undefined && process.env.BENCH_AB_SWAP === '1';
/** The processes' positions of this tree (A) and B's tree under BENCH_AB. */
const [SIDE_A, SIDE_B] = SWAP ? [1, 0] : [0, 1];
if (AB && !existsSync(path.join(AB, 'backend/dist/server.js'))) {
  console.error(`BENCH_AB: ${AB} has no backend/dist/server.js (npm ci && npm run build there first)`);
  process.exit(2);
}
/**
 * bench:rush runs BACKENDS processes (default 1; production runs one per core behind a balancer);
 * the load generator sends each request to the next one in turn (round-robin, as nginx's
 * default), so a visitor's calls land on every process. More than one process shares its keys and
 * counts rate limits in Redis (REDIS_URL, default the machine's), as production must.
 */
const BACKENDS = AB ? 2 : RUSH ? Number(process.env.BACKENDS ?? 1) : 1;
/**
 * B's start: its tree, and what else differs from A: BENCH_NODE_B (a node binary),
 * BENCH_NODE_FLAGS_B (its node flags instead of BENCH_NODE_FLAGS), BENCH_ENV_B ("NAME=value …"
 * over the shared environment, e.g. to learn what a setting costs: both sides run this tree then).
 */
function sideB() {
  const env = Object.fromEntries(
    (process.env.BENCH_ENV_B ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return {
    tree: AB,
    env: { ...sharedEnv, ...env },
    ...(process.env.BENCH_NODE_B ? { node: process.env.BENCH_NODE_B } : {}),
    ...(process.env.BENCH_NODE_FLAGS_B !== undefined
      ? { nodeFlags: process.env.BENCH_NODE_FLAGS_B.split(' ').filter(Boolean) }
      : {}),
  };
}
/**
 * BENCH_PROXY=nginx (bench:rush): the reference nginx (deploy/nginx.conf) in front of the
 * backends, as production runs them: every call goes through it, and it answers the public reads
 * (the start page, the concert status) from its micro-cache. Its CPU is counted apart from the
 * backends'. NGINX_PROGRAM: where nginx is (default Debian's).
 */
const PROXY = RUSH && process.env.BENCH_PROXY === 'nginx';
if (AB && PROXY) {
  console.error('BENCH_AB sends each visitor to one backend itself: it does not go with BENCH_PROXY');
  process.exit(2);
}
const sharedEnv = {
  DATABASE_URL: dbUrl.href,
  CONCERT_CAPACITY: String(CAPACITY),
  DEMO_BANKID_AUTO_APPROVE: 'true',
  DEMO_BANKID_DELAY_MS: process.env.DEMO_BANKID_DELAY_MS ?? (RUSH ? '3000' : '300'),
  // Production logs every request at info: the rush pays for its access log (to a file, as a collector would read it).
  ...(RUSH ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' } : {}),
  ...bankId?.env(),
  // Behind nginx the backends trust its hop and read the client's address it appends.
  ...(PROXY ? { TRUSTED_PROXIES: '127.0.0.1' } : {}),
  ...(BACKENDS > 1
    ? {
        ...deploymentKeys(),
        REDIS_URL: process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `${dbName}:`,
      }
    : {}),
};
const logFileOf = (k) => (k === 0 ? LOG_FILE : `${LOG_FILE}.${k + 1}`);
// One after another: the first applies the migrations and the demo fixtures.
const backends = [];
let nginx;
try {
  for (let k = 0; k < BACKENDS; k++)
    backends.push(
      await startBackend({
        port: k === 0 ? PORT : PORT + 2 + k,
        env: sharedEnv,
        logFile: RUSH ? logFileOf(k) : undefined,
        ...(AB && k === SIDE_B ? sideB() : {}),
      }),
    );
  nginx = PROXY
    ? await startReferenceNginx({
        program: process.env.NGINX_PROGRAM ?? '/usr/sbin/nginx',
        upstreams: backends.map((b) => new URL(b.baseUrl).host),
        port: PORT + 1,
        workers: Number(process.env.NGINX_WORKERS ?? 1),
      })
    : undefined;
} catch (err) {
  await abandonStart(err, () => {
    bankId?.stop();
    return Promise.all(backends.map((b) => b.stop()));
  });
}
const backend = {
  baseUrl: backends[0].baseUrl,
  /** Where the next call goes: nginx, or the next process in turn (round-robin). */
  next: (() => {
    let n = 0;
    return () => nginx?.baseUrl ?? backends[n++ % backends.length].baseUrl;
  })(),
  cpuSeconds: () => backends.reduce((sum, b) => sum + b.cpuSeconds(), 0),
  mainThreadSleeps: () => backends.reduce((sum, b) => sum + b.mainThreadSleeps(), 0),
  stop: () => Promise.all(backends.map((b) => b.stop())),
};

/** A start that failed leaves nothing behind: what did start is stopped, the scratch database dropped. */
async function abandonStart(err, stopStarted = async () => {}) {
  console.error(`bench: could not start: ${err.message}`);
  await stopStarted();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  process.exit(1);
}

async function cleanUp() {
  bankId?.stop();
  await nginx?.stop();
  await backend.stop();
  await dispatcher.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

/** Runs `count` jobs with `concurrency` in flight; returns per-job latencies and the wall time. */
/**
 * CPU seconds the database's server processes for the bench's database have used so far, by pid
 * (pg_stat_activity and /proc: PostgreSQL on this machine; empty otherwise). Read before and
 * after a phase: the database's own work per call, which the machine's load moves little.
 */
async function databaseCpu() {
  const rows = await admin`SELECT pid FROM pg_stat_activity WHERE datname = ${dbName}`;
  const byPid = new Map();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // not on this machine, or gone
    }
  }
  return byPid;
}
const databaseCpuSince = (before, after) =>
  [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);

async function run(count, concurrency, job) {
  const latencies = new Float64Array(count);
  let next = 0;
  const dbBefore = await databaseCpu();
  const cpuBefore = { server: backend.cpuSeconds(), client: process.cpuUsage() };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        await job(i);
        latencies[i] = performance.now() - t0;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = backend.cpuSeconds() - cpuBefore.server;
  const clientCpu = process.cpuUsage(cpuBefore.client);
  const dbCpu = databaseCpuSince(dbBefore, await databaseCpu());
  return {
    latencies: latencies.sort(),
    seconds,
    /** CPU µs per job in the server process, the database and this load generator (which share the machine). */
    cpu: `server CPU ${((serverCpu * 1e6) / count).toFixed(0)} µs/call (${((serverCpu / seconds) * 100).toFixed(0)}% of a core), database ${((dbCpu * 1e6) / count).toFixed(0)} µs/call, load generator ${((clientCpu.user + clientCpu.system) / count).toFixed(0)} µs/call`,
  };
}
const pct = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1)
    : 'n/a';

async function post(pathname, body, token, baseUrl = backend.next()) {
  const res = await request(`${baseUrl}${pathname}`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: await res.body.json() };
}

/** A valid personal number (Luhn) of an adult born in the 1970s–90s, different for each i. */
/** One holder's whole sign-up: BankID auth, personal info, BankID sign of a new mandate; returns collect latencies. */
async function signUp(token, ticketId, i, collectLatencies) {
  const pn = personalNumber(i);
  const until = async (transactionId) => {
    for (;;) {
      const t0 = performance.now();
      const res = await post('/api/checkBankIdTransactionStatus', { data: { transactionId } }, token);
      collectLatencies.push(performance.now() - t0);
      if (res.status !== 200) return res.status;
      if (res.body.result.status !== 'pending') return res.body.result.status;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const auth = await post('/api/startBankIDAuth', { data: { personalNumber: pn } }, token);
  if (auth.status !== 200 || (await until(auth.body.result.transactionId)) !== 'complete')
    return 'authFailed';
  const email = `rush${i}@bench.se`;
  const info = await post('/api/getPersonalInfo', { data: { personalNumber: pn, email } }, token);
  if (info.status !== 200) return 'infoFailed';
  if (!info.body.result.ticketData?.reserved) return 'soldOutAtIdentification';
  const person = {
    firstName: 'Bänk',
    lastName: 'Testsson',
    email,
    phone: '0701234567',
    address: 'Gatan 1',
    zipCode: '123 45',
    city: 'Stad',
  };
  const accountInfo = nordeaPersonkonto(pn);
  const sign = await post(
    '/api/startBankIDSign',
    {
      data: {
        personalNumber: pn,
        ticketId: info.body.result.ticketData.ticketId ?? ticketId,
        donationAmount: 150,
        signType: 'new',
        lang: 'sv',
        person,
        accountInfo,
      },
    },
    token,
  );
  if (sign.status !== 200) return 'signStartFailed';
  return (await until(sign.body.result.transactionId)) === 'complete' ? 'signed' : 'signFailed';
}

/** The claim statement alone, straight to the database over 16 connections, on a copy of the tickets table large enough never to run out. */
async function databaseCeiling(url, seconds = 4) {
  const sql = postgres(url, { max: 16, onnotice: () => {} });
  await sql`CREATE TABLE bench_claims (LIKE tickets INCLUDING ALL)`;
  // One concert's rows, claimed as the product claims them (the claim index leads with concert_id).
  await sql`INSERT INTO bench_claims (concert_id, seq) SELECT 1, generate_series(1, 200000)`;
  await sql`VACUUM ANALYZE bench_claims`;
  let claims = 0;
  let n = 0;
  const dbBefore = await databaseCpu();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        const rows = await sql`
          UPDATE bench_claims SET holder_uid = ${`ceiling-${n++}`}, hold_expires_at = now() + interval '15 minutes'
          WHERE id = COALESCE(
            (SELECT id FROM bench_claims WHERE concert_id = 1 AND confirmed_at IS NULL AND hold_expires_at IS NULL
             ORDER BY hold_expires_at NULLS FIRST, seq LIMIT 1 FOR UPDATE SKIP LOCKED),
            (SELECT id FROM bench_claims WHERE concert_id = 1 AND confirmed_at IS NULL AND hold_expires_at <= now()
             ORDER BY hold_expires_at NULLS FIRST, seq LIMIT 1 FOR UPDATE SKIP LOCKED))
          RETURNING id`;
        claims += rows.length;
      }
    }),
  );
  const dbCpu = databaseCpuSince(dbBefore, await databaseCpu());
  await sql`DROP TABLE bench_claims`;
  await sql.end();
  return { rate: claims / seconds, dbCpuPerClaim: (dbCpu * 1e6) / claims };
}

/**
 * What the load generator itself allows on this machine: the same getConcertStatus requests
 * against a bare node:http server answering a fixed body in another process. The load generator
 * shares the 2 cores, so this is the most any server could show here.
 */
async function httpFloor(count) {
  const body = JSON.stringify({ concertStatus: 'Open' });
  const server = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(${JSON.stringify(body)})).listen(${PORT + 1}, '127.0.0.1')`,
    ],
    { stdio: 'inherit' },
  );
  try {
    await new Promise((r) => setTimeout(r, 500));
    const floor = await run(count, CONCURRENCY, async () => {
      const res = await request(`http://127.0.0.1:${PORT + 1}/api/getConcertStatus`, { dispatcher });
      await res.body.dump();
    });
    return count / floor.seconds;
  } finally {
    server.kill();
  }
}

/**
 * Office dashboards polling during the rush, signed in through the dev IdP as a browser is. Every
 * answer carries the database's time of the count (asOf): distinct asOf values are the aggregate
 * queries the server ran for all viewers together.
 */
async function openDashboards(count) {
  if (count === 0) return undefined;
  const { register } = await import('tsx/esm/api');
  register();
  const { signInThroughDevIdp } = await import('../backend/test/staff.ts');
  // In demo mode each process has a dev IdP of its own, which signs the tokens only that process
  // takes: the first process's viewers, or under BENCH_AB half the viewers on each side.
  const sides = AB ? backends : [backends[0]];
  const tokens = await Promise.all(
    sides.map(async ({ baseUrl }) => {
      const config = await (await fetch(`${baseUrl}/api/staffAuthConfig`)).json();
      const { access_token: token } = await signInThroughDevIdp({
        issuer: config.authority,
        clientId: config.clientId,
        redirectUri: `http://localhost:${new URL(baseUrl).port}/admin/auth-callback`,
        email: 'office@org.example',
        scope: `${config.scopes.join(' ')} openid profile offline_access`,
      });
      return token;
    }),
  );
  let stopped = false;
  const asOf = new Set();
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  const viewers = Array.from({ length: count }, async (_, v) => {
    await new Promise((r) => setTimeout(r, (v * DASHBOARD_EVERY_MS) / count));
    while (!stopped) {
      const t0 = performance.now();
      const side = v % sides.length;
      const res = await post('/api/getSaleDashboard', { data: {} }, tokens[side], sides[side].baseUrl);
      latencies.push(performance.now() - t0);
      if (res.status === 200) asOf.add(res.body.result.asOf);
      else failures++;
      await new Promise((r) => setTimeout(r, DASHBOARD_EVERY_MS));
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(viewers);
    const seconds = (performance.now() - started) / 1000;
    const sorted = Float64Array.from(latencies).sort();
    return (
      `dashboards ${count} (each every ${DASHBOARD_EVERY_MS / 1000} s) for ${seconds.toFixed(0)} s: ${latencies.length} calls, ${failures} failed, ` +
      `${asOf.size} aggregate queries = ${(asOf.size / (seconds / 2)).toFixed(2)} per 2 s interval (${sides.length === 1 ? 'one process' : `${sides.length} processes together`}), ${(latencies.length / asOf.size).toFixed(1)} viewers' calls per query; ` +
      `getSaleDashboard p50 ${pct(sorted, 50)} ms, p99 ${pct(sorted, 99)} ms`
    );
  };
}

if (RUSH) {
  try {
    await rush();
  } finally {
    await cleanUp();
  }
  process.exit();
}

/** Reads each server process's /metrics every few seconds (gauges only: event-loop delay, pool) until stopped. */
function sampleServer() {
  const samples = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, SAMPLE_EVERY_MS));
      for (const b of backends) {
        const text = await (await fetch(`${b.baseUrl}/metrics`)).text().catch(() => '');
        const sample = {};
        for (const line of text.split('\n')) {
          const m =
            /^(nodejs_eventloop_lag_(?:p99|max)_seconds|db_transactions\{state="waiting"\}|db_pool_max_connections) (\S+)/.exec(
              line,
            );
          if (m) sample[m[1]] = Number(m[2]);
        }
        samples.push(sample);
      }
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return samples;
  };
}

/** Milliseconds per route from the server's JSON access log (one `request` line per answer). */
function serverTimes(fromBytes = []) {
  const byRoute = new Map();
  // From `fromBytes[k]` on (after a warm-up): the first line there may be cut, and is skipped.
  const lines = backends.flatMap((_, k) =>
    readFileSync(logFileOf(k))
      .subarray(fromBytes[k] ?? 0)
      .toString('utf8')
      .split('\n')
      .slice(fromBytes[k] ? 1 : 0),
  );
  for (const line of lines) {
    if (!line.includes('"msg":"request"')) continue;
    const { route, method, ms } = JSON.parse(line);
    const key = `${method} ${route}`;
    if (!byRoute.has(key)) byRoute.set(key, []);
    byRoute.get(key).push(ms);
  }
  return byRoute;
}

/** bench:rush: the whole visitor path at the arrival rate of the rush (see the top of the file). */
async function rush() {
  const DURATION_S = Number(process.env.RUSH_SECONDS ?? 60);
  const SIGN_SHARE = Number(process.env.SIGN_SHARE ?? 0.05);
  const DWELL_S = Number(process.env.DWELL_SECONDS ?? 20);
  const STATUS_EVERY_MS = 5000;
  const COLLECT_EVERY_MS = 2000;
  const QR_SHARE = Number(process.env.QR_SHARE ?? 0.5);
  /**
   * How a visitor's session is made. Either way, as the page does, the visitor first asks for a
   * challenge (GET /api/session/challenge) and solves it with the page's own solver (the proof of
   * work is off in benches: the number is 0). `with-register` (the page's way since the eleventh
   * session): register opens the session with the solution, `{"data": {}, "session": {"altcha"}}`;
   * `apart`: POST /api/session with the solution first, then register with its token.
   * SESSION_B: side B's way under BENCH_AB, to measure the two ways side by side on one build.
   */
  const SESSION_WAYS = ['with-register', 'apart'];
  const SESSION_WAY = process.env.SESSION ?? 'with-register';
  const SESSION_WAY_B = process.env.SESSION_B ?? SESSION_WAY;
  for (const way of [SESSION_WAY, SESSION_WAY_B])
    if (!SESSION_WAYS.includes(way)) throw new Error(`SESSION must be one of ${SESSION_WAYS.join(', ')}`);
  /** The warm-up's visitors are numbered from here: other people than the rush's (personalNumber). */
  const WARMUP_BASE = 500_000;
  const withPage = existsSync('shell/dist/index.html');
  // The page's own rule for how often it asks for the status (shared/src/universal/flow.ts).
  const { register: registerTsx } = await import('tsx/esm/api');
  registerTsx();
  const { ticketsLeftFirstAskMs, ticketsLeftPollMs } = await import('../shared/src/universal/flow.ts');
  const { solveSessionChallenge } = await import('../shared/src/universal/proof-of-work.ts');
  // The tickets left each start page inlines (its status, as the page reads it), by the page's ETag:
  // a rush's pages change only when what they say changes, so few are read.
  const inlinedByEtag = new Map();
  function inlinedTicketsLeft(page) {
    const etag = page.headers?.etag;
    if (page.status !== 200 || !etag) return undefined;
    if (!inlinedByEtag.has(etag)) {
      const html = (
        page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.body) : page.body
      ).toString();
      const json = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1];
      const left = json ? JSON.parse(json).concertStatus?.ticketsLeft : undefined;
      inlinedByEtag.set(etag, typeof left === 'number' ? left : undefined);
    }
    return inlinedByEtag.get(etag);
  }
  const calls = new Map(); // type → { latencies: number[], byClass: {2xx, 4xx, 5xx, error} }
  const record = (type, ms, status) => {
    let c = calls.get(type);
    if (!c) calls.set(type, (c = { latencies: [], byClass: { '2xx': 0, '4xx': 0, '5xx': 0, error: 0 } }));
    c.latencies.push(ms);
    c.byClass[status === 0 ? 'error' : status >= 500 ? '5xx' : status >= 400 ? '4xx' : '2xx']++;
  };
  async function timed(
    type,
    pathname,
    {
      method = 'GET',
      body,
      token,
      headers = {},
      json = true,
      withHeaders = false,
      bytes = false,
      via = backend.next(),
    } = {},
  ) {
    const t0 = performance.now();
    try {
      const res = await request(`${via}${pathname}`, {
        method,
        dispatcher,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const parsed = bytes
        ? Buffer.from(await res.body.arrayBuffer())
        : json && res.statusCode !== 204 && res.statusCode !== 304
          ? await res.body.json().catch(() => undefined)
          : await res.body.dump();
      record(type, performance.now() - t0, res.statusCode);
      return { status: res.statusCode, body: parsed, ...(withHeaders ? { headers: res.headers } : {}) };
    } catch {
      record(type, performance.now() - t0, 0);
      return { status: 0, body: undefined };
    }
  }
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  /** The QR code's frames every second while `waiting.done` is false (the page's ticker). */
  async function showQr(transactionId, token, waiting, via) {
    while (!waiting.done) {
      const res = await timed('getBankIdQr', `/api/getBankIdQr?transactionId=${transactionId}`, {
        token,
        via,
      });
      if (res.status === 200 && res.body?.status === 'ended') return;
      await sleep(res.status === 200 ? Math.min(1000, res.body.nextInMs) + 20 : 1000);
    }
  }
  async function collectUntilDone(transactionId, token, qr, via) {
    const waiting = { done: false };
    const frames = qr ? showQr(transactionId, token, waiting, via) : undefined;
    try {
      return await collectLoop(transactionId, token, via);
    } finally {
      waiting.done = true;
      await frames;
    }
  }
  async function collectLoop(transactionId, token, via) {
    for (let k = 0; k < 90; k++) {
      await sleep(COLLECT_EVERY_MS);
      const res = await timed('checkBankIdTransactionStatus', '/api/checkBankIdTransactionStatus', {
        method: 'POST',
        body: { data: { transactionId } },
        token,
        via,
      });
      // A completed signature refused by the server (ticketExpired): what issue 27 forbids for a reserved visitor.
      if (res.status === 409 && res.body?.error?.message === 'ticketExpired') return 'refusedAfterSigning';
      if (res.status !== 200) return 'error';
      if (res.body.result.status !== 'pending') return res.body.result.status;
    }
    return 'timeout';
  }
  // held: register answered; reserved: of them, told reserved at once (a ticket set aside); places: the rest.
  // Signers: reserved or sold out at identification, refused before the sign (nothing signed) or after it (must be 0).
  const outcome = {
    held: 0,
    reserved: 0,
    places: 0,
    noTicket: 0,
    registerOther: 0,
    identifiedReserved: 0,
    identifiedSoldOut: 0,
    signStartRefused: 0,
    refusedAfterSigning: 0,
    signed: 0,
    signFailed: 0,
  };
  // Who signs, who shows the QR code, and under BENCH_AB which side each visitor goes to (the same mix on both).
  const { signs, showsQr, sideOf } = rushMix({ signShare: SIGN_SHARE, qrShare: QR_SHARE });
  const viaOf = (i) => (AB ? backends[sideOf(i)].baseUrl : undefined);
  let startLagMax = 0;
  const startLags = [];

  async function visitorPath(i, t0) {
    const lag = performance.now() - t0;
    startLags.push(lag);
    startLagMax = Math.max(startLagMax, lag);
    // Every call of this visitor: to one backend under BENCH_AB, else to the next in turn.
    const via = viaOf(i);
    const timedVia = (type, pathname, options = {}) =>
      timed(type, pathname, via ? { ...options, via } : options);
    const page = withPage
      ? await timedVia('page /sv/', '/sv/', {
          headers: { 'accept-encoding': 'br' },
          bytes: true,
          withHeaders: true,
        })
      : undefined;
    const pageAt = performance.now();
    const pageLeft = page && inlinedTicketsLeft(page);
    const apart = (AB && sideOf(i) === SIDE_B ? SESSION_WAY_B : SESSION_WAY) === 'apart';
    const challenge = await timedVia('session challenge', '/api/session/challenge');
    if (challenge.status !== 200) return;
    const altcha = await solveSessionChallenge(challenge.body, async () => {});
    const session = apart
      ? await timedVia('session', '/api/session', { method: 'POST', body: { altcha } })
      : undefined;
    if (session && session.status !== 200) return;
    let token = session?.body.idToken;
    let onSite = true;
    let leave;
    const left = new Promise((resolve) => (leave = resolve));
    // As the page asks (memberCheck while no ticket is set aside): again soon while few tickets
    // are left, seldom while plenty are (ticketsLeftPollMs); the count the start page inlined is
    // asked again when that rule says, counted from its arrival (ticketsLeftFirstAskMs); as a
    // browser does, with the ETag of the answer it holds (a 304 when unchanged).
    const polling = (async () => {
      let etag;
      let ticketsLeft;
      const first = ticketsLeftFirstAskMs(
        pageLeft === undefined ? null : { ticketsLeft: pageLeft, ageMs: performance.now() - pageAt },
      );
      if (first > 0) await Promise.race([sleep(first), left]);
      while (onSite) {
        const res = await timedVia('getConcertStatus', '/api/getConcertStatus', {
          headers: etag ? { 'if-none-match': etag } : {},
          withHeaders: true,
        });
        if (res.status === 200) {
          etag = res.headers.etag;
          ticketsLeft = res.body?.ticketsLeft;
        }
        const delay = typeof ticketsLeft === 'number' ? ticketsLeftPollMs(ticketsLeft) : STATUS_EVERY_MS;
        await Promise.race([sleep(delay), left]);
      }
    })();
    try {
      const reg = await timedVia('register', '/api/register', {
        method: 'POST',
        body: token ? { data: {} } : { data: {}, session: { altcha } },
        token,
      });
      token ??= reg.body?.session?.idToken;
      if (reg.status === 409) outcome.noTicket++;
      if (reg.status !== 200) {
        if (reg.status !== 409) outcome.registerOther++;
        await sleep(DWELL_S * 1000);
        return;
      }
      outcome.held++;
      if (reg.body.result.reserved) outcome.reserved++;
      else outcome.places++;
      if (!signs(i)) {
        await sleep(DWELL_S * 1000);
        return;
      }
      const pn = personalNumber(i);
      const qr = showsQr(i);
      const auth = await timedVia('startBankIDAuth', '/api/startBankIDAuth', {
        method: 'POST',
        body: { data: { personalNumber: pn } },
        token,
      });
      if (
        auth.status !== 200 ||
        (await collectUntilDone(auth.body.result.transactionId, token, qr, via)) !== 'complete'
      )
        return void outcome.signFailed++;
      const email = `rush${i}@bench.se`;
      const info = await timedVia('getPersonalInfo', '/api/getPersonalInfo', {
        method: 'POST',
        body: { data: { personalNumber: pn, email } },
        token,
      });
      if (info.status !== 200) return void outcome.signFailed++;
      // Identification decided: a reservation, or sold out (the page offers the waiting list; nothing to sign).
      if (!info.body.result.ticketData?.reserved) return void outcome.identifiedSoldOut++;
      outcome.identifiedReserved++;
      const person = {
        firstName: 'Bänk',
        lastName: 'Testsson',
        email,
        phone: '0701234567',
        address: 'Gatan 1',
        zipCode: '123 45',
        city: 'Stad',
      };
      const accountInfo = nordeaPersonkonto(pn);
      const sign = await timedVia('startBankIDSign', '/api/startBankIDSign', {
        method: 'POST',
        body: {
          data: {
            personalNumber: pn,
            ticketId: info.body.result.ticketData.ticketId,
            donationAmount: 150,
            signType: 'new',
            lang: 'sv',
            person,
            accountInfo,
          },
        },
        token,
      });
      if (sign.status === 409 || sign.status === 400) return void outcome.signStartRefused++;
      if (sign.status !== 200) return void outcome.signFailed++;
      const done = await collectUntilDone(sign.body.result.transactionId, token, qr, via);
      if (done === 'complete') outcome.signed++;
      else if (done === 'refusedAfterSigning') outcome.refusedAfterSigning++;
      else outcome.signFailed++;
    } finally {
      onSite = false;
      leave();
      await polling;
    }
  }

  /** `count` visitors numbered from `first`, arriving at the rush's rate from `t0` on: their paths, once all have started. */
  async function arrive(count, first, t0) {
    const paths = [];
    for (let k = 0; k < count; k++) {
      const at = t0 + (k * DURATION_S * 1000) / VISITORS;
      const wait = at - performance.now();
      if (wait > 1) await sleep(wait);
      paths.push(visitorPath(first + k, at));
    }
    return paths;
  }

  /**
   * WARMUP (0) arrivals before the rush, at its rate and with its mix, on the same processes: a
   * server that has been up a while (its code compiled by the JIT, its pools and caches filled),
   * as production's is when a sale opens, against the fresh one the rush otherwise meets. Nothing
   * of it is counted in the rush's figures; its sign-ups are in the database's checks.
   */
  async function warmUp() {
    const WARMUP = Number(process.env.WARMUP ?? 0);
    if (!WARMUP) return undefined;
    const cpu0 = backend.cpuSeconds();
    const t0 = performance.now();
    await Promise.all(await arrive(WARMUP, WARMUP_BASE, t0));
    // The last answers' log lines flushed (the server writes its log at least every 250 ms).
    await sleep(1000);
    const cpu = backend.cpuSeconds() - cpu0;
    const signed = outcome.signed;
    console.log(
      `warm-up (not counted below): ${WARMUP} arrivals in ${((performance.now() - t0) / 1000).toFixed(0)} s, ${signed} signed; server CPU ${cpu.toFixed(1)} s, ${((cpu * 1e3) / WARMUP).toFixed(2)} ms per arrival`,
    );
    for (const key of Object.keys(outcome)) outcome[key] = 0;
    calls.clear();
    startLags.length = 0;
    startLagMax = 0;
    return { signed, logBytes: backends.map((_, k) => statSync(logFileOf(k)).size) };
  }

  console.log(
    `bench:rush: ${VISITORS} arrivals over ${DURATION_S} s, capacity ${CAPACITY}, ${(SIGN_SHARE * 100).toFixed(1)} % of holders sign (BankID, ${bankId ? 'the simulators of BankID and the population register in a process of their own' : 'the simulators inside the backend'}, approves after ${process.env.DEMO_BANKID_DELAY_MS ?? 3000} ms), others stay ${DWELL_S} s; sessions ${SESSION_WAY}${AB && SESSION_WAY_B !== SESSION_WAY ? ` (B: ${SESSION_WAY_B})` : ''}; page loads ${withPage ? 'on' : 'off (build the apps first)'}; server log level ${process.env.BENCH_LOG_LEVEL ?? 'info'}; ${AB ? `BENCH_AB: 2 backend processes (A this tree, B ${AB}; each visitor's calls to one of them, rate limits in Redis)` : `${BACKENDS} backend process${BACKENDS > 1 ? 'es (round-robin, rate limits in Redis)' : ''}`} on Node ${backendNodeVersion()}`,
  );
  console.log(
    `QR code: ${(QR_SHARE * 100).toFixed(0)} % of signers on another device ask a frame a second while BankID waits`,
  );
  const warm = await warmUp();
  const closeDashboards = await openDashboards(DASHBOARDS);
  const stopSampling = sampleServer();
  const cpuBefore = {
    server: backend.cpuSeconds(),
    sleeps: backend.mainThreadSleeps(),
    each: backends.map((b) => b.cpuSeconds()),
    eachSleeps: backends.map((b) => b.mainThreadSleeps()),
    nginx: nginx?.cpuSeconds(),
    client: process.cpuUsage(),
  };
  const started = performance.now();
  const visitors = await arrive(VISITORS, 0, started);
  const arrivedIn = (performance.now() - started) / 1000;
  await Promise.all(visitors);
  const dashboardReport = closeDashboards ? await closeDashboards() : '';
  const samples = await stopSampling();
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = backend.cpuSeconds() - cpuBefore.server;
  const sleeps = backend.mainThreadSleeps() - cpuBefore.sleeps;
  const eachCpu = backends.map((b, k) => b.cpuSeconds() - cpuBefore.each[k]);
  const eachSleeps = backends.map((b, k) => b.mainThreadSleeps() - cpuBefore.eachSleeps[k]);
  const nginxCpu = nginx ? nginx.cpuSeconds() - cpuBefore.nginx : undefined;
  const clientCpu = process.cpuUsage(cpuBefore.client);

  const check = postgres(dbUrl.href, { max: 1, onnotice: () => {} });
  const [db] = await check`
    SELECT (SELECT count(*)::int FROM memberships) AS members,
           (SELECT count(*)::int FROM tickets WHERE confirmed_at IS NOT NULL) AS confirmed,
           (SELECT count(*)::int FROM tickets WHERE seq <= ${CAPACITY} AND (confirmed_at IS NOT NULL OR hold_expires_at > now())) AS taken,
           (SELECT count(*)::int FROM tickets WHERE seq > ${CAPACITY} AND (confirmed_at IS NOT NULL OR hold_expires_at > now())) AS beyond,
           (SELECT count(*)::int FROM mandate_amount_history) AS mandate_changes,
           (SELECT count(*)::int FROM email_outbox WHERE email_type = 'registeredNew') AS emails,
           (SELECT count(*)::int FROM email_outbox WHERE email_type = 'registeredNew' AND status = 'sent') AS sent,
           (SELECT json_build_object(
                     'p50', percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at)),
                     'p99', percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at)))
              FROM email_outbox WHERE email_type = 'registeredNew' AND status = 'sent') AS mail_lag`;
  await check.end();
  const demoMembers = 2; // the member fixtures seeded in demo mode

  const sortedLags = Float64Array.from(startLags).sort();
  console.log(
    `arrivals: ${VISITORS} started in ${arrivedIn.toFixed(1)} s (schedule ${DURATION_S} s; start lag p50 ${pct(sortedLags, 50)} ms, p99 ${pct(sortedLags, 99)} ms, max ${startLagMax.toFixed(0)} ms), all paths done in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `outcomes (capacity ${CAPACITY}): register answered ${outcome.held} (reserved at once ${outcome.reserved}, places without a reservation ${outcome.places}), noTicket ${outcome.noTicket}, register other ${outcome.registerOther}; ` +
      `signers identified: reserved ${outcome.identifiedReserved}, sold out ${outcome.identifiedSoldOut}; signed ${outcome.signed}, sign refused before signing ${outcome.signStartRefused}, refused after signing ${outcome.refusedAfterSigning} (must be 0), sign-ups failed ${outcome.signFailed}`,
  );
  console.log('call                          count      p50 ms   p99 ms   2xx      4xx   5xx  errors');
  let total5xx = 0;
  let worstP99 = 0;
  for (const [type, c] of calls) {
    const sorted = Float64Array.from(c.latencies).sort();
    total5xx += c.byClass['5xx'] + c.byClass.error;
    worstP99 = Math.max(worstP99, Number(pct(sorted, 99)));
    console.log(
      `${type.padEnd(30)}${String(sorted.length).padStart(6)}${pct(sorted, 50).padStart(11)}${pct(sorted, 99).padStart(9)}${String(c.byClass['2xx']).padStart(8)}${String(c.byClass['4xx']).padStart(7)}${String(c.byClass['5xx']).padStart(6)}${String(c.byClass.error).padStart(8)}`,
    );
  }
  // The same calls as the server timed them (its access log: arrival to the answer's end), so a
  // slow figure above can be told apart: the server's own time, or waiting in this load
  // generator and the machine's run queue (both share the 2 cores).
  const served = serverTimes(warm?.logBytes);
  console.log('as the server timed them (access log): route, count, p50 ms, p99 ms');
  for (const [route, ms] of [...served].sort((a, b) => b[1].length - a[1].length)) {
    const sorted = Float64Array.from(ms).sort();
    console.log(
      `  ${route.padEnd(36)}${String(sorted.length).padStart(7)}${pct(sorted, 50).padStart(9)}${pct(sorted, 99).padStart(9)}`,
    );
  }
  const worst = (name) => Math.max(0, ...samples.map((m) => m[name] ?? 0));
  console.log(
    `server${BACKENDS > 1 ? ` (worst of ${BACKENDS} processes)` : ''}, sampled from /metrics every ${SAMPLE_EVERY_MS / 1000} s: event-loop delay p99 worst ${(worst('nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(0)} ms, max ${(worst('nodejs_eventloop_lag_max_seconds') * 1000).toFixed(0)} ms; ` +
      `transactions waiting for a connection at most ${worst('db_transactions{state="waiting"}')} (pool ${worst('db_pool_max_connections')})`,
  );
  const requests = [...calls.values()].reduce((n, c) => n + c.latencies.length, 0);
  if (nginx) {
    // What reached the backends: the lines of their access logs (the reads nginx answered from its cache never did).
    const direct = new Set(['POST api/getSaleDashboard', 'GET metrics', 'GET api/health']); // the bench's own, not through nginx
    const reached = [...served].reduce((n, [route, ms]) => (direct.has(route) ? n : n + ms.length), 0);
    console.log(
      `through the reference nginx (${process.env.NGINX_WORKERS ?? 1} worker): ${requests} calls, ${reached} reached the backends (${((reached / requests) * 100).toFixed(0)} %); nginx CPU ${nginxCpu.toFixed(1)} s, ${((nginxCpu * 1e3) / VISITORS).toFixed(2)} ms per arrival; backends and nginx together ${(((serverCpu + nginxCpu) * 1e3) / VISITORS).toFixed(2)} ms per arrival`,
    );
  }
  console.log(
    `server CPU${BACKENDS > 1 ? ` (${BACKENDS} processes together)` : ''}: ${serverCpu.toFixed(1)} s over ${seconds.toFixed(0)} s (${((serverCpu / seconds) * 100).toFixed(0)} % of a core); ${((serverCpu * 1e6) / requests).toFixed(0)} µs per request, ${((serverCpu * 1e3) / VISITORS).toFixed(2)} ms per arrival, ${outcome.signed ? ((serverCpu * 1e3) / outcome.signed).toFixed(1) : 'n/a'} ms per completed sign-up (all the rush's CPU over the sign-ups); load generator ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s`,
  );
  // Each sleep of the main thread ends in a wake, and the request after a sleep of a few
  // milliseconds costs two to four times one served back to back (npm run bench:wake): fewer
  // sleeps per arrival is less CPU, whatever the machine's pace that hour.
  console.log(
    `server main thread${BACKENDS > 1 ? 's' : ''}: ${sleeps} sleeps (voluntary context switches), ${(sleeps / VISITORS).toFixed(2)} per arrival, ${(sleeps / requests).toFixed(2)} per request; server CPU ${((serverCpu * 1e6) / sleeps).toFixed(0)} µs per wake`,
  );
  if (AB) {
    const arrivals = [0, 0];
    for (let i = 0; i < VISITORS; i++) arrivals[sideOf(i)]++;
    const perArrival = eachCpu.map((cpu, k) => (cpu * 1e3) / arrivals[k]);
    const [a, b] = [SIDE_A, SIDE_B];
    console.log(
      `A/B, side by side (${SWAP ? 'B started first' : 'A started first'}): A (this tree, Node ${backendNodeVersion()}) ${eachCpu[a].toFixed(1)} s for ${arrivals[a]} arrivals, ${perArrival[a].toFixed(3)} ms and ${(eachSleeps[a] / arrivals[a]).toFixed(2)} sleeps per arrival; ` +
        `B (${AB}, Node ${backendNodeVersion(process.env.BENCH_NODE_B ?? process.env.BENCH_NODE)}) ${eachCpu[b].toFixed(1)} s for ${arrivals[b]} arrivals, ${perArrival[b].toFixed(3)} ms and ${(eachSleeps[b] / arrivals[b]).toFixed(2)} sleeps per arrival; ` +
        `B/A ${(perArrival[b] / perArrival[a]).toFixed(3)}`,
    );
  }
  console.log(
    `applied once: members ${db.members - demoMembers}, confirmed tickets ${db.confirmed}, mandates ${db.mandate_changes - demoMembers}, e-mails ${db.emails} (each must equal ${outcome.signed}${warm ? ` + ${warm.signed} of the warm-up` : ''}; ${db.sent} sent by the end of the rush, from the sign to the relay p50 ${db.mail_lag?.p50?.toFixed(1)} s, p99 ${db.mail_lag?.p99?.toFixed(1)} s); tickets taken ${db.taken} of ${CAPACITY}, beyond capacity ${db.beyond}`,
  );
  console.log(
    `targets (2 cores): ${VISITORS} arrivals in ${DURATION_S} s ${arrivedIn <= DURATION_S * 1.05 ? 'met' : 'NOT met'}; every call p99 < 100 ms ${worstP99 < 100 ? 'met' : `NOT met (worst ${worstP99.toFixed(0)} ms)`}; 5xx/errors ${total5xx}`,
  );
  if (dashboardReport) console.log(dashboardReport);
  const appliedOnce = [
    db.members - demoMembers,
    db.confirmed,
    db.mandate_changes - demoMembers,
    db.emails,
  ].every((n) => n === outcome.signed + (warm?.signed ?? 0));
  if (
    !appliedOnce ||
    db.beyond > 0 ||
    db.taken > CAPACITY ||
    total5xx > 0 ||
    outcome.refusedAfterSigning > 0
  ) {
    console.error(
      'FAILED: a sign lost or applied twice, capacity exceeded, a signer refused after signing, or server errors',
    );
    process.exitCode = 1;
  }
  await qrFrames(timed, calls, sleep);
}

/**
 * The QR code's frames alone (after the rush): QR_SCREENS pages each with a BankID order of its
 * own, asking GET /api/getBankIdQr once a second for QR_SECONDS, as the page does. The orders
 * are started first; the simulator approves them, but no collect tells this process so, and a
 * frame costs the same either way. Prints frames/s, p50/p99 and the server's CPU per frame.
 */
async function qrFrames(timed, calls, sleep) {
  const SCREENS = Number(process.env.QR_SCREENS ?? 500);
  const SECONDS = Number(process.env.QR_SECONDS ?? 20);
  if (!SCREENS || !SECONDS) return;
  const screens = [];
  await run(SCREENS, 50, async (i) => {
    const session = await timed('qr: session', '/api/session', { method: 'POST' });
    const token = session.body?.idToken;
    const auth = await timed('qr: startBankIDAuth', '/api/startBankIDAuth', {
      method: 'POST',
      body: { data: { personalNumber: personalNumber(900_000 + i) } },
      token,
    });
    if (auth.status === 200) screens.push({ token, transactionId: auth.body.result.transactionId });
  });
  // What the server spends doing nothing asked (its schedules, the outbox, GC after the rush),
  // taken off the figures below; and getConcertStatus (the other fast path) at the same rate, so
  // the frame's cost reads against a known one on the same busy machine.
  const idleStart = backend.cpuSeconds();
  await sleep(5000);
  const idlePerSecond = (backend.cpuSeconds() - idleStart) / 5;
  const phase = async (type, pathOf, token = (s) => s.token) => {
    calls.delete(type);
    const cpuBefore = backend.cpuSeconds();
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      screens.map(async (screen, k) => {
        await sleep((k * 1000) / screens.length); // the pages opened over a second, not all at once
        while (performance.now() < until) {
          const res = await timed(type, pathOf(screen), { token: token(screen) });
          await sleep(
            res.status === 200 && res.body?.nextInMs ? Math.min(1000, res.body.nextInMs) + 20 : 1000,
          );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = backend.cpuSeconds() - cpuBefore - idlePerSecond * seconds;
    const c = calls.get(type);
    const sorted = Float64Array.from(c.latencies).sort();
    const n = sorted.length;
    console.log(
      `${type} alone: ${screens.length} screens × ${SECONDS} s: ${n} calls (${(n / seconds).toFixed(0)}/s), p50 ${pct(sorted, 50)} ms, p99 ${pct(sorted, 99)} ms, 2xx ${c.byClass['2xx']}, 4xx ${c.byClass['4xx']}, 5xx ${c.byClass['5xx']}, errors ${c.byClass.error}; ` +
        `server CPU ${cpu.toFixed(2)} s net of idle (${(idlePerSecond * 100).toFixed(1)} % of a core idle), ${((cpu * 1e6) / n).toFixed(0)} µs per call`,
    );
    return c;
  };
  const frames = await phase('getBankIdQr', (s) => `/api/getBankIdQr?transactionId=${s.transactionId}`);
  await phase(
    'getConcertStatus (same rate, for reference)',
    () => '/api/getConcertStatus',
    () => undefined,
  );
  if (frames.byClass['5xx'] + frames.byClass.error + frames.byClass['4xx'] > 0) process.exitCode = 1;
}

try {
  const { rate: ceiling, dbCpuPerClaim } = await databaseCeiling(dbUrl.href);
  const floor = await httpFloor(STATUS_REQUESTS);

  const sessions = new Array(VISITORS);
  const sessionRun = await run(VISITORS, CONCURRENCY, async (i) => {
    sessions[i] = (await post('/api/session')).body.idToken;
  });

  const outcomes = new Array(VISITORS);
  const reg = await run(VISITORS, CONCURRENCY, async (i) => {
    outcomes[i] = await post('/api/register', { data: {} }, sessions[i]);
  });
  const granted = outcomes.filter((o) => o.status === 200).map((o) => o.body.result.ticketId);
  const refused = outcomes.filter((o) => o.status === 409).length;
  const serverErrors = outcomes.filter((o) => o.status >= 500).length;
  const distinct = new Set(granted).size;
  // While tickets remain every visitor gets a hold: a ticket within the budget of unidentified
  // holds (5 % of the capacity), else a pending hold that gets its ticket at identification.
  const expected = VISITORS;
  const counter = postgres(dbUrl.href, { max: 1, onnotice: () => {} });
  const [{ held }] = await counter`SELECT count(*)::int AS held FROM tickets WHERE hold_expires_at > now()`;
  await counter.end();
  const budget = Math.max(Math.ceil(CAPACITY * 0.05), Math.min(CAPACITY, 5));

  const status = await run(STATUS_REQUESTS, CONCURRENCY, async () => {
    const res = await request(`${backend.baseUrl}/api/getConcertStatus`, { dispatcher });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`getConcertStatus ${res.statusCode}`);
  });

  // Page loads of the start page as a phone makes them (brotli), if the apps are built.
  const pages = existsSync('shell/dist/index.html')
    ? await run(PAGE_REQUESTS, CONCURRENCY, async () => {
        const res = await request(`${backend.baseUrl}/sv/`, {
          dispatcher,
          headers: { 'accept-encoding': 'br' },
        });
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`/sv/ ${res.statusCode}`);
      })
    : undefined;

  let signReport = '';
  if (SIGNERS > 0) {
    const holders = outcomes
      .map((o, i) => (o.status === 200 ? i : -1))
      .filter((i) => i >= 0)
      .slice(0, SIGNERS);
    const collectLatencies = [];
    const results = new Array(holders.length);
    const signs = await run(holders.length, SIGN_CONCURRENCY, async (k) => {
      const i = holders[k];
      results[k] = await signUp(sessions[i], outcomes[i].body.result.ticketId, i, collectLatencies);
    });
    const signed = results.filter((r) => r === 'signed').length;
    const failures = Object.entries(
      results.reduce((acc, r) => (r === 'signed' ? acc : { ...acc, [r]: (acc[r] ?? 0) + 1 }), {}),
    );
    const check = postgres(dbUrl.href, { max: 1, onnotice: () => {} });
    const [db] = await check`
      SELECT (SELECT count(*)::int FROM memberships) AS members,
             (SELECT count(*)::int FROM tickets WHERE confirmed_at IS NOT NULL) AS confirmed,
             (SELECT count(*)::int FROM mandate_amount_history) AS mandate_changes,
             (SELECT count(*)::int FROM email_outbox WHERE email_type = 'registeredNew') AS emails`;
    await check.end();
    const sortedCollect = Float64Array.from(collectLatencies).sort();
    const demoMembers = 2; // the member fixtures seeded in demo mode
    signReport =
      `signers ${holders.length} (concurrency ${SIGN_CONCURRENCY}): signed ${signed} in ${signs.seconds.toFixed(1)} s, failures ${JSON.stringify(Object.fromEntries(failures))}\n` +
      `applied once: members ${db.members - demoMembers}, confirmed tickets ${db.confirmed}, mandates ${db.mandate_changes - demoMembers}, e-mails ${db.emails} (each must equal ${signed})\n` +
      `checkBankIdTransactionStatus: p50 ${pct(sortedCollect, 50)} ms, p99 ${pct(sortedCollect, 99)} ms over ${sortedCollect.length} polls`;
    if (
      [db.members - demoMembers, db.confirmed, db.mandate_changes - demoMembers, db.emails].some(
        (n) => n !== signed,
      )
    ) {
      console.error('FAILED: a sign was lost or applied twice');
      process.exitCode = 1;
    }
  }

  const registerRate = VISITORS / reg.seconds;
  console.log(`visitors ${VISITORS}, capacity ${CAPACITY}, concurrency ${CONCURRENCY}`);
  console.log(
    `holds granted ${granted.length} (expected ${expected}), distinct hold ids ${distinct}, of them holding a ticket ${held} (budget of unidentified holds ${budget}), refused noTicket ${refused}, 5xx ${serverErrors}`,
  );
  console.log(
    `session: ${(VISITORS / sessionRun.seconds).toFixed(0)}/s, p50 ${pct(sessionRun.latencies, 50)} ms, p99 ${pct(sessionRun.latencies, 99)} ms; ${sessionRun.cpu}`,
  );
  console.log(
    `register: ${registerRate.toFixed(0)}/s, p50 ${pct(reg.latencies, 50)} ms, p99 ${pct(reg.latencies, 99)} ms; ${reg.cpu}`,
  );
  console.log(
    `getConcertStatus: ${(STATUS_REQUESTS / status.seconds).toFixed(0)}/s, p50 ${pct(status.latencies, 50)} ms, p99 ${pct(status.latencies, 99)} ms; ${status.cpu}`,
  );
  console.log(
    pages
      ? `page /sv/ (brotli): ${(PAGE_REQUESTS / pages.seconds).toFixed(0)}/s, p50 ${pct(pages.latencies, 50)} ms, p99 ${pct(pages.latencies, 99)} ms; ${pages.cpu}`
      : 'page /sv/: not measured (run npm run build first)',
  );
  console.log(
    `bare node:http floor with this load generator: ${floor.toFixed(0)}/s; getConcertStatus at ${((STATUS_REQUESTS / status.seconds / floor) * 100).toFixed(0)}% of it`,
  );
  console.log(
    `database ceiling for one claim per statement (16 connections): ${ceiling.toFixed(0)}/s (database CPU ${dbCpuPerClaim.toFixed(0)} µs/claim); register (batched claims) at ${((registerRate / ceiling) * 100).toFixed(0)}% of it`,
  );
  if (signReport) console.log(signReport);
  if (granted.length !== expected || distinct !== granted.length || held > budget || serverErrors > 0) {
    console.error('FAILED: oversell, lost holds or server errors');
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}
