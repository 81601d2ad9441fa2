// `npm run bench:register`: ticket holds under a rush, on a real PostgreSQL server.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:register
// Creates a scratch database, starts the backend on it (as `npm start` does), creates
// VISITORS sessions, then fires one `register` per visitor at CONCURRENCY in flight, and
// polls getConcertStatus the same way. Prints figures; asserts no oversell and no 5xx.
// Also measures the database's own ceiling for the claim statement (a direct loop of the same
// UPDATE … FOR UPDATE SKIP LOCKED over 16 connections), so results compare across machines.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { Agent, request } from 'undici';

const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!SERVER_URL) {
  console.error('bench:register needs DATABASE_URL (a PostgreSQL server; the embedded one serialises everything)');
  process.exit(2);
}
const VISITORS = Number(process.env.VISITORS ?? 20_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 200);
const CAPACITY = Number(process.env.CAPACITY ?? 15_000);
const STATUS_REQUESTS = Number(process.env.STATUS_REQUESTS ?? 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 8383);
const BASE = `http://127.0.0.1:${PORT}`;

const dbName = `concert_bench_${Date.now()}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-register-'));
const server = spawn('npx', ['tsx', 'backend/src/server.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DEV_IDP_PORT: '0', RATE_LIMIT_SCALE: '1000', DATABASE_URL: dbUrl.href, DATA_DIR: dataDir, CONCERT_CAPACITY: String(CAPACITY), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const dispatcher = new Agent({ connections: CONCURRENCY, pipelining: 1, keepAliveTimeout: 30_000 });

async function cleanUp() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 500));
  await dispatcher.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await request(`${BASE}/api/health`, { dispatcher });
      await res.body.dump();
      if (res.statusCode === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backend did not start');
}

/** Runs `count` jobs with `concurrency` in flight; returns per-job latencies and the wall time. */
async function run(count, concurrency, job) {
  const latencies = new Float64Array(count);
  let next = 0;
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
  return { latencies: latencies.sort(), seconds: (performance.now() - started) / 1000 };
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);

async function post(pathname, body, token) {
  const res = await request(`${BASE}${pathname}`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: await res.body.json() };
}

/** The claim statement alone, straight to the database over 16 connections, on a copy of the tickets table large enough never to run out. */
async function databaseCeiling(url, seconds = 4) {
  const sql = postgres(url, { max: 16, onnotice: () => {} });
  await sql`CREATE TABLE bench_claims (LIKE tickets INCLUDING ALL)`;
  await sql`INSERT INTO bench_claims (seq) SELECT generate_series(1, 200000)`;
  await sql`VACUUM ANALYZE bench_claims`;
  let claims = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        const rows = await sql`
          UPDATE bench_claims SET holder_uid = ${`ceiling-${n++}`}, hold_expires_at = now() + interval '15 minutes'
          WHERE id = (SELECT id FROM bench_claims WHERE confirmed_at IS NULL
                        AND (hold_expires_at IS NULL OR hold_expires_at <= now())
                      ORDER BY hold_expires_at NULLS FIRST, seq LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id`;
        claims += rows.length;
      }
    }),
  );
  await sql`DROP TABLE bench_claims`;
  await sql.end();
  return claims / seconds;
}

try {
  await waitForServer();
  const ceiling = await databaseCeiling(dbUrl.href);

  const sessions = new Array(VISITORS);
  await run(VISITORS, CONCURRENCY, async (i) => {
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
  const expected = Math.min(VISITORS, CAPACITY);

  const status = await run(STATUS_REQUESTS, CONCURRENCY, async () => {
    const res = await request(`${BASE}/api/getConcertStatus`, { dispatcher });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`getConcertStatus ${res.statusCode}`);
  });

  const registerRate = VISITORS / reg.seconds;
  console.log(`visitors ${VISITORS}, capacity ${CAPACITY}, concurrency ${CONCURRENCY}`);
  console.log(`holds granted ${granted.length} (expected ${expected}), distinct tickets ${distinct}, refused noTicket ${refused}, 5xx ${serverErrors}`);
  console.log(`register: ${registerRate.toFixed(0)}/s, p50 ${pct(reg.latencies, 50)} ms, p99 ${pct(reg.latencies, 99)} ms`);
  console.log(`getConcertStatus: ${(STATUS_REQUESTS / status.seconds).toFixed(0)}/s, p50 ${pct(status.latencies, 50)} ms, p99 ${pct(status.latencies, 99)} ms`);
  console.log(`database ceiling for the claim statement (16 connections): ${ceiling.toFixed(0)}/s; register at ${((registerRate / ceiling) * 100).toFixed(0)}% of it`);
  if (granted.length !== expected || distinct !== granted.length || serverErrors > 0) {
    console.error('FAILED: oversell, lost holds or server errors');
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}
