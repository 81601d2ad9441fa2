// `npm run drill:db-outage`: PostgreSQL stops for a few seconds during a rush (bounded,
// 127.0.0.1 only). It runs on a private, throw-away PostgreSQL 15 cluster (initdb in a temp
// dir, its own port), never on the machine's server. Checks: meanwhile the API answers 503
// UNAVAILABLE (which the client retries), never 500; no request hangs past the timeouts;
// the API recovers by itself within 5 s of the database's return; every acknowledged hold
// is still there afterwards and no ticket is held twice.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { Agent, request } from 'undici';
import { startBackend } from './lib/backend-process.mjs';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 15432); // below the ephemeral range (32768+), so no outgoing connection holds it
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 3000);
const RUSH_MS = Number(process.env.RUSH_MS ?? 12_000);
const HUNG_AFTER_MS = 12_000; // connect timeout 5 s + statement timeout 5 s + margin

const dir = mkdtempSync(path.join(tmpdir(), 'drill-pg-'));
chmodSync(dir, 0o777);
const pgdata = path.join(dir, 'data');
const asPostgres = (cmd, args) => {
  // initdb and postgres refuse to run as root.
  const runAs = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(runAs[0], runAs[1], { stdio: 'pipe' }).toString();
};
const pgCtl = (...args) => asPostgres(path.join(BIN, 'pg_ctl'), ['-D', pgdata, '-w', '-t', '30', ...args]);

asPostgres(path.join(BIN, 'initdb'), ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
const startPg = () =>
  pgCtl('-o', `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), 'start');
startPg();
const dbUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
const backend = await startBackend({
  port: Number(process.env.BENCH_PORT ?? 8585),
  env: { DATABASE_URL: dbUrl, CONCERT_CAPACITY: '100000' },
});
const dispatcher = new Agent({ connections: 50 });
const call = async (pathname, body, token) => {
  const t0 = performance.now();
  try {
    const res = await request(`${backend.baseUrl}${pathname}`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
      headersTimeout: 30_000,
    });
    return {
      status: res.statusCode,
      body: await res.body.json().catch(() => undefined),
      ms: performance.now() - t0,
      at: Date.now(),
    };
  } catch {
    return { status: 0, ms: performance.now() - t0, at: Date.now() };
  }
};

try {
  const answers = [];
  const granted = new Map(); // ticketId → uid, as acknowledged to the visitor
  let downAt = 0;
  let upAt = 0;
  const rushUntil = Date.now() + RUSH_MS;
  const visitor = async () => {
    while (Date.now() < rushUntil) {
      const session = await call('/api/session');
      if (session.status !== 200) {
        answers.push(session);
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const res = await call('/api/register', { data: {} }, session.body.idToken);
      answers.push(res);
      if (res.status === 200) granted.set(res.body.result.ticketId, session.body.uid);
    }
  };
  const outage = (async () => {
    await new Promise((r) => setTimeout(r, 3000));
    downAt = Date.now();
    pgCtl('-m', 'fast', 'stop');
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    startPg();
    upAt = Date.now();
  })();
  await Promise.all([outage, ...Array.from({ length: 20 }, visitor)]);

  const byStatus = answers.reduce((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
  const duringOutage = answers.filter((a) => a.at >= downAt && a.at <= upAt);
  const firstOkAfter = answers.filter((a) => a.at > upAt && a.status === 200).sort((a, b) => a.at - b.at)[0];
  const recoveryMs = firstOkAfter ? firstOkAfter.at - upAt : Infinity;
  const slowest = Math.max(...answers.map((a) => a.ms));

  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  const rows = await sql`SELECT hold_id, holder_uid FROM tickets WHERE holder_uid IS NOT NULL`;
  // Past the budget of unidentified holds (5 % of the capacity) a register gets a pending hold.
  const pending = await sql`SELECT hold_id, session_uid FROM pending_holds`;
  await sql.end();
  // register answers the hold id as ticketId
  const held = new Map([
    ...rows.map((r) => [r.hold_id, r.holder_uid]),
    ...pending.map((p) => [p.hold_id, p.session_uid]),
  ]);
  const lost = [...granted].filter(([ticketId, uid]) => held.get(ticketId) !== uid).length;
  const holders = new Set(rows.map((r) => r.holder_uid));

  console.log(
    `outage ${OUTAGE_MS} ms during a ${RUSH_MS} ms rush of 20 visitors; answers by status: ${JSON.stringify(byStatus)}`,
  );
  console.log(
    `during the outage: ${duringOutage.length} answers, statuses ${JSON.stringify([...new Set(duringOutage.map((a) => a.status))])}`,
  );
  console.log(
    `recovered ${recoveryMs} ms after the database came back; slowest request ${slowest.toFixed(0)} ms`,
  );
  console.log(
    `acknowledged holds ${granted.size}, lost ${lost}; rows held ${rows.length} by ${holders.size} sessions, pending holds ${pending.length}`,
  );
  const failures = [
    byStatus[500] && 'a 500 was answered',
    byStatus[0] && 'a request failed without an answer',
    recoveryMs > 5000 && 'no recovery within 5 s',
    slowest > HUNG_AFTER_MS && 'a request hung past the timeouts',
    lost > 0 && 'an acknowledged hold was lost',
    holders.size !== rows.length && 'a session holds two tickets',
    !duringOutage.some((a) => a.status === 503) && 'no 503 seen during the outage',
  ].filter(Boolean);
  if (failures.length) {
    console.error(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('drill passed');
} finally {
  await backend.stop();
  await dispatcher.close();
  try {
    pgCtl('-m', 'immediate', 'stop');
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
}
