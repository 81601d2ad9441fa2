import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { BANKID_POLL_MS } from '@concert/shared/universal';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

// What BankID's guidelines ask of a relying party, through the real app and the simulator:
// recommended messages for its refusals, failures logged with their cause, cancel when the page
// goes away, and the approving device's address compared with endUserIp.

const logLines: string[] = [];
const GRACE_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let app: TestApp;
beforeAll(async () => {
  // A short grace for an abandoned order (15 s in production), so the tests can wait it out.
  app = await startTestApp({ TRUSTED_PROXIES: '1', BANKID_ABANDON_GRACE_MS: String(GRACE_MS) }, { logLines });
});
afterAll(() => app.close());

const rowOf = async (transactionId: string) =>
  (
    await app.db.sql<
      { status: string; hintCode: string | null; deviceIpMatches: boolean | null; orderRef: string }[]
    >`
    SELECT status, hint_code, device_ip_matches, order_ref FROM bankid_transactions WHERE id = ${transactionId}`
  )[0]!;

/** The RP API of the simulator itself, as BankID would be asked. */
async function collectAtBankId(orderRef: string) {
  const res = await fetch(`${app.baseUrl}/sim/bankid/rp/v6.0/collect`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderRef }),
  });
  return { status: res.status, body: await res.json() };
}

describe('BankID refusals get BankID’s recommended message, and are logged with their cause', () => {
  it('a second order for the same person: RFA4 (bankIdAlreadyInProgress, not retried), the log names the cause, not the person', async () => {
    const pn = generatedPersonalNumber();
    const v = await visitor(app);
    await v.register();
    const first = await v.call('startBankIDAuth', { personalNumber: pn });
    expect(first.status).toBe(200);
    const second = await v.call('startBankIDAuth', { personalNumber: pn });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ status: 'ABORTED', message: 'bankIdAlreadyInProgress' });
    // BankID cancelled the first one too.
    const firstNow = await v.call('checkBankIdTransactionStatus', {
      transactionId: first.body.result.transactionId,
    });
    expect(firstNow.body.result).toEqual({ status: 'failed', hintCode: 'cancelled' });

    const line = logLines
      .map((l) => JSON.parse(l))
      .find((l) => l.module === 'bankid' && l.method === 'auth' && l.errorCode === 'alreadyInProgress');
    expect(line).toMatchObject({
      level: 40,
      httpStatus: 400,
      cause: 'BankID alreadyInProgress (HTTP 400): Order already in progress for pno',
    });
    expect(logLines.join('\n')).not.toContain(pn);
  });

  it("the API's copy holds BankID's current messages word for word, and none of the withdrawn ones", async () => {
    const sv = (await app.request('/api/getCopy?lang=sv')).body;
    const en = (await app.request('/api/getCopy?lang=en')).body;
    expect(sv['bankId.rfa4']).toBe(
      'En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.',
    );
    expect(en['bankId.rfa13']).toBe('Trying to start your BankID app.');
    expect(sv['bankId.rfa15A']).toBe(
      'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här datorn. Om du har ett BankID på kort, sätt in kortet i kortläsaren.',
    );
    expect(sv['bankId.rfa22']).toBe('Något gick fel. Försök igen.');
    // RFA14 (withdrawn by BankID in 2023) and the paraphrased set are gone.
    for (const key of [
      'bankId.hints.startedAutostart',
      'bankId.hints.startedAutostartComputer',
      'bankId.hints.internalError',
      'error.messages.bankIdAlreadyInProgress',
    ])
      expect(sv[key], key).toBeUndefined();
  });
});

