import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

// BankID answers `complete` once: the simulator now does too (then invalidParameters), so these
// tests see what the real service does to a completion whose recording or applying fails.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // Database faults on demand: the next `n` completions recorded, or applied, fail as a
  // database that went away mid-statement fails (SQLSTATE 57P01). Sequences count outside the
  // failing transaction, so a fault fires exactly n times.
  await app.db.sql.unsafe(`
    CREATE SEQUENCE fault_seen;
    CREATE TABLE fault_plan (step TEXT PRIMARY KEY, fail_first INT NOT NULL, base BIGINT NOT NULL);
    CREATE FUNCTION injected_fault() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE plan fault_plan;
    BEGIN
      SELECT * INTO plan FROM fault_plan
      WHERE (step = 'record' AND OLD.status = 'pending' AND NEW.status = 'complete')
         OR (step = 'apply' AND OLD.applied_outcome IS NULL AND NEW.applied_outcome IS NOT NULL);
      IF FOUND AND nextval('fault_seen') - plan.base <= plan.fail_first THEN
        RAISE EXCEPTION 'injected: the database went away (%)', plan.step USING ERRCODE = '57P01';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER injected_fault BEFORE UPDATE ON bankid_transactions FOR EACH ROW EXECUTE FUNCTION injected_fault();`);
});
afterAll(() => app.close());
afterEach(async () => {
  await app.db.sql`DELETE FROM fault_plan`;
});

/** The next `failFirst` writes of this step fail. */
async function failNext(step: 'record' | 'apply', failFirst: number) {
  await app.db
    .sql`INSERT INTO fault_plan (step, fail_first, base) VALUES (${step}, ${failFirst}, (SELECT last_value + CASE WHEN is_called THEN 0 ELSE -1 END FROM fault_seen))`;
}

/** A new member's sign-up up to an approved sign that nobody has collected yet. */
async function approvedSign() {
  const v = await visitor(app);
  const pn = generatedPersonalNumber();
  const ticket = await v.register();
  await v.authenticate(pn);
  const email = `${pn}@example.se`;
  expect((await v.call('getPersonalInfo', { personalNumber: pn, email })).status).toBe(200);
  const person = {
    firstName: 'Test',
    lastName: 'Testsson',
    email,
    phone: '0701234567',
    address: 'Gatan 1',
    zipCode: '123 45',
    city: 'Stad',
  };
  const sign = await v.call('startBankIDSign', {
    personalNumber: pn,
    ticketId: ticket.ticketId,
    donationAmount: 200,
    signType: 'new',
    lang: 'sv',
    person,
    accountInfo: { bank: 'NB', clearingNumber: '3300', accountNumber: pn.slice(2) }, // a Nordea personkonto: the holder's personal number,
  });
  expect(sign.status, JSON.stringify(sign.body)).toBe(200);
  const transactionId = sign.body.result.transactionId as string;
  await v.approveByHand(transactionId);
  return { v, pn, email, transactionId };
}

/** How often the sign was applied: members, mandates, confirmed tickets and e-mails of that person (each must be 1). */
async function applied(email: string) {
  const [row] = await app.db.sql<{ persons: number; mandates: number; confirmed: number; emails: number }[]>`
    SELECT (SELECT count(*)::int FROM persons WHERE email = ${email}) AS persons,
           (SELECT count(*)::int FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id WHERE p.email = ${email}) AS mandates,
           (SELECT count(*)::int FROM tickets t JOIN persons p ON p.id = t.person_id WHERE p.email = ${email} AND t.confirmed_at IS NOT NULL) AS confirmed,
           (SELECT count(*)::int FROM email_outbox WHERE to_email = ${email}) AS emails`;
  return row;
}
const ONCE = { persons: 1, mandates: 1, confirmed: 1, emails: 1 };

