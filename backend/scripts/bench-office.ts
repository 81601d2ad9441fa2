// `npm run bench:office`: the office's work at 10,000 tickets on a real PostgreSQL server.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:office
// Creates a scratch database, seeds TICKETS confirmed tickets (members, mandates, signed amounts,
// today's BankID orders), then measures: the dashboard's one aggregate query (database execution
// time from EXPLAIN ANALYZE, and the round trip as the server sees it), and each export as CSV
// and XLSX streamed to nowhere (wall time, bytes, the process's peak memory above its baseline).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_KINDS, EXPORT_FORMATS } from '@concert/shared/api';
import pino from 'pino';
import postgres from 'postgres';
import { openDatabase } from '../src/db/connect.js';
import { createExportService } from '../src/modules/exports/service.js';
import { createDoorCodes } from '../src/modules/tickets/door-codes.js';
import { saleDashboardFigures } from '../src/modules/sale/queries.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { publishedConcert } from '../src/modules/concert/records.js';
import { ticketScopeOf } from '../src/modules/concert/terms.js';
import type { TicketScope } from '../src/modules/tickets/queries/availability.js';
import { createPersonalDataProtector } from '../src/privacy/personal-data.js';
import { seedConfirmedTickets } from '../test/office-seed.js';

const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!SERVER_URL) {
  console.error('bench:office needs DATABASE_URL (a PostgreSQL server)');
  process.exit(2);
}
const TICKETS = Number(process.env.TICKETS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 50);
const EXPORTS = process.env.EXPORTS !== '0';

