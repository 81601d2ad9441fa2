// Issue 27: "reserved" means a ticket is set aside; identification decides at once; nobody signs
// for a ticket that is gone. Each test fails on the code before it (pending holds answered with a
// reservation's shape, signs started without a live reservation and refused only after signing).
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

type Visitor = Awaited<ReturnType<typeof visitor>>;
interface Ticket {
  ticketId: string;
  isConfirmed: boolean;
  validUntil: number;
  reserved: boolean;
}

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Reserved (live, set aside for a person or an offer) plus confirmed tickets, as the database has them. */
async function reservedOrConfirmed(a: TestApp): Promise<number> {
  const [row] = await a.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM tickets
    WHERE confirmed_at IS NOT NULL
       OR (hold_expires_at > now() AND (holder_person_hash IS NOT NULL OR offer_id IS NOT NULL))`;
  return row!.n;
}

async function register(v: Visitor): Promise<Ticket> {
  const res = await v.call('register');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Ticket;
}

/** A bank account as the bank-account service returns it for this person (what a new member signs). */
async function accountOf(v: Visitor, personalNumber: string) {
  const started = await v.call('startRetrievingBankAccounts', {
    personalNumber,
    bank: 'SHB',
    sameDevice: false,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const accounts = await v.pollAccounts(started.body.result.publicId);
  const account = accounts.body.result.bankAccounts[0];
  return {
    bank: 'SHB',
    clearingNumber: account.clearingNumber as string,
    accountNumber: account.accountNumber as string,
  };
}

function signNew(
  v: Visitor,
  personalNumber: string,
  ticketId: string,
  accountInfo: { bank: string; clearingNumber: string; accountNumber: string },
  email: string,
) {
  return v.call('startBankIDSign', {
    personalNumber,
    ticketId,
    donationAmount: 150,
    signType: 'new',
    lang: 'sv',
    person: {
      firstName: 'Ny',
      lastName: 'Givare',
      email,
      phone: '0701234567',
      address: 'Gatan 1',
      zipCode: '12345',
      city: 'Stad',
    },
    accountInfo,
  });
}

async function signOrders(a: TestApp): Promise<number> {
  const [row] = await a.db.sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM bankid_transactions WHERE kind = 'sign'`;
  return row!.n;
}

/**
 * Capacity 7 (budget 5, two rows beyond it): five scripts hold rows; `late`, `next`, `p1` and `p2`
 * have places. `late`'s place runs out, and so does a script's hold: `late`'s next register claims
 * a row (`row`), under a new id.
 */
async function aRowAfterAPlaceRanOut(a: TestApp) {
  const scripts = await Promise.all(Array.from({ length: 5 }, () => visitor(a)));
  const scriptPlaces = [];
  for (const s of scripts) scriptPlaces.push(await register(s));
  const [late, next, p1, p2] = await Promise.all(Array.from({ length: 4 }, () => visitor(a)));
  const firstPlace = await register(late!);
  for (const v of [next!, p1!, p2!]) expect((await register(v)).reserved).toBe(false);
  await a.db
    .sql`UPDATE pending_holds SET hold_until = now() - interval '1 second' WHERE session_uid = ${late!.uid}`;
  await a.db
    .sql`UPDATE tickets SET hold_expires_at = now() - interval '1 second' WHERE hold_id = ${scriptPlaces[4]!.ticketId}`;
  const row = await register(late!);
  expect(row).toMatchObject({ reserved: false });
  expect(row.ticketId).not.toBe(firstPlace.ticketId);
  return { late: late!, next: next!, p1: p1!, p2: p2!, row };
}