describe('a completed sign is recorded before anything else can fail', () => {
  it('applying fails right after the completing collect: the next poll applies it from the record, once', async () => {
    const { v, email, transactionId } = await approvedSign();
    await failNext('apply', 1);
    const first = await v.call('checkBankIdTransactionStatus', { transactionId });
    expect(first.body).toMatchObject({ error: { status: 'UNAVAILABLE', message: 'timeout' } });
    expect(await applied(email)).toEqual({ persons: 0, mandates: 0, confirmed: 0, emails: 0 });
    // BankID will not say complete again; the record answers.
    const [row] = await app.db
      .sql`SELECT status, applied_outcome FROM bankid_transactions WHERE id = ${transactionId}`;
    expect(row).toEqual({ status: 'complete', appliedOutcome: null });
    const second = await v.call('checkBankIdTransactionStatus', { transactionId });
    expect(second.body.result).toMatchObject({
      status: 'complete',
      completionData: { user: { givenName: 'Test' } },
    });
    expect(Object.keys(second.body.result.completionData)).toEqual(['user']);
    const third = await v.call('checkBankIdTransactionStatus', { transactionId });
    expect(third.body).toEqual(second.body);
    expect(await applied(email)).toEqual(ONCE);
  });

  it('recording fails briefly: retried within the same poll, which answers complete', async () => {
    const { v, email, transactionId } = await approvedSign();
    await failNext('record', 2);
    const res = await v.call('checkBankIdTransactionStatus', { transactionId });
    expect(res.body.result?.status, JSON.stringify(res.body)).toBe('complete');
    expect(await applied(email)).toEqual(ONCE);
  });

  it('recording fails for longer: held by the process, recorded and applied by the next poll', async () => {
    const { v, email, transactionId } = await approvedSign();
    await failNext('record', 4);
    const first = await v.call('checkBankIdTransactionStatus', { transactionId });
    expect(first.body).toMatchObject({ error: { status: 'UNAVAILABLE', message: 'timeout' } });
    const second = await v.call('checkBankIdTransactionStatus', { transactionId });
    expect(second.body.result?.status, JSON.stringify(second.body)).toBe('complete');
    expect(await applied(email)).toEqual(ONCE);
  });

  it('two tabs polling one order at once get the same outcome; applied once', async () => {
    const { v, email, transactionId } = await approvedSign();
    const tabs = await Promise.all(
      Array.from({ length: 6 }, () => v.call('checkBankIdTransactionStatus', { transactionId })),
    );
    for (const tab of tabs) expect(tab.body.result?.status, JSON.stringify(tab.body)).toBe('complete');
    expect(new Set(tabs.map((t) => JSON.stringify(t.body))).size).toBe(1);
    expect(await applied(email)).toEqual(ONCE);
  });

  it('an order BankID no longer knows (invalidParameters) fails, and BankID is not asked about it again (issue 39 §8)', async () => {
    const v = await visitor(app);
    await v.register();
    const start = await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() });
    const transactionId = start.body.result.transactionId as string;
    const [{ orderRef } = { orderRef: '' }] = await app.db.sql<
      { orderRef: string }[]
    >`SELECT order_ref FROM bankid_transactions WHERE id = ${transactionId}`;
    // Negative control: while BankID knows it, the order is pending.
    expect((await v.call('checkBankIdTransactionStatus', { transactionId })).body.result.status).toBe(
      'pending',
    );
    // Gone at BankID behind our back (the RP API's own cancel).
    const gone = await fetch(`${app.baseUrl}/sim/bankid/rp/v6.0/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderRef }),
    });
    expect(gone.status).toBe(200);
    const collects = async () =>
      (await (await fetch(`${app.baseUrl}/metrics`)).text())
        .split('\n')
        .filter((l) => l.startsWith('bankid_') && l.includes('collect'))
        .join('\n');
    const res = await v.call('checkBankIdTransactionStatus', { transactionId });
    expect(res.body.result).toEqual({ status: 'failed' }); // the page shows RFA22 and stops polling
    const [row] = await app.db.sql<
      { status: string }[]
    >`SELECT status FROM bankid_transactions WHERE id = ${transactionId}`;
    expect(row!.status).toBe('failed');
    // Polled again: answered from the record, without another collect at BankID.
    const before = await collects();
    // the collect that found it gone (a background collect of the same order may have found it too)
    expect(before).toMatch(/bankid_requests_total\{[^}]*collect[^}]*invalidParameters[^}]*\} [1-9]\d*$/m);
    expect((await v.call('checkBankIdTransactionStatus', { transactionId })).body.result).toEqual({
      status: 'failed',
    });
    expect(await collects()).toBe(before);
  });

  it('cancelling an order BankID already completed keeps the completion (the donor signed)', async () => {
    const { v, email, transactionId } = await approvedSign();
    expect((await v.call('cancelBankIDSession', { transactionId })).body).toEqual({
      result: { cancelled: false },
    });
    expect(await applied(email)).toEqual(ONCE);
    expect((await v.call('checkBankIdTransactionStatus', { transactionId })).body.result.status).toBe(
      'complete',
    );
  });
});
