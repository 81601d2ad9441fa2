// `npm run drill:kill-mid-sign`: the backend is killed (SIGKILL) while a visitor's BankID sign
// is being approved; a new backend process on the same database picks up. The next collect
// must apply the completed sign, exactly once, however often it is polled. BankID is the
// simulator in a process of its own (so it outlives the backend, like the real service).
// Needs a PostgreSQL server: DATABASE_URL (default the machine's, 127.0.0.1:5432).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startBackend } from './lib/backend-process.mjs';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIM_PORT = 8701;
const PN = '196405121002'; // not a fixture: the simulator completes it by itself (auto-approve)

const dbName = `concert_drill_${Date.now()}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'drill-kill-'));
const simulator = spawn(process.execPath, ['--import', 'tsx', 'backend/scripts/bankid-simulator.ts'], {
  env: {
    ...process.env,
    PORT: String(SIM_PORT),
    DEMO_BANKID_AUTO_APPROVE: 'true',
    DEMO_BANKID_DELAY_MS: '1500',
  },
  stdio: 'ignore',
  detached: true,
});
const env = {
  DATABASE_URL: dbUrl.href,
  DATA_DIR: dataDir,
  BANKID_API_URL: `http://127.0.0.1:${SIM_PORT}/sim/bankid/rp/v6.0`,
};

async function post(baseUrl, name, data, token) {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(data === undefined ? undefined : { data }),
  });
  return { status: res.status, body: await res.json() };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let exitCode = 0;
let first;
try {
  await sleep(2500); // simulator start-up
  first = await startBackend({ port: 8702, env });
  const { idToken } = (await post(first.baseUrl, 'session')).body;
  const ticket = (await post(first.baseUrl, 'register', {}, idToken)).body.result;
  const auth = (await post(first.baseUrl, 'startBankIDAuth', { personalNumber: PN }, idToken)).body.result;
  await sleep(1700);
  const authDone = (
    await post(first.baseUrl, 'checkBankIdTransactionStatus', { transactionId: auth.transactionId }, idToken)
  ).body.result;
  if (authDone.status !== 'complete') throw new Error(`auth did not complete: ${JSON.stringify(authDone)}`);
  await post(first.baseUrl, 'getPersonalInfo', { personalNumber: PN, email: 'drill@example.se' }, idToken);
  // The stored name is the one BankID vouches for; the e-mail is the one given.
  const person = {
    firstName: 'Drill',
    lastName: 'Testsson',
    email: 'drill@example.se',
    phone: '0701234567',
    address: 'Gatan 1',
    zipCode: '123 45',
    city: 'Stad',
  };
  const sign = await post(
    first.baseUrl,
    'startBankIDSign',
    {
      personalNumber: PN,
      ticketId: ticket.ticketId,
      donationAmount: 200,
      signType: 'new',
      lang: 'sv',
      person,
      accountInfo: { bank: 'NB', clearingNumber: '3300', accountNumber: '8505055551' },
    },
    idToken,
  );
  if (sign.status !== 200) throw new Error(`sign did not start: ${JSON.stringify(sign.body)}`);

  // The backend dies while the visitor approves in the BankID app.
  await first.stop('SIGKILL');
  await sleep(1700); // the order completes at BankID meanwhile
  const second = await startBackend({ port: 8703, env });
  try {
    const polls = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(
          second.baseUrl,
          'checkBankIdTransactionStatus',
          { transactionId: sign.body.result.transactionId },
          idToken,
        ),
      ),
    );
    const statuses = polls.map((p) => p.body.result?.status ?? p.body.error?.message);
    const sql = postgres(dbUrl.href, { max: 1, onnotice: () => {} });
    const [db] = await sql`
      SELECT (SELECT count(*)::int FROM persons WHERE email = 'drill@example.se') AS persons,
             (SELECT count(*)::int FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id WHERE p.email = 'drill@example.se' AND a.monthly_amount = 200) AS mandates,
             (SELECT count(*)::int FROM tickets t JOIN persons p ON p.id = t.person_id WHERE p.email = 'drill@example.se' AND t.confirmed_at IS NOT NULL) AS confirmed,
             (SELECT count(*)::int FROM email_outbox WHERE email_type = 'registeredNew') AS emails`;
    await sql.end();
    console.log(`after the restart, 8 concurrent polls answered ${JSON.stringify(statuses)}`);
    console.log(
      `applied: persons ${db.persons}, mandates of 200 kr ${db.mandates}, ticket confirmed ${db.confirmed}, e-mails ${db.emails} (each must be 1)`,
    );
    if (
      statuses.some((s) => s !== 'complete') ||
      [db.persons, db.mandates, db.confirmed, db.emails].some((n) => n !== 1)
    ) {
      console.error('FAILED: the sign was not applied exactly once after the restart');
      exitCode = 1;
    } else console.log('drill passed');
  } finally {
    await second.stop();
  }
} catch (err) {
  console.error('FAILED:', err.message);
  exitCode = 1;
  await first?.stop('SIGKILL');
} finally {
  try {
    process.kill(-simulator.pid, 'SIGTERM');
  } catch {
    // gone
  }
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  process.exitCode = exitCode;
}
