import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

/**
 * register in a rush (issue 41 §1): once the budget of unidentified holds is spent, a place is one
 * statement without the budget's lock. The guarantees under concurrency, in one process and in
 * two on one database: never more holds than the budget and the capacity, one place a session,
 * a repeated register answers the same place, an ended hold ends.
 */
let apps: TestApp[] = [];
afterEach(async () => {
  // The second process first: the first owns the database.
  for (const app of apps.reverse()) await app.close();
  apps = [];
});

async function start(env: Record<string, string>, processes = 1): Promise<TestApp[]> {
  const first = await startTestApp(env);
  apps.push(first);
  for (let i = 1; i < processes; i++) apps.push(await startTestApp(env, { processOf: first }));
  return apps;
}

async function counts(app: TestApp) {
  const [row] = await app.db.sql<{ held: number; pending: number; holders: number }[]>`
    SELECT (SELECT count(*)::int FROM tickets WHERE hold_expires_at > now()) AS held,
           (SELECT count(*)::int FROM pending_holds WHERE hold_until > now()) AS pending,
           (SELECT count(DISTINCT holder_uid)::int FROM tickets WHERE holder_uid IS NOT NULL) AS holders`;
  return row!;
}

describe('register once the budget of unidentified holds is spent', () => {
  it('a double tap (8 registers of one session at once) answers one place, the same for all', async () => {
    const [app] = await start({ CONCERT_CAPACITY: '40' }); // budget 5
    const budget = await Promise.all(Array.from({ length: 5 }, () => app!.session()));
    for (const s of budget) expect((await app!.call('register', {}, s.idToken)).status).toBe(200);
    const { uid, idToken } = await app!.session();
    // Another session's register first, so the eight wait for it and go together in one batch.
    const other = await app!.session();
    const [, ...answers] = await Promise.all([
      app!.call('register', {}, other.idToken),
      ...Array.from({ length: 8 }, () => app!.call('register', {}, idToken)),
    ]);
    expect(answers.map((a) => a!.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a!.body.result.ticketId)).size).toBe(1);
    expect(answers[0]!.body.result.reserved).toBe(false);
    const rows = await app!.db.sql`SELECT hold_id FROM pending_holds WHERE session_uid = ${uid}`;
    expect(rows).toEqual([{ holdId: answers[0]!.body.result.ticketId }]);
    expect((await counts(app!)).held).toBe(5);
  });

  it('two processes, 120 sessions each registering on both at once: the budget, one place each, the same answer from both', async () => {
    const capacity = 10; // budget 5
    const [a, b] = await start({ CONCERT_CAPACITY: String(capacity) }, 2);
    const sessions = await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 ? a! : b!).session()));
    const answers = await Promise.all(
      sessions.map(async (s) =>
        Promise.all([a!.call('register', {}, s.idToken), b!.call('register', {}, s.idToken)]),
      ),
    );
    for (const [x, y] of answers) {
      expect([x.status, y.status]).toEqual([200, 200]);
      expect(x.body.result.ticketId).toBe(y.body.result.ticketId);
    }
    expect(new Set(answers.map(([x]) => x.body.result.ticketId)).size).toBe(120);
    const { held, pending, holders } = await counts(a!);
    expect(held).toBe(5);
    expect(holders).toBe(5);
    expect(pending).toBe(115);
    // Nobody both holds a ticket and waits for one.
    const [both] = await a!.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pending_holds p JOIN tickets t ON t.holder_uid = p.session_uid`;
    expect(both!.n).toBe(0);
    // Registering again, on either, answers the same place.
    const again = await Promise.all(
      sessions.slice(0, 20).map((s, i) => (i % 2 ? b! : a!).call('register', {}, s.idToken)),
    );
    expect(again.map((r) => r.body.result.ticketId)).toEqual(
      answers.slice(0, 20).map(([x]) => x.body.result.ticketId),
    );
  });

  it('two processes, capacity 5 (all of it the budget), 60 sessions at once: 5 hold a ticket, the rest are refused', async () => {
    const [a, b] = await start({ CONCERT_CAPACITY: '5' }, 2);
    const sessions = await Promise.all(Array.from({ length: 60 }, () => a!.session()));
    const answers = await Promise.all(
      sessions.map((s, i) => (i % 2 ? a! : b!).call('register', {}, s.idToken)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(55);
    expect(await counts(a!)).toEqual({ held: 5, pending: 0, holders: 5 });
  });

  it('a session whose hold ended gets a new place, and its old row names it no more', async () => {
    const [app] = await start({ CONCERT_CAPACITY: '40' }); // budget 5
    const s = await app!.session();
    const first = (await app!.call('register', {}, s.idToken)).body.result;
    const others = await Promise.all(Array.from({ length: 4 }, () => app!.session()));
    for (const o of others) await app!.call('register', {}, o.idToken);
    await app!.db
      .sql`UPDATE tickets SET hold_expires_at = now() - interval '1 second' WHERE holder_uid = ${s.uid}`;
    // The freed slot of the budget goes to someone else: the budget is spent again.
    const x = await app!.session();
    await app!.call('register', {}, x.idToken);
    expect((await counts(app!)).held).toBe(5);
    const next = (await app!.call('register', {}, s.idToken)).body.result;
    expect(next.ticketId).not.toBe(first.ticketId);
    expect(next.reserved).toBe(false);
    expect(await app!.db.sql`SELECT id FROM tickets WHERE holder_uid = ${s.uid}`).toEqual([]);
    expect(await app!.db.sql`SELECT hold_id FROM pending_holds WHERE session_uid = ${s.uid}`).toEqual([
      { holdId: next.ticketId },
    ]);
  });

  it('a place that ran out is not given again: the next register is a new place', async () => {
    const [app] = await start({ CONCERT_CAPACITY: '40' });
    for (const o of await Promise.all(Array.from({ length: 5 }, () => app!.session())))
      await app!.call('register', {}, o.idToken);
    const s = await app!.session();
    const first = (await app!.call('register', {}, s.idToken)).body.result;
    expect((await app!.call('register', {}, s.idToken)).body.result.ticketId).toBe(first.ticketId);
    await app!.db
      .sql`UPDATE pending_holds SET hold_until = now() - interval '1 second' WHERE session_uid = ${s.uid}`;
    const next = (await app!.call('register', {}, s.idToken)).body.result;
    expect(next.ticketId).not.toBe(first.ticketId);
    expect(next.validUntil).toBeGreaterThan(Date.now() + 60_000);
  });
});