const name = `concert_bench_office_${Date.now()}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;
const db = await openDatabase({ databaseUrl: url.href, dataDir: '/tmp' });
const sql = db.sql;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2);

const protector = createPersonalDataProtector(randomBytes(32));
/** The stored concert's ticket rows (read after the database is prepared). */
let scope: TicketScope = ticketScopeOf(null);
try {
  await prepareDatabase(
    sql,
    {
      capacity: TICKETS,
      demo: false,
      holdMs: 15 * 60_000,
      salesOpenAt: Date.now() - 60_000,
      salesCloseAt: undefined,
      demoConcertDate: undefined,
    },
    protector,
  );
  scope = ticketScopeOf(await publishedConcert(sql));
  const t0 = performance.now();
  await seedConfirmedTickets(sql, protector, TICKETS, 1);
  // Every signer's BankID orders of today: an identification and a signature, plus some who gave up.
  await sql`
    INSERT INTO bankid_transactions (session_uid, kind, order_ref, auto_start_token, qr_start_token, qr_start_secret, personal_number_hash, status, applied_outcome)
    SELECT 's' || (g / 2), CASE WHEN g % 2 = 0 THEN 'auth' ELSE 'sign' END, 'o' || g, 'a', 'q', 's', 'h' || g,
           CASE WHEN g % 7 = 0 THEN 'failed' ELSE 'complete' END,
           CASE WHEN g % 2 = 1 AND g % 7 <> 0 THEN 'applied' END
    FROM generate_series(1, ${TICKETS * 2 + TICKETS / 5}::int) AS g`;
  await sql`ANALYZE`;
  console.log(
    `seeded ${TICKETS} confirmed tickets and ${TICKETS * 2 + TICKETS / 5} BankID orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // The dashboard: what the database spends (EXPLAIN ANALYZE's execution time) and the round trip.
  const figures = await saleDashboardFigures(sql, scope);
  console.log(
    `dashboard: confirmed ${figures.confirmed}, checked in ${figures.checkedIn}, funnel ${JSON.stringify(figures.funnel)}, ${figures.perMinute.length} minutes in the chart`,
  );
  // The first count of a process reads the whole sale; every later one the chart's last minutes only.
  await measureDashboard('first count (whole chart)', null);
  await measureDashboard(
    'each later count (chart from 3 minutes back)',
    new Date(Math.floor((Date.now() - 3 * 60_000) / 60_000) * 60_000),
  );

  if (EXPORTS) await measureExports();
} finally {
  await db.close();
  if (process.env.KEEP_DB) console.log(`kept database ${name}`);
  else await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** Each export as CSV and XLSX, streamed to nowhere; memory sampled every 5 ms. */
async function measureExports() {
  let t0: number;
  const [benchStaff] = await sql<
    { id: string }[]
  >`INSERT INTO staff (issuer, subject, email) VALUES ('bench', 'bench', 'bench@org.example') RETURNING id`;
  const staff = {
    id: benchStaff!.id,
    email: 'bench@org.example',
    name: null,
    role: 'office' as const,
    isCopyAdmin: false,
  };
  const exports = createExportService({
    sql,
    concert: { id: scope.concertId },
    log: pino({ level: 'silent' }),
    doorCodes: createDoorCodes(protector),
  });
  for (const kind of EXPORT_KINDS.filter((k) => k !== 'queue')) {
    for (const format of EXPORT_FORMATS) {
      global.gc?.();
      const baseline = process.memoryUsage();
      let peak = baseline.rss;
      let heapPeak = baseline.heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        heapPeak = Math.max(heapPeak, m.heapUsed);
      }, 5);
      t0 = performance.now();
      const file = await exports.exportFile(staff, kind, format, 'sv');
      let bytes = 0;
      await pipeline(
        file.body,
        new Writable({
          write(chunk: Buffer, _enc, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
      clearInterval(sampler);
      const ms = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 50)); // the audit row is written as the stream ends
      const [audit] = await sql<
        { after: { rows: number } }[]
      >`SELECT after FROM audit_log WHERE action = 'export.download' ORDER BY id DESC LIMIT 1`;
      console.log(
        `export ${kind}.${format}: ${audit?.after.rows} rows, ${(bytes / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms; peak RSS +${((peak - baseline.rss) / 1048576).toFixed(1)} MiB, peak heap +${((heapPeak - baseline.heapUsed) / 1048576).toFixed(1)} MiB`,
      );
    }
  }
}

/**
 * The dashboard's one statement: the database's own time (EXPLAIN ANALYZE without per-node
 * timing: planning + execution) and the round trip from this process. postgres.js' debug hook
 * hands over the statement's text and parameters.
 */
async function measureDashboard(label: string, minutesSince: Date | null) {
  const roundTrips: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await saleDashboardFigures(sql, scope, minutesSince);
    roundTrips.push(performance.now() - t0);
  }
  let statement: { query: string; params: unknown[] } | undefined;
  const spy = postgres(url.href, {
    max: 1,
    onnotice: () => {},
    transform: postgres.camel,
    debug: (_c, query, params) => {
      if (!statement && query.includes('tickets_now')) statement = { query, params: params as unknown[] };
    },
  });
  await saleDashboardFigures(spy, scope, minutesSince);
  // The database backend's own CPU time (Linux /proc, clock ticks of 10 ms): what the query costs
  // the server, unlike wall time, whatever else this shared machine is busy with.
  const [{ pid }] = (await spy`SELECT pg_backend_pid() AS pid`) as unknown as [{ pid: number }];
  const cpuTicks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const cpuBefore = cpuTicks();
  for (let i = 0; i < RUNS * 4; i++) await saleDashboardFigures(spy, scope, minutesSince);
  const cpuMs = ((cpuTicks() - cpuBefore) * 10) / (RUNS * 4);
  const executions: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [row] = await spy.unsafe(
      `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${statement!.query}`,
      statement!.params as never[],
    );
    const plan = Object.values(row as Record<string, unknown>)[0] as {
      'Execution Time': number;
      'Planning Time': number;
    }[];
    executions.push(plan[0]!['Execution Time'] + plan[0]!['Planning Time']);
  }
  if (process.env.PLAN) {
    const plan = await spy.unsafe(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement!.query}`,
      statement!.params as never[],
    );
    console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  }
  await spy.end();
  executions.sort((a, b) => a - b);
  roundTrips.sort((a, b) => a - b);
  console.log(
    `dashboard at ${TICKETS} tickets, ${label}: database CPU ${cpuMs.toFixed(1)} ms per count; database wall time p50 ${pct(executions, 50)} ms, p95 ${pct(executions, 95)} ms; round trip p50 ${pct(roundTrips, 50)} ms, p95 ${pct(roundTrips, 95)} ms (${RUNS} runs; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
}