describe('cancel on abandon (navigator.sendBeacon on pagehide)', () => {
  const beacon = (body: string, contentType = 'text/plain;charset=UTF-8') =>
    app.request('/api/abandonBankIDSession', {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
    });

  it('a real leave: no poll within the grace period, so the order is cancelled at BankID (token in the body)', async () => {
    const v = await visitor(app);
    await v.register();
    const start = await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() });
    const { transactionId } = start.body.result;
    const res = await beacon(JSON.stringify({ transactionId, idToken: v.idToken }));
    expect(res.status).toBe(204);
    // Marked, not cancelled yet: the page may be reloading.
    expect((await rowOf(transactionId)).status).toBe('pending');
    await sleep(GRACE_MS + 600);
    const row = await rowOf(transactionId);
    expect(row).toMatchObject({ status: 'cancelled', hintCode: 'cancelled' });
    expect(await collectAtBankId(row.orderRef)).toEqual({
      status: 400,
      body: { errorCode: 'invalidParameters', details: 'No such order' },
    });
    // Said again (a second pagehide): the same 204, nothing changes.
    expect(
      (await beacon(JSON.stringify({ transactionId, idToken: v.idToken }), 'application/json')).status,
    ).toBe(204);
  });

  it('the page came back (a reload, the back-forward cache) and polled within the grace period: the order is kept and completes', async () => {
    const v = await visitor(app);
    await v.register();
    const { transactionId } = (await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() }))
      .body.result;
    expect((await beacon(JSON.stringify({ transactionId, idToken: v.idToken }))).status).toBe(204);
    await sleep(GRACE_MS / 4);
    // The reloaded page resumes polling.
    expect((await v.call('checkBankIdTransactionStatus', { transactionId })).body.result.status).toBe(
      'pending',
    );
    await sleep(GRACE_MS + 600);
    const row = await rowOf(transactionId);
    expect(row.status).toBe('pending');
    expect((await collectAtBankId(row.orderRef)).status).toBe(200); // still alive at BankID
    await v.approveByHand(transactionId);
    expect((await v.collect(transactionId)).body.result.status).toBe('complete');
  });

  it('a second beacon after the page came back starts the grace period again', async () => {
    const v = await visitor(app);
    await v.register();
    const { transactionId } = (await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() }))
      .body.result;
    await beacon(JSON.stringify({ transactionId, idToken: v.idToken }));
    await v.call('checkBankIdTransactionStatus', { transactionId });
    await sleep(GRACE_MS / 2);
    await beacon(JSON.stringify({ transactionId, idToken: v.idToken }));
    await sleep(GRACE_MS / 2 + 100);
    // The first beacon's time has passed, the second's not: still waiting.
    expect((await rowOf(transactionId)).status).toBe('pending');
    await sleep(GRACE_MS + 600);
    expect((await rowOf(transactionId)).status).toBe('cancelled');
  });

  it('another session’s token, or none valid, changes nothing and tells nothing', async () => {
    const v = await visitor(app);
    const other = await visitor(app);
    await v.register();
    const { transactionId } = (await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() }))
      .body.result;
    expect((await beacon(JSON.stringify({ transactionId, idToken: other.idToken }))).status).toBe(204);
    expect((await beacon(JSON.stringify({ transactionId, idToken: 'forged' }))).status).toBe(204);
    expect((await beacon(JSON.stringify({ transactionId: 'not-a-uuid', idToken: v.idToken }))).status).toBe(
      204,
    );
    await sleep(GRACE_MS + 600);
    expect((await rowOf(transactionId)).status).toBe('pending');
  });

  it('a malformed beacon is a clear 400, never a 500 or a stack trace', async () => {
    for (const body of [
      '{not json',
      '[]',
      JSON.stringify({ transactionId: 1 }),
      JSON.stringify({ transactionId: 'x', idToken: 'y', extra: true }),
    ]) {
      const res = await beacon(body);
      expect(res.status, body).toBe(400);
      expect(res.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
  });

  it('an order the donor already approved is kept, not cancelled', async () => {
    const v = await visitor(app);
    await v.register();
    const { transactionId } = (await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() }))
      .body.result;
    await v.approveByHand(transactionId);
    expect((await beacon(JSON.stringify({ transactionId, idToken: v.idToken }))).status).toBe(204);
    await sleep(GRACE_MS + 600);
    expect((await rowOf(transactionId)).status).toBe('complete');
    expect((await v.call('checkBankIdTransactionStatus', { transactionId })).body.result.status).toBe(
      'complete',
    );
  });
});

