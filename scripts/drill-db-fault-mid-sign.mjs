// `npm run drill:db-fault-mid-sign`: the database fails the writes right after the collect that
// brings a visitor's completed BankID sign: recording the completion fails five times in a row
// (longer than the poll's own retries), then applying it fails once. BankID (the simulator, in
// a process of its own, answering `complete` once and then invalidParameters like the real
// service) will not say complete again. The visitor polls as the page does (every 2 s; a
// transient error retried after 3 s and 5 s). The drill passes when the donor is shown success
// and the sign is applied exactly once.
// Needs a PostgreSQL server: DATABASE_URL (default the machine's, 127.0.0.1:5432).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startBackend } from './lib/backend-process.mjs';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIM_PORT = 8711;
const PN = '196405121002'; // not a fixture: the simulator completes it by itself (auto-approve)
const EMAIL = 'drill-fault@example.se';
const RECORD_FAILURES = 5;
const APPLY_FAILURES = 1;

const dbName = `concert_drill_${Date.now()}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'drill-fault-'));
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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function post(baseUrl, name, data, token) {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(data === undefined ? undefined : { data }),
  });
  return { status: res.status, body: await res.json() };
}

/** The page's poll: every 2 s while pending; a transient error retried after 3 s and 5 s (the shared client's policy). */
async function pollLikeThePage(baseUrl, transactionId, token, seen) {
  for (let i = 0; i < 30; i++) {
    let answer;
    for (const wait of [0, 3000, 5000]) {
      await sleep(wait);
      answer = await post(baseUrl, 'checkBankIdTransactionStatus', { transactionId }, token);
      seen.push(answer.body.result?.status ?? answer.body.error?.message);
      if (!['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'RESOURCE_EXHAUSTED'].includes(answer.body.error?.status))
        break;
    }
    if (answer.body.result?.status !== 'pending') return answer;
    await sleep(2000);
  }
  throw new Error('still pending after a minute');
}

/** Faults in the database itself: the first n recordings and m applyings of a completion fail as a lost server does (57P01). */
async function installFaults(sql) {
  await sql.unsafe(`
    CREATE SEQUENCE drill_record_faults;
    CREATE SEQUENCE drill_apply_faults;
    CREATE FUNCTION drill_fault() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'pending' AND NEW.status = 'complete' AND OLD.kind = 'sign' AND nextval('drill_record_faults') <= ${RECORD_FAILURES} THEN
        RAISE EXCEPTION 'drill: the database went away while recording' USING ERRCODE = '57P01';
      END IF;
      IF OLD.applied_outcome IS NULL AND NEW.applied_outcome IS NOT NULL AND OLD.kind = 'sign' AND nextval('drill_apply_faults') <= ${APPLY_FAILURES} THEN
        RAISE EXCEPTION 'drill: the database went away while applying' USING ERRCODE = '57P01';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER drill_fault BEFORE UPDATE ON bankid_transactions FOR EACH ROW EXECUTE FUNCTION drill_fault();`);
}

let exitCode = 0;
let backend;
const sql = postgres(dbUrl.href, { max: 1, onnotice: () => {} });
try {
  await sleep(2500); // simulator start-up
  backend = await startBackend({ port: 8712, env });
  await installFaults(sql);
  const { idToken } = (await post(backend.baseUrl, 'session')).body;
  const ticket = (await post(backend.baseUrl, 'register', {}, idToken)).body.result;
  const auth = (await post(backend.baseUrl, 'startBankIDAuth', { personalNumber: PN }, idToken)).body.result;
  const authDone = await pollLikeThePage(backend.baseUrl, auth.transactionId, idToken, []);
  if (authDone.body.result?.status !== 'complete')
    throw new Error(`auth did not complete: ${JSON.stringify(authDone.body)}`);
  await post(backend.baseUrl, 'getPersonalInfo', { personalNumber: PN, email: EMAIL }, idToken);
  const person = {
    firstName: 'Drill',
    lastName: 'Testsson',
    email: EMAIL,
    phone: '0701234567',
    address: 'Gatan 1',
    zipCode: '123 45',
    city: 'Stad',
  };
  const sign = await post(
    backend.baseUrl,
    'startBankIDSign',
    {
      personalNumber: PN,
      ticketId: ticket.ticketId,
      donationAmount: 200,
      signType: 'new',
      lang: 'sv',
      person,
      accountInfo: { bank: 'NB', clearingNumber: '3300', accountNumber: '1234567890' },
    },
    idToken,
  );
  if (sign.status !== 200) throw new Error(`sign did not start: ${JSON.stringify(sign.body)}`);

  const seen = [];
  const final = await pollLikeThePage(backend.baseUrl, sign.body.result.transactionId, idToken, seen);
  const [faults] =
    await sql`SELECT (SELECT last_value FROM drill_record_faults) AS record, (SELECT last_value FROM drill_apply_faults) AS apply`;
  const [db] = await sql`
    SELECT (SELECT count(*)::int FROM persons WHERE email = ${EMAIL}) AS persons,
           (SELECT count(*)::int FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id WHERE p.email = ${EMAIL} AND a.monthly_amount = 200) AS mandates,
           (SELECT count(*)::int FROM tickets t JOIN persons p ON p.id = t.person_id WHERE p.email = ${EMAIL} AND t.confirmed_at IS NOT NULL) AS confirmed,
           (SELECT count(*)::int FROM email_outbox WHERE email_type = 'registeredNew') AS emails`;
  console.log(`the page's polls answered ${JSON.stringify(seen)}`);
  console.log(
    `faults injected: recording ${Math.min(Number(faults.record), RECORD_FAILURES)} of ${RECORD_FAILURES}, applying ${Math.min(Number(faults.apply), APPLY_FAILURES)} of ${APPLY_FAILURES}`,
  );
  console.log(
    `applied: persons ${db.persons}, mandates of 200 kr ${db.mandates}, ticket confirmed ${db.confirmed}, e-mails ${db.emails} (each must be 1)`,
  );
  if (
    final.body.result?.status !== 'complete' ||
    [db.persons, db.mandates, db.confirmed, db.emails].some((n) => n !== 1) ||
    Number(faults.record) < RECORD_FAILURES ||
    Number(faults.apply) < APPLY_FAILURES
  ) {
    console.error('FAILED: the donor was not shown success with the sign applied exactly once');
    exitCode = 1;
  } else console.log('drill passed');
} catch (err) {
  console.error('FAILED:', err.message);
  exitCode = 1;
} finally {
  await backend?.stop();
  await sql.end();
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
