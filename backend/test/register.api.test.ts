import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

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
    expect((await app.call('register', {}, b.idToken)).body.error).toEqual({
      status: 'ABORTED',
      message: 'noTicket',
    });
    expect((await app.call('deregisterClient', {}, a.idToken)).body.result).toEqual({ released: true });
    const taken = (await app.call('register', {}, b.idToken)).body.result;
    // the same ticket, under a new hold id: a released hold's id is never given to anyone else
    expect(taken.ticketId).toMatch(/^[0-9a-f]{32}$/);
    expect(taken.ticketId).not.toBe(held.ticketId);
    const [row] = await app.db.sql`SELECT count(*)::int AS n FROM tickets WHERE hold_id = ${held.ticketId}`;
    expect(row!.n).toBe(0);
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
    expect((await app.call('register', {}, a.idToken)).body.error).toEqual({
      status: 'ABORTED',
      message: 'noTicket',
    });
  });

  it('never holds more tickets than the capacity: 300 concurrent register calls over HTTP for 5 tickets', async () => {
    const capacity = 5;
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
    const [row] = await app.db
      .sql`SELECT count(*)::int AS n FROM tickets WHERE hold_expires_at > now() OR confirmed_at IS NOT NULL`;
    expect(row!.n).toBe(capacity);
  });

  it('unidentified holds take at most their budget (5 % of the capacity, at least 5): the rest wait for a ticket without taking one', async () => {
    const capacity = 40; // budget 5
    app = await startTestApp({ CONCERT_CAPACITY: String(capacity) });
    const sessions = await Promise.all(Array.from({ length: 120 }, () => app!.session()));
    const answers = await Promise.all(sessions.map((s) => app!.call('register', {}, s.idToken)));
    expect(answers.map((a) => a.status)).toEqual(Array(120).fill(200));
    const ids = answers.map((a) => a.body.result.ticketId as string);
    expect(new Set(ids).size).toBe(120);
    const [held] = await app.db.sql`SELECT count(*)::int AS n FROM tickets WHERE hold_expires_at > now()`;
    expect(held!.n).toBe(5);
    const [pending] = await app.db.sql`SELECT count(*)::int AS n FROM pending_holds`;
    expect(pending!.n).toBe(115);
    expect((await app.request('/api/getConcertStatus')).body.concertStatus).toBe('Open');
    // registering again answers the same hold, whichever kind it is
    const again = await Promise.all(sessions.slice(0, 10).map((s) => app!.call('register', {}, s.idToken)));
    expect(again.map((a) => a.body.result.ticketId)).toEqual(ids.slice(0, 10));
  });

  it('identification hands out the tickets: 14 waiting visitors identify at once for 10 tickets, exactly 10 hold one', async () => {
    const capacity = 10; // budget 5
    app = await startTestApp({ CONCERT_CAPACITY: String(capacity), DEMO_BANKID_DELAY_MS: '50' });
    const visitors = await Promise.all(Array.from({ length: 14 }, () => visitor(app!)));
    const holds = [];
    for (const v of visitors) holds.push(await v.register());
    await Promise.all(visitors.map((v) => v.authenticate(generatedPersonalNumber())));
    const [row] = await app.db
      .sql`SELECT count(*)::int AS n, count(holder_person_hash)::int AS identified FROM tickets WHERE hold_expires_at > now()`;
    expect(row).toEqual({ n: capacity, identified: capacity });
    // who holds one kept the id register gave them
    const heldIds = (
      await app.db.sql<{ holdId: string }[]>`SELECT hold_id FROM tickets WHERE hold_id IS NOT NULL`
    ).map((r) => r.holdId);
    for (const id of heldIds) expect(holds.map((h) => h.ticketId)).toContain(id);
    expect((await app.request('/api/getConcertStatus')).body.concertStatus).toBe('Queue');
  });

  it('an unidentified hold ends after HOLD_UNIDENTIFIED_MINUTES; an identified one lasts to its end', async () => {
    app = await startTestApp({
      CONCERT_CAPACITY: '2',
      HOLD_UNIDENTIFIED_MINUTES: '0.02',
      DEMO_BANKID_DELAY_MS: '50',
    });
    const scripted = await visitor(app);
    const person = await visitor(app);
    const scriptedHold = await scripted.register();
    const personHold = await person.register();
    // validUntil is the hold's absolute end, not the unidentified one
    expect(scriptedHold.validUntil - Date.now()).toBeGreaterThan(14 * 60_000);
    await person.authenticate(generatedPersonalNumber());
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await app.db.sql<
      { holdId: string }[]
    >`SELECT hold_id FROM tickets WHERE hold_expires_at > now()`;
    expect(rows.map((r) => r.holdId)).toEqual([personHold.ticketId]);
    // the scripted session's next register is a new claim with a new id, not a renewal
    const next = await scripted.register();
    expect(next.ticketId).not.toBe(scriptedHold.ticketId);
  });

  it('one person, one ticket: identifying in a new session takes over the hold of the older one', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '5', DEMO_BANKID_DELAY_MS: '50' });
    const pn = generatedPersonalNumber();
    const phone = await visitor(app);
    const laptop = await visitor(app);
    const phoneHold = await phone.register();
    await phone.authenticate(pn);
    await laptop.register();
    await laptop.authenticate(pn);
    const rows = await app.db.sql<
      { holderUid: string; holdId: string }[]
    >`SELECT holder_uid, hold_id FROM tickets WHERE hold_expires_at > now()`;
    expect(rows).toEqual([{ holderUid: laptop.uid, holdId: phoneHold.ticketId }]);
    const info = await laptop.call('getPersonalInfo', { personalNumber: pn, email: 'a@example.se' });
    expect(info.body.result.ticketData).toMatchObject({ ticketId: phoneHold.ticketId, isConfirmed: false });
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
    const granted = (await Promise.all(Array.from({ length: 40 }, naiveRegister))).filter(
      (t): t is string => !!t,
    );
    expect(oversold(granted, capacity)).toBe(true);
  });

  it('a rush after holds expired: concurrent claims take never-held and expired rows, never more than the capacity', async () => {
    const capacity = 5;
    app = await startTestApp({ CONCERT_CAPACITY: String(capacity), HOLD_MINUTES: '0.02' });
    const early = await Promise.all(Array.from({ length: 3 }, () => app!.session()));
    expect(
      (await Promise.all(early.map((s) => app!.call('register', {}, s.idToken)))).map((a) => a.status),
    ).toEqual(Array(3).fill(200));
    await new Promise((r) => setTimeout(r, 1300));
    const rush = await Promise.all(Array.from({ length: 40 }, () => app!.session()));
    const answers = await Promise.all(
      [...rush, ...early.slice(0, 2)].map((s) => app!.call('register', {}, s.idToken)),
    );
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

  it('more time near the end of a hold: 5 minutes, twice at most, not offered earlier', async () => {
    app = await startTestApp({ HOLD_MINUTES: '0.5' });
    const v = await visitor(app);
    const hold = await v.register();
    const refused = {
      status: 400,
      body: { error: { status: 'FAILED_PRECONDITION', message: 'invalidState' } },
    };
    // 30 s left: less than a minute, so offered
    const first = await v.call('extendHold');
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({
      ticketId: hold.ticketId,
      isConfirmed: false,
      extensionsLeft: 1,
    });
    expect(first.body.result.validUntil - hold.validUntil).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    // five minutes and more left: not yet
    expect(await v.call('extendHold')).toMatchObject(refused);
    const nearTheEnd = () =>
      app!.db
        .sql`UPDATE tickets SET hold_until = now() + interval '20 seconds', hold_expires_at = now() + interval '20 seconds' WHERE holder_uid = ${v.uid}`;
    await nearTheEnd();
    expect((await v.call('extendHold')).body.result.extensionsLeft).toBe(0);
    await nearTheEnd();
    expect(await v.call('extendHold'), 'a third time').toMatchObject(refused);
    // and the hold still lives until its extended end
    expect((await v.call('register')).body.result.ticketId).toBe(hold.ticketId);
  });
});