describe('a page showing the QR code that goes silent (its beacon never left)', () => {
  // Silent for the grace period, but at least a poll's interval (BANKID_POLL_MS, 2 s): then marked,
  // and cancelled a grace period later unless a poll comes.
  const SILENT_MS = Math.max(GRACE_MS, BANKID_POLL_MS);
  const frame = (v: { idToken: string }, transactionId: string) =>
    app.request(`/api/getBankIdQr?transactionId=${transactionId}`, {
      headers: { Authorization: `Bearer ${v.idToken}` },
    });
  const started = async () => {
    const v = await visitor(app);
    await v.register();
    const { transactionId } = (await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() }))
      .body.result;
    return { v, transactionId: transactionId as string };
  };

  it('is cancelled without a beacon; a page that keeps polling while hidden, or an order never shown as a QR code, is kept', async () => {
    const gone = await started();
    const hidden = await started();
    const sameDevice = await started();
    expect((await frame(gone.v, gone.transactionId)).status).toBe(200);
    expect((await frame(hidden.v, hidden.transactionId)).status).toBe(200);
    const t0 = Date.now();
    // The hidden page asks for no frame but polls every 2 s (here more often: the test's clock is short).
    for (;;) {
      await hidden.v.call('checkBankIdTransactionStatus', { transactionId: hidden.transactionId });
      const elapsed = Date.now() - t0;
      const status = (await rowOf(gone.transactionId)).status;
      if (elapsed < SILENT_MS - 500)
        expect(status, 'cancelled before the page was silent long enough').toBe('pending');
      // Until the silent page's order is cancelled, and long enough for the others to have been if they were going to be.
      if ((status !== 'pending' && elapsed > SILENT_MS + GRACE_MS + 500) || elapsed > 15_000) break;
      await sleep(SILENT_MS / 4);
    }
    const row = await rowOf(gone.transactionId);
    expect(row).toMatchObject({ status: 'cancelled', hintCode: 'cancelled' });
    expect((await collectAtBankId(row.orderRef)).status).toBe(400); // gone at BankID too
    expect((await rowOf(hidden.transactionId)).status).toBe('pending');
    expect((await rowOf(sameDevice.transactionId)).status).toBe('pending');
    // The page that kept polling still completes.
    await hidden.v.approveByHand(hidden.transactionId);
    expect((await hidden.v.collect(hidden.transactionId)).body.result.status).toBe('complete');
  });
});

describe('the approving device’s address against endUserIp', () => {
  it('the same address: recorded as matching, nothing logged', async () => {
    const v = await visitor(app);
    await v.register();
    const start = await v.call('startBankIDAuth', { personalNumber: DEMO_PERSONAL_NUMBERS.nonMember });
    const done = await v.collect(start.body.result.transactionId);
    expect(done.body.result.status).toBe('complete');
    expect((await rowOf(start.body.result.transactionId)).deviceIpMatches).toBe(true);
    // The address's hash is kept only while the order runs.
    const [kept] = await app.db
      .sql`SELECT end_user_ip_hash FROM bankid_transactions WHERE id = ${start.body.result.transactionId}`;
    expect(kept).toEqual({ endUserIpHash: null });
  });

  it('another address: recorded and logged for review, without either address', async () => {
    const v = await visitor(app);
    await v.register();
    // The browser is 203.0.113.9 (behind the trusted proxy); the "app" approves from 127.0.0.1.
    const start = await app.request('/api/startBankIDAuth', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${v.idToken}`,
        'X-Forwarded-For': '203.0.113.9',
      },
      body: JSON.stringify({ data: { personalNumber: generatedPersonalNumber() } }),
    });
    expect(start.status).toBe(200);
    const { transactionId } = start.body.result;
    await v.approveByHand(transactionId);
    expect((await v.collect(transactionId)).body.result.status).toBe('complete');
    expect((await rowOf(transactionId)).deviceIpMatches).toBe(false);
    const review = logLines.map((l) => JSON.parse(l)).filter((l) => l.review === 'deviceAddress');
    expect(review).toEqual([expect.objectContaining({ transactionId, kind: 'auth', level: 40 })]);
    expect(logLines.filter((l) => l.includes('"review"')).join('\n')).not.toMatch(
      /203\.0\.113\.9|127\.0\.0\.1/,
    );
  });
});
