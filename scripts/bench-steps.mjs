// `npm run bench:steps`: the backend's CPU for each step of a visitor's path, one step at a time.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_SERVER=dist npm run bench:steps
// VISITORS (300) visitors take each step together, CONCURRENCY (20) in flight, with a pause between
// steps: the start page, the session's challenge (solved as the page does: the proof of work is off
// in benches), the status, register (which opens the session with the solution, as the page's
// first call does), BankID's identification (its start, a QR
// frame, a pending collect, the completing collect), the personal info, BankID's sign (its start,
// a pending collect, the completing collect) and the confirmation e-mail after it. The simulators of
// BankID and the population register and the mail server run in a process of their own (as in
// bench:rush); BankID approves 3 s after each start. Prints, per step, the backend's CPU per visitor
// (all its threads, from /proc's schedstat: nanoseconds), its write and read calls per visitor,
// and user and system CPU (10 ms ticks). ROUNDS (4) rounds with new visitors; the first warms the
// JIT up and each figure is the median of the others (a garbage collection lands in one step of
// one round), so the figures are a warm server's: bench:rush's CPU per arrival is what a whole
// rush costs, this is where a sign-up's share of it goes.
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { backendNodeVersion, cpuNsOf, startBackend } from './lib/backend-process.mjs';
import { scratchDatabase } from './lib/drill.mjs';
import { nordeaPersonkonto, personalNumber, startSimulators } from './lib/simulators.mjs';

// The page's own solver (shared/src/universal/proof-of-work.ts).
const { register: registerTsx } = await import('tsx/esm/api');
registerTsx();
const { solveSessionChallenge } = await import('../shared/src/universal/proof-of-work.ts');

