import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp | undefined;

/** More distinct tickets granted than there are: the invariant both tests check. */
function oversold(grantedTicketIds: string[], capacity: number): boolean {
  return new Set(grantedTicketIds).size > capacity || grantedTicketIds.length > capacity;
}
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('register / deregisterClient', () => {
  it('holds one ticket for HOLD_MINUTES and gives the same ticket again while the hold is live', async () => {
    app = await startTestApp({ HOLD_MINUTES: '15' });
    const { idToken } = await app.session();
    const before = Date.now();
    const first = (await app.call('register', {}, idToken)).body.result;
    expect(first.ticketId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.isConfirmed).toBe(false);
    expect(first.validUntil).toBeGreaterThanOrEqual(before + 15 * 60_000 - 2000);
    expect(first.validUntil).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 2000);
    const again = (await app.call('register', {}, idToken)).body.result;
    expect(again).toEqual(first);
  });

  it('releases the hold at once on deregisterClient, so another visitor can take it', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '1' });
    const a = await app.session();
    const b = await app.session();
    const held = (await app.call('register', {}, a.idToken)).body.result;
    expect((await app.call('register', {}, b.idToken)).body.error).toEqual({ status: 'ABORTED', message: 'noTicket' });
    expect((await app.call('deregisterClient', {}, a.idToken)).body.result).toEqual({ released: true });
    const taken = (await app.call('register', {}, b.idToken)).body.result;
    expect(taken.ticketId).toBe(held.ticketId);
  });

  it('an expired hold is free again without any job running', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '1', HOLD_MINUTES: '0.02' }); // 1.2 s: room for a busy machine
    const a = await app.session();
    const b = await app.session();
    await app.call('register', {}, a.idToken);
    expect((await app.call('register', {}, b.idToken)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 1300));
    expect((await app.call('register', {}, b.idToken)).status).toBe(200);
    // and the first visitor, whose hold expired, now finds the concert full
    expect((await app.call('register', {}, a.idToken)).body.error).toEqual({ status: 'ABORTED', message: 'noTicket' });
  });

  it('never holds more tickets than the capacity: 300 concurrent register calls over HTTP for 25 tickets', async () => {
    const capacity = 25;
    const visitors = 300;
    app = await startTestApp({ CONCERT_CAPACITY: String(capacity) });
    const sessions = await Promise.all(Array.from({ length: visitors }, () => app!.session()));
    const answers = await Promise.all(sessions.map((s) => app!.call('register', {}, s.idToken)));
    const granted = answers.filter((a) => a.status === 200).map((a) => a.body.result.ticketId as string);
    const refused = answers.filter((a) => a.status === 409);
    expect(oversold(granted, capacity)).toBe(false);
    const others = answers.filter((a) => a.status !== 200 && a.status !== 409);
    expect(others.map((a) => `${a.status} ${JSON.stringify(a.body)}`).slice(0, 3)).toEqual([]);
    expect(granted).toHaveLength(capacity);
    expect(refused).toHaveLength(visitors - capacity);
    for (const r of refused) expect(r.body.error).toEqual({ status: 'ABORTED', message: 'noTicket' });
    const [row] = await app.db.sql`SELECT count(*)::int AS n FROM tickets WHERE hold_expires_at > now() OR confirmed_at IS NOT NULL`;
    expect(row!.n).toBe(capacity);
  });

  it('negative control: the same check catches a naive check-then-insert claim overselling', async () => {
    app = await startTestApp();
    const { sql } = app.db;
    await sql`CREATE TABLE naive_holds (ticket_id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text)`;
    const capacity = 5;
    // The race the real claim avoids: count, think, then insert, with no lock in between.
    const naiveRegister = async () => {
      const [{ n }] = (await sql`SELECT count(*)::int AS n FROM naive_holds`) as unknown as [{ n: number }];
      if (n >= capacity) return undefined;
      await new Promise((r) => setTimeout(r, 20));
      const [held] = await sql`INSERT INTO naive_holds DEFAULT VALUES RETURNING ticket_id`;
      return held!.ticketId as string;
    };
    const granted = (await Promise.all(Array.from({ length: 40 }, naiveRegister))).filter((t): t is string => !!t);
    expect(oversold(granted, capacity)).toBe(true);
  });

  it('a rush after holds expired: concurrent claims take never-held and expired rows, never more than the capacity', async () => {
    const capacity = 10;
    app = await startTestApp({ CONCERT_CAPACITY: String(capacity), HOLD_MINUTES: '0.02' });
    const early = await Promise.all(Array.from({ length: 6 }, () => app!.session()));
    expect((await Promise.all(early.map((s) => app!.call('register', {}, s.idToken)))).map((a) => a.status)).toEqual(Array(6).fill(200));
    await new Promise((r) => setTimeout(r, 1300));
    const rush = await Promise.all(Array.from({ length: 40 }, () => app!.session()));
    const answers = await Promise.all([...rush, ...early.slice(0, 2)].map((s) => app!.call('register', {}, s.idToken)));
    const granted = answers.filter((a) => a.status === 200).map((a) => a.body.result.ticketId as string);
    expect(granted).toHaveLength(capacity);
    expect(new Set(granted).size).toBe(capacity);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
  });

  it('the same session registering twice at once still holds one ticket', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '5' });
    const { idToken } = await app.session();
    const answers = await Promise.all(Array.from({ length: 8 }, () => app!.call('register', {}, idToken)));
    expect(new Set(answers.map((a) => a.body.result?.ticketId)).size).toBe(1);
    const [row] = await app.db.sql`SELECT count(*)::int AS n FROM tickets WHERE holder_uid IS NOT NULL`;
    expect(row!.n).toBe(1);
  });
});