describe('honest reservations (issue 27)', () => {
  it('§1 reserved means set aside: before identification nobody is told reserved; after it exactly the capacity is, each on a row of their own', async () => {
    const capacity = 10; // unidentified budget 5: 5 places on rows, 35 pending
    app = await startTestApp({ CONCERT_CAPACITY: String(capacity), DEMO_BANKID_DELAY_MS: '50' });
    const visitors = await Promise.all(Array.from({ length: 40 }, () => visitor(app!)));
    const places = await Promise.all(visitors.map(register));
    expect(places.filter((p) => p.reserved)).toEqual([]);
    expect(places.every((p) => p.reserved === false)).toBe(true);
    expect(await reservedOrConfirmed(app)).toBe(0);

    await Promise.all(visitors.map((v) => v.authenticate(generatedPersonalNumber())));
    expect(await reservedOrConfirmed(app)).toBe(capacity);
    const after = await Promise.all(visitors.map((v) => v.call('register')));
    const reserved = after.filter((a) => a.status === 200 && a.body.result.reserved === true);
    expect(reserved).toHaveLength(capacity);
    // everyone else is told it is sold out, not given a place that looks like a ticket
    for (const a of after.filter((x) => !(x.status === 200 && x.body.result.reserved)))
      expect(a.body).toEqual({ error: { status: 'ABORTED', message: 'noTicket' } });
    // each reservation is a row that is the visitor's until validUntil, with the id register first gave them
    for (const [i, v] of visitors.entries()) {
      const answer = after[i]!;
      if (!(answer.status === 200 && answer.body.result.reserved)) continue;
      expect(answer.body.result.ticketId).toBe(places[i]!.ticketId);
      const [row] = await app.db.sql<{ holderUid: string; until: number }[]>`
        SELECT holder_uid, (extract(epoch FROM hold_expires_at) * 1000)::bigint AS until FROM tickets WHERE hold_id = ${answer.body.result.ticketId}`;
      expect(row!.holderUid).toBe(v.uid);
      expect(Math.abs(Number(row!.until) - answer.body.result.validUntil)).toBeLessThan(2);
    }
  });

  it('§3 identification decides at once: the sold-out are told before any details, and can neither hold a place nor start a sign', async () => {
    const capacity = 6; // budget 5: 5 places on rows, 5 pending
    app = await startTestApp({ CONCERT_CAPACITY: String(capacity), DEMO_BANKID_DELAY_MS: '50' });
    const visitors = await Promise.all(Array.from({ length: 10 }, () => visitor(app!)));
    const places: Ticket[] = [];
    for (const v of visitors) places.push(await register(v));
    const people = visitors.map(() => generatedPersonalNumber());
    await Promise.all(visitors.map((v, i) => v.authenticate(people[i]!)));
    const infos = await Promise.all(
      visitors.map((v, i) =>
        v.call('getPersonalInfo', { personalNumber: people[i], email: `p${i}@example.se` }),
      ),
    );
    for (const info of infos) expect(info.status, JSON.stringify(info.body)).toBe(200);
    const won = infos.filter((i) => i.body.result.ticketData?.reserved === true);
    const lost = infos.filter((i) => i.body.result.ticketData === null);
    expect(won).toHaveLength(capacity);
    expect(lost).toHaveLength(visitors.length - capacity);
    for (const w of won) expect(w.body.result.ticketData.validUntil).toBeGreaterThan(Date.now());
    // the queue takes them (the sale is in Queue), and a sold-out answer never blames time
    expect((await app.request('/api/getConcertStatus')).body).toMatchObject({
      concertStatus: 'Queue',
      ticketsLeft: 0,
    });
    const lostAt = infos.findIndex((i) => i.body.result.ticketData === null);
    const [loser, loserPn] = [visitors[lostAt]!, people[lostAt]!];
    expect(
      (
        await loser.call('enterQueue', {
          person: { firstName: 'Kim', lastName: 'Kö', email: 'kim@example.se' },
        })
      ).status,
    ).toBe(200);
    // nothing to sign for: refused before BankID is asked, with the sold-out message
    const account = await accountOf(loser, loserPn);
    const before = await signOrders(app);
    const refused = await signNew(loser, loserPn, places[lostAt]!.ticketId, account, 'kim@example.se');
    expect(refused.body).toEqual({ error: { status: 'ABORTED', message: 'noTicket' } });
    const [place] = await app.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pending_holds`;
    expect(place!.n).toBe(0);
    expect(await signOrders(app)).toBe(before);
  });

  it('§4 a sign starts only for a live reservation; one started in time keeps its ticket past the countdown, one started late is refused before signing', async () => {
    // 2.4 s holds: identification and the sign's start fit in; the signature is approved after the hold's first end.
    app = await startTestApp({ CONCERT_CAPACITY: '1', HOLD_MINUTES: '0.04', DEMO_BANKID_DELAY_MS: '50' });
    const v = await visitor(app);
    const pn = generatedPersonalNumber();
    const place = await register(v);
    await v.authenticate(pn);
    const account = await accountOf(v, pn);
    const info = await v.call('getPersonalInfo', { personalNumber: pn, email: 'sig@example.se' });
    expect(info.body.result.ticketData).toMatchObject({ ticketId: place.ticketId, reserved: true });
    const sign = await signNew(v, pn, place.ticketId, account, 'sig@example.se');
    expect(sign.status, JSON.stringify(sign.body)).toBe(200);
    // the reservation is kept for the BankID order's lifetime, and the page is told its new end
    expect(sign.body.result.ticketData).toMatchObject({ ticketId: place.ticketId, reserved: true });
    expect(sign.body.result.ticketData.validUntil).toBeGreaterThan(Date.now() + 170_000);

    await new Promise((r) => setTimeout(r, 2600)); // past the hold's first end
    // someone else arrives and identifies: the reservation under a signature is not theirs to take
    const other = await visitor(app);
    expect((await other.call('register')).body).toEqual({
      error: { status: 'ABORTED', message: 'noTicket' },
    });
    await v.approveByHand(sign.body.result.transactionId);
    const done = await v.collect(sign.body.result.transactionId);
    expect(done.body.result?.status, JSON.stringify(done.body)).toBe('complete');
    const [ticket] = await app.db
      .sql`SELECT count(*)::int AS n FROM tickets WHERE confirmed_at IS NOT NULL AND attendee_email = 'sig@example.se'`;
    expect(ticket!.n).toBe(1);
  });

  it('§4 a reservation that ran out before the sign started is refused up front (ticketExpired), with no BankID order', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '1', HOLD_MINUTES: '0.03', DEMO_BANKID_DELAY_MS: '50' });
    const v = await visitor(app);
    const pn = generatedPersonalNumber();
    const place = await register(v);
    await v.authenticate(pn);
    const account = await accountOf(v, pn);
    await v.call('getPersonalInfo', { personalNumber: pn, email: 'late@example.se' });
    await new Promise((r) => setTimeout(r, 2000));
    const before = await signOrders(app);
    const late = await signNew(v, pn, place.ticketId, account, 'late@example.se');
    expect(late.body).toEqual({ error: { status: 'ABORTED', message: 'ticketExpired' } });
    expect(await signOrders(app)).toBe(before);
  });

  it('§4 a member whose place never became a reservation cannot start a raise (noTicket), nothing signed', async () => {
    const member = DEMO_PERSONAL_NUMBERS.member;
    app = await startTestApp({ CONCERT_CAPACITY: '6', DEMO_BANKID_DELAY_MS: '50' });
    const winners = await Promise.all(Array.from({ length: 6 }, () => visitor(app!)));
    for (const w of winners) await register(w);
    const loser = await visitor(app);
    const place = await register(loser);
    expect(place.reserved).toBe(false);
    await Promise.all(winners.map((w) => w.authenticate(generatedPersonalNumber())));
    await loser.authenticate(member);
    const info = await loser.call('getPersonalInfo', { personalNumber: member, email: 'maria@example.se' });
    expect(info.body.result.ticketData).toBeNull();
    const before = await signOrders(app);
    const raise = await loser.call('startBankIDSign', {
      personalNumber: member,
      ticketId: place.ticketId,
      donationAmount: 75,
      signType: 'raise',
      lang: 'sv',
    });
    expect(raise.body).toEqual({ error: { status: 'ABORTED', message: 'noTicket' } });
    expect(await signOrders(app)).toBe(before);
  });

  it('§5 an identified person still takes over the oldest unidentified place, and one person holds one ticket', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '6', DEMO_BANKID_DELAY_MS: '50' }); // budget 5: five rows taken by scripts
    const scripts = await Promise.all(Array.from({ length: 5 }, () => visitor(app!)));
    const scriptPlaces = [];
    for (const s of scripts) scriptPlaces.push(await register(s));
    expect(scriptPlaces.map((p) => p.reserved)).toEqual(Array(5).fill(false));
    const people = await Promise.all(Array.from({ length: 2 }, () => visitor(app!)));
    const places = [await register(people[0]!), await register(people[1]!)];
    expect(places.map((p) => p.reserved)).toEqual([false, false]);
    const pns = [generatedPersonalNumber(), generatedPersonalNumber()];
    // one takes the free ticket, the other the oldest script's row
    await Promise.all(people.map((p, i) => p.authenticate(pns[i]!)));
    expect(await register(people[0]!)).toMatchObject({ ticketId: places[0]!.ticketId, reserved: true });
    expect(await register(people[1]!)).toMatchObject({ ticketId: places[1]!.ticketId, reserved: true });
    expect(await reservedOrConfirmed(app)).toBe(2);
    const [unidentified] = await app.db
      .sql`SELECT count(*)::int AS n FROM tickets WHERE hold_expires_at > now() AND holder_person_hash IS NULL`;
    expect(unidentified!.n).toBe(4);
    // the script whose row was taken still has its place, under the id register gave it, and
    // identifying gets it a ticket under that id (here the next script's row, whose place stays too)
    for (const [i, s] of scripts.entries())
      expect(await register(s)).toMatchObject({ ticketId: scriptPlaces[i]!.ticketId, reserved: false });
    await scripts[0]!.authenticate(generatedPersonalNumber());
    expect(await register(scripts[0]!)).toMatchObject({
      ticketId: scriptPlaces[0]!.ticketId,
      reserved: true,
    });
    expect(await register(scripts[1]!)).toMatchObject({
      ticketId: scriptPlaces[1]!.ticketId,
      reserved: false,
    });
    expect(await reservedOrConfirmed(app)).toBe(3);
    // the same person in a second session: the reservation moves, it is not doubled
    const laptop = await visitor(app);
    await laptop.authenticate(pns[0]!);
    expect(await reservedOrConfirmed(app)).toBe(3);
    expect(await register(laptop)).toMatchObject({ ticketId: places[0]!.ticketId, reserved: true });
  });

  it('§5 a place taken over keeps its id even when the session once had a place that ran out; register answers a reservation before a place', async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '7', DEMO_BANKID_DELAY_MS: '50' });
    const a = app;
    const { late, next, p1, p2, row } = await aRowAfterAPlaceRanOut(a);
    // two people take the free rows; the visitor's row is the oldest unidentified hold when the
    // next person identifies, who takes it over
    await p1.authenticate(generatedPersonalNumber());
    await p2.authenticate(generatedPersonalNumber());
    await a.db
      .sql`UPDATE tickets SET hold_expires_at = now() + interval '60 seconds' WHERE hold_id = ${row.ticketId}`;
    await next.authenticate(generatedPersonalNumber());
    const [held] = await a.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM tickets WHERE holder_uid = ${late.uid}`;
    expect(held!.n).toBe(0);
    // the visitor keeps the place under the id the last register gave, not the one that ran out,
    // and identifying gets a ticket under it
    expect(await register(late)).toMatchObject({ ticketId: row.ticketId, reserved: false });
    await late.authenticate(generatedPersonalNumber());
    expect(await register(late)).toMatchObject({ ticketId: row.ticketId, reserved: true });
    // a session that holds a row and (by a race) a place too is answered its row
    await a.db.sql`
      INSERT INTO pending_holds (session_uid, hold_id, hold_until)
      VALUES (${late.uid}, 'f00dfeedf00dfeedf00dfeedf00dfeed', now() + interval '10 minutes')`;
    expect(await register(late)).toMatchObject({ ticketId: row.ticketId, reserved: true });
  });

  it("§5 identifying after the row itself ran out gets the row's id, not the older place's", async () => {
    app = await startTestApp({ CONCERT_CAPACITY: '7', DEMO_BANKID_DELAY_MS: '50' });
    const { late, row } = await aRowAfterAPlaceRanOut(app);
    await app.db.sql`
      UPDATE tickets SET hold_until = now() - interval '1 second', hold_expires_at = now() - interval '1 second'
      WHERE hold_id = ${row.ticketId}`;
    await late.authenticate(generatedPersonalNumber());
    expect(await register(late)).toMatchObject({ ticketId: row.ticketId, reserved: true });
  });
});
