import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

// Issue 32 §3: the animated QR code refreshed every second (GET /api/getBankIdQr) while
// qrStartSecret never leaves the server; limits a script meets; no frame after the order ended.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const secretsOf = async (transactionId: string) =>
  (
    await app.db.sql<{ qrStartToken: string; qrStartSecret: string }[]>`
      SELECT qr_start_token, qr_start_secret FROM bankid_transactions WHERE id = ${transactionId}`
  )[0]!;

const frame = (a: TestApp, transactionId: string, token?: string) =>
  a.request(`/api/getBankIdQr?transactionId=${encodeURIComponent(transactionId)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

async function startedOrder(a: TestApp) {
  const v = await visitor(a);
  await v.register();
  const start = await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber() });
  expect(start.status).toBe(200);
  return { v, start, transactionId: start.body.result.transactionId as string };
}

describe('GET /api/getBankIdQr: a frame a second, made on the server', () => {
  it('answers BankID’s animated code for this second: the HMAC of the seconds keyed by qrStartSecret, which is in no answer', async () => {
    const { v, start, transactionId } = await startedOrder(app);
    const { qrStartToken, qrStartSecret } = await secretsOf(transactionId);
    const res = await frame(app, transactionId, v.idToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.status).toBe('pending');
    expect(res.body.nextInMs).toBeGreaterThan(0);
    expect(res.body.nextInMs).toBeLessThanOrEqual(1000);
    const [, token, seconds, code] = /^bankid\.([^.]+)\.(\d+)\.([0-9a-f]{64})$/.exec(res.body.qrData)!;
    expect(token).toBe(qrStartToken);
    expect(Number(seconds)).toBeLessThanOrEqual(2);
    expect(code).toBe(createHmac('sha256', qrStartSecret).update(seconds!).digest('hex'));
    // The secret is in no answer the page gets: the start, a frame, a collect.
    const collect = await v.call('checkBankIdTransactionStatus', { transactionId });
    for (const answer of [start.body, res.body, collect.body])
      expect(JSON.stringify(answer)).not.toContain(qrStartSecret);
  });

  it('a new frame each second', async () => {
    const { v, transactionId } = await startedOrder(app);
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await frame(app, transactionId, v.idToken);
      seen.add(res.body.qrData);
      await new Promise((r) => setTimeout(r, res.body.nextInMs + 20));
    }
    expect(seen.size).toBe(3);
    const seconds = [...seen].map((d) => Number(d.split('.')[2]));
    expect(seconds[1]! - seconds[0]!).toBe(1);
    expect(seconds[2]! - seconds[1]!).toBe(1);
  });

  it('another session’s order, an unknown one, no token, a malformed id: refused with the envelope, nothing told', async () => {
    const { transactionId } = await startedOrder(app);
    const other = await visitor(app);
    const theirs = await frame(app, transactionId, other.idToken);
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'invalidState' } });
    const unknown = await frame(app, '00000000-0000-4000-8000-000000000000', other.idToken);
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(theirs.body);
    expect((await frame(app, transactionId)).status).toBe(401);
    expect((await frame(app, transactionId, 'forged')).status).toBe(401);
    const malformed = await frame(app, 'not-an-id', other.idToken);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
  });

  it('no frame once the order ended (cancelled, or completed)', async () => {
    const { v, transactionId } = await startedOrder(app);
    await v.call('cancelBankIDSession', { transactionId });
    expect((await frame(app, transactionId, v.idToken)).body).toEqual({ status: 'ended' });

    const done = await startedOrder(app);
    await done.v.approveByHand(done.transactionId);
    expect((await done.v.collect(done.transactionId)).body.result.status).toBe('complete');
    expect((await frame(app, done.transactionId, done.v.idToken)).body).toEqual({ status: 'ended' });
  });
});

describe('the limits a script meets', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // 150 frames a minute per session × 0.02 = 3; 30 lookups × 0.02 = 1 (at least one).
    limited = await startTestApp({ RATE_LIMIT_SCALE: '0.02' });
  });
  afterAll(() => limited.close());

  it('frames per session: past the limit 429 with Retry-After, in the envelope', async () => {
    const { v, transactionId } = await startedOrder(limited);
    for (let i = 0; i < 3; i++) expect((await frame(limited, transactionId, v.idToken)).status).toBe(200);
    const refused = await frame(limited, transactionId, v.idToken);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: 'tooManyRequests' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('orders this process does not hold (one database read each): held to the lookup limit per session', async () => {
    const v = await visitor(limited);
    const made_up = () =>
      `00000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
    expect((await frame(limited, made_up(), v.idToken)).status).toBe(403); // read: not found
    const refused = await frame(limited, made_up(), v.idToken);
    expect(refused.status).toBe(429);
  });
});
