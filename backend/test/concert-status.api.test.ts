import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('GET /api/getConcertStatus (CONTRACT.md §1)', () => {
  it('is Closed before SALES_OPEN_AT, and register refuses with FAILED_PRECONDITION noTicket', async () => {
    app = await startTestApp({ SALES_OPEN_AT: iso(HOUR), SALES_CLOSE_AT: iso(2 * HOUR) });
    expect((await app.request('/api/getConcertStatus')).body).toMatchObject({
      concertStatus: 'Closed',
      memberQueue: false,
      ticketsLeft: 0,
      holdMinutes: 15,
    });
    const res = await app.call('register', {}, (await app.session()).idToken);
    expect(res).toMatchObject({
      status: 400,
      body: { error: { status: 'FAILED_PRECONDITION', message: 'noTicket' } },
    });
  });

  it('is Done after SALES_CLOSE_AT', async () => {
    app = await startTestApp({ SALES_OPEN_AT: iso(-2 * HOUR), SALES_CLOSE_AT: iso(-HOUR) });
    expect((await app.request('/api/getConcertStatus')).body.concertStatus).toBe('Done');
  });

  it('is Open while tickets are left, Queue once holds reach the capacity, Open again after a release', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '2', MEMBER_QUEUE: 'true', HOLD_MINUTES: '1.5' });
    const status = async () => (await app!.request('/api/getConcertStatus')).body;
    // the hold's length the texts name is the configured one (ISSUE 27 §6), and what is left is counted
    expect(await status()).toMatchObject({
      concertStatus: 'Open',
      memberQueue: true,
      ticketsLeft: 2,
      holdMinutes: 1.5,
    });
    const a = await app.session();
    const b = await app.session();
    await app.call('register', {}, a.idToken);
    // a place nobody has identified is no reservation: the ticket is still left for whoever identifies
    expect(await status()).toMatchObject({ concertStatus: 'Open', ticketsLeft: 2 });
    await app.call('register', {}, b.idToken);
    expect(await status()).toMatchObject({ concertStatus: 'Queue', ticketsLeft: 2 });
    await app.call('deregisterClient', {}, b.idToken);
    expect(await status()).toMatchObject({ concertStatus: 'Open', ticketsLeft: 2 });
  });
});