const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!SERVER_URL) {
  console.error('bench:steps needs DATABASE_URL (a PostgreSQL server on 127.0.0.1)');
  process.exit(2);
}
const VISITORS = Number(process.env.VISITORS ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const ROUNDS = Math.max(2, Number(process.env.ROUNDS ?? 4));
const PORT = Number(process.env.BENCH_PORT ?? 8484);
const APPROVE_MS = 3000;

const scratch = await scratchDatabase(SERVER_URL, 'concert_steps');
let simulators;
let backend;
const dispatcher = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
try {
  simulators = await startSimulators({ port: PORT + 2, mailPort: PORT + 1002, delayMs: APPROVE_MS });
  backend = await startBackend({
    port: PORT,
    env: {
      DATABASE_URL: scratch.url,
      CONCERT_CAPACITY: '15000',
      DEMO_BANKID_AUTO_APPROVE: 'true',
      DEMO_BANKID_DELAY_MS: String(APPROVE_MS),
      LOG_LEVEL: 'info',
      ...simulators.env(),
    },
    logFile: `/tmp/bench-steps-${PORT}.log`,
  });
  await measure();
} finally {
  simulators?.stop();
  await backend?.stop();
  await dispatcher.close();
  await scratch.drop();
}

async function measure() {
  const pid = backend.pid;
  /** CPU nanoseconds of all the backend's threads so far. */
  const cpuNs = () => cpuNsOf(pid);
  const io = () => {
    const text = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name) => Number(new RegExp(`${name}: (\\d+)`).exec(text)[1]);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return {
      writes: field('syscw'),
      reads: field('syscr'),
      user: Number(stat[11]),
      system: Number(stat[12]),
    };
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  async function call(path, { method = 'GET', body, token, headers = {} } = {}) {
    const res = await request(`${backend.baseUrl}${path}`, {
      method,
      dispatcher,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.body.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      // a page, or an empty answer
    }
    return { status: res.statusCode, body: json };
  }
  const collect = async (v) => {
    const res = await call('/api/checkBankIdTransactionStatus', {
      method: 'POST',
      body: { data: { transactionId: v.transactionId } },
      token: v.token,
    });
    return res.body?.result?.status ?? res.status;
  };
  const steps = [
    ['page /sv/', async () => (await call('/sv/', { headers: { 'accept-encoding': 'br' } })).status],
    [
      'session challenge',
      async (v) => {
        const res = await call('/api/session/challenge');
        v.altcha = res.status === 200 ? await solveSessionChallenge(res.body, async () => {}) : undefined;
        return res.status;
      },
    ],
    ['getConcertStatus', async () => (await call('/api/getConcertStatus')).status],
    [
      'register (opens the session)',
      async (v) => {
        const res = await call('/api/register', {
          method: 'POST',
          body: { data: {}, session: { altcha: v.altcha } },
        });
        v.token = res.body?.session?.idToken;
        return res.status;
      },
    ],
    [
      'startBankIDAuth',
      async (v) => {
        const res = await call('/api/startBankIDAuth', {
          method: 'POST',
          body: { data: { personalNumber: v.pn } },
          token: v.token,
        });
        v.transactionId = res.body?.result?.transactionId;
        return res.status;
      },
    ],
    [
      'getBankIdQr',
      async (v) =>
        (await call(`/api/getBankIdQr?transactionId=${v.transactionId}`, { token: v.token })).status,
    ],
    ['collect, identification pending', collect],
    ['(BankID approves)', APPROVE_MS + 500],
    ['collect, identification complete', collect],
    [
      'getPersonalInfo',
      async (v) => {
        const res = await call('/api/getPersonalInfo', {
          method: 'POST',
          body: { data: { personalNumber: v.pn, email: v.email } },
          token: v.token,
        });
        v.ticketId = res.body?.result?.ticketData?.ticketId;
        return res.status;
      },
    ],
    [
      'startBankIDSign',
      async (v) => {
        const res = await call('/api/startBankIDSign', {
          method: 'POST',
          body: {
            data: {
              personalNumber: v.pn,
              ticketId: v.ticketId,
              donationAmount: 150,
              signType: 'new',
              lang: 'sv',
              person: {
                firstName: 'Bänk',
                lastName: 'Testsson',
                email: v.email,
                phone: '0701234567',
                address: 'Gatan 1',
                zipCode: '123 45',
                city: 'Stad',
              },
              accountInfo: nordeaPersonkonto(v.pn),
            },
          },
          token: v.token,
        });
        v.transactionId = res.body?.result?.transactionId;
        return res.status;
      },
    ],
    ['collect, sign pending', collect],
    ['(BankID approves)', APPROVE_MS + 500],
    ['collect, sign complete', collect],
  ];
  const measured = []; // per round after the first: per step { cpu, writes, reads, user, system, answers }
  for (let round = 0; round < ROUNDS; round++) {
    const visitors = Array.from({ length: VISITORS }, (_, i) => {
      const n = round * VISITORS + i;
      return { pn: personalNumber(n + 7), email: `steps${n}@bench.se` };
    });
    const rows = [];
    for (const [name, step] of steps) {
      if (typeof step === 'number') {
        await sleep(step);
        continue;
      }
      await sleep(300);
      const [cpu0, io0, from] = [cpuNs(), io(), monotonicUs()];
      const answers = {};
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < VISITORS) {
            const answer = await step(visitors[next++]);
            answers[answer] = (answers[answer] ?? 0) + 1;
          }
        }),
      );
      await sleep(50); // the access log's line and the metrics after the answer
      const [cpu1, io1] = [cpuNs(), io()];
      rows.push({
        name,
        window: [from, monotonicUs()],
        cpu: (cpu1 - cpu0) / 1e3 / VISITORS,
        writes: (io1.writes - io0.writes) / VISITORS,
        reads: (io1.reads - io0.reads) / VISITORS,
        user: ((io1.user - io0.user) * 1e4) / VISITORS,
        system: ((io1.system - io0.system) * 1e4) / VISITORS,
        answers,
      });
    }
    // The confirmation e-mails go out after the sign: the outbox worker's CPU in the next seconds.
    const [after0, from] = [cpuNs(), monotonicUs()];
    await sleep(4000);
    rows.push({
      name: 'the 4 s after the sign (its e-mail)',
      cpu: (cpuNs() - after0) / 1e3 / VISITORS,
      window: [from, monotonicUs()],
    });
    if (round > 0) measured.push(rows);
  }
  // BENCH_WINDOWS=<file>: each measured step's times (µs of the monotonic clock, as a profile's
  // timestamps: --cpu-prof, perf record -k mono), to read a profile of the server step by step.
  if (process.env.BENCH_WINDOWS)
    writeFileSync(
      process.env.BENCH_WINDOWS,
      JSON.stringify(
        measured.flatMap((rows, r) =>
          rows.map((row) => ({ round: r + 2, step: row.name, from: row.window[0], to: row.window[1] })),
        ),
      ),
    );
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  console.log(
    `bench:steps: ${VISITORS} visitors take each step together, ${CONCURRENCY} in flight; the median of rounds 2–${ROUNDS} (the first warms up); the backend on Node ${backendNodeVersion()}`,
  );
  console.log('step                                 CPU µs per visitor  writes  reads  user µs  system µs');
  let total = 0;
  measured[0].forEach((row, k) => {
    const of = (field) => median(measured.map((rows) => rows[k][field]));
    total += of('cpu');
    console.log(
      `${row.name.padEnd(36)} ${of('cpu').toFixed(0).padStart(8)}` +
        (row.answers
          ? `   ${of('writes').toFixed(1).padStart(11)} ${of('reads').toFixed(1).padStart(6)} ${of('user').toFixed(0).padStart(8)} ${of('system').toFixed(0).padStart(10)}`
          : ''),
    );
  });
  console.log(`all steps: ${total.toFixed(0)} µs per visitor (medians added)`);
  const expected = ['200', 'pending', 'complete'];
  const failed = measured
    .flat()
    .filter((r) => r.answers && !Object.keys(r.answers).every((a) => expected.includes(a)));
  if (failed.length) {
    console.error(
      `FAILED: unexpected answers: ${failed.map((r) => `${r.name} ${JSON.stringify(r.answers)}`).join('; ')}`,
    );
    process.exitCode = 1;
  }
}
