import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { addCalendarDays, stockholmDate, stockholmInstant } from '@concert/shared/stockholm-time';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';
import { visitor } from './visitor.js';

/**
 * The waiting list that moves (issue 15), on a real database with the offers' clock in the
 * test's hand: offers in queue order, expiry and decline pass on, tickets freed together, the
 * public never holding a ticket someone waits for, one winner per offer, the office's pause.
 */
const AUDIENCE = 'api://concert-queue-test';
const HOUR = 3_600_000;

let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let office: string;
let door: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  office = await authority.tokenFor('office@org.example');
  door = await authority.tokenFor('door@org.example');
});
afterAll(() => authority?.close());

/** A sold-out concert of `capacity` tickets, each held by a visitor (returned), with a movable clock. */
async function soldOut(capacity: number, env: Record<string, string> = {}) {
  // Noon in Stockholm, so an offer runs its plain hours (one made at night runs until the morning).
  let offset = untilStockholmNoon();
  const app = await startTestApp(
    {
      CONCERT_CAPACITY: String(capacity),
      STAFF_AUTHORITY: authority.issuer,
      STAFF_CLIENT_ID: 'spa',
      STAFF_API_AUDIENCE: AUDIENCE,
      PUBLIC_URL: 'https://konsert.example',
      ...env,
    },
    { now: () => new Date(Date.now() + offset) },
  );
  const holders = [];
  for (let i = 0; i < capacity; i++) {
    const v = await visitor(app);
    await v.register();
    holders.push(v);
  }
  return { app, holders, advance: (ms: number) => void (offset += ms) };
}

/** From now to the next noon in Stockholm (offers made at night run until the morning: queue-night-offers). */
function untilStockholmNoon(): number {
  const today = stockholmDate(Date.now());
  const noon = stockholmInstant(`${today}T12:00`)!.getTime();
  return (
    (noon > Date.now() ? noon : stockholmInstant(`${addCalendarDays(today, 1)}T12:00`)!.getTime()) -
    Date.now()
  );
}

const codeOf = (url: string) => new URL(url).searchParams.get('code')!;

/** Joins the queue with this e-mail and confirms through the link in the e-mail. */
async function queued(app: TestApp, email: string, lang: 'sv' | 'en' = 'sv') {
  const v = await visitor(app);
  const res = await v.call('enterQueue', { person: { firstName: 'Kim', lastName: 'Kö', email }, lang });
  expect(res.body, email).toEqual({ result: { queued: true } });
  const [mail] = await app.db.sql<
    { vars: { confirmUrl: string } }[]
  >`SELECT vars FROM email_outbox WHERE email_type = 'queueConfirmation' AND to_email = ${email}`;
  const code = codeOf(mail!.vars.confirmUrl);
  expect((await v.call('confirmQueuePlace', { code })).status).toBe(200);
  return { ...v, email, confirmCode: code };
}

async function states(app: TestApp) {
  const rows = await app.db.sql<
    { emailKey: string; state: string }[]
  >`SELECT email_key, state FROM queue_entries WHERE confirmed_at IS NOT NULL ORDER BY confirmed_at, id`;
  return Object.fromEntries(rows.map((r) => [r.emailKey, r.state]));
}

/** The offer e-mails sent, oldest first: to whom, and the code of their link. */
async function offerMails(app: TestApp) {
  const rows = await app.db.sql<{ toEmail: string; vars: { offerUrl: string; declineUrl: string } }[]>`
    SELECT to_email, vars FROM email_outbox WHERE email_type = 'queueOffer' ORDER BY split_part(dedupe_key, ':', 2)::bigint`;
  return rows.map((r) => ({
    to: r.toEmail,
    code: codeOf(r.vars.offerUrl),
    declineUrl: r.vars.declineUrl,
    offerUrl: r.vars.offerUrl,
  }));
}

const status = async (app: TestApp) => (await app.request('/api/getConcertStatus')).body.concertStatus;

describe('offers in queue order, passing on', () => {
  let t: Awaited<ReturnType<typeof soldOut>>;
  beforeAll(async () => {
    t = await soldOut(1);
  });
  afterAll(() => t.app.close());

  it('the first in line gets the freed ticket; expiry passes it on; declining passes it on; nobody left: back on sale', async () => {
    const { app } = t;
    const a = await queued(app, 'anna@example.se');
    const b = await queued(app, 'bo@example.se', 'en');
    const c = await queued(app, 'cleo@example.se');
    expect(await app.running.queueOffers.sweep()).toEqual({ expired: 0, offered: 0 }); // nothing free yet
    expect(await offerMails(app)).toEqual([]);

    // the hold ends: the ticket goes to the first in line, and the sale stays in Queue
    await t.holders[0]!.call('deregisterClient');
    await app.running.queueOffers.sweep();
    let mails = await offerMails(app);
    expect(mails.map((m) => m.to)).toEqual(['anna@example.se']);
    expect(new URL(mails[0]!.offerUrl).pathname).toBe('/sv/queueOffer');
    expect(mails[0]!.declineUrl).toBe(`${mails[0]!.offerUrl}&action=decline`);
    expect(await states(app)).toEqual({
      'anna@example.se': 'offered',
      'bo@example.se': 'waiting',
      'cleo@example.se': 'waiting',
    });
    expect(await status(app)).toBe('Queue');
    // only the hash of the offer's code is kept
    expect(JSON.stringify(await app.db.sql`SELECT * FROM queue_offers`)).not.toContain(mails[0]!.code);
    // positions: Bo is first now, Cleo second
    expect((await b.call('queuePlace', { code: b.confirmCode })).body.result).toEqual({
      state: 'waiting',
      position: 1,
      waiting: 2,
      offerExpiresAt: null,
    });
    expect((await a.call('queuePlace', {})).body.result).toMatchObject({ state: 'offered', position: null });

    // four hours pass unopened: the offer expires and the same ticket goes to Bo, in English
    t.advance(4 * HOUR - 60_000);
    await app.running.queueOffers.sweep();
    expect((await offerMails(app)).length).toBe(1);
    t.advance(60_000);
    expect(await app.running.queueOffers.sweep()).toEqual({ expired: 1, offered: 0 });
    mails = await offerMails(app);
    expect(mails.map((m) => m.to)).toEqual(['anna@example.se', 'bo@example.se']);
    expect(new URL(mails[1]!.offerUrl).pathname).toBe('/en/queueOffer');
    expect(await states(app)).toEqual({
      'anna@example.se': 'expired',
      'bo@example.se': 'offered',
      'cleo@example.se': 'waiting',
    });
    // Anna's link now opens nothing, kindly
    expect((await a.call('openQueueOffer', { code: mails[0]!.code })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'offerExpired' },
    });

    // Bo declines with one click: Cleo gets it at once (no sweep needed)
    expect(
      (await visitor(app).then((v) => v.call('declineQueueOffer', { code: mails[1]!.code }))).body,
    ).toEqual({ result: { declined: true } });
    mails = await offerMails(app);
    expect(mails.map((m) => m.to)).toEqual(['anna@example.se', 'bo@example.se', 'cleo@example.se']);
    expect(await states(app)).toMatchObject({ 'bo@example.se': 'declined', 'cleo@example.se': 'offered' });

    // Cleo opens the link: the countdown starts now, a full hold; the offer now lasts as long as the hold
    const opened = await c.call('openQueueOffer', { code: mails[2]!.code });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.result.validUntil).toBeGreaterThan(Date.now() + 14 * 60_000);
    // a hold that ran out after opening: the offer expires, and with nobody waiting the ticket is back on sale
    await app.db
      .sql`UPDATE tickets SET hold_expires_at = now() - interval '1 second', hold_until = now() - interval '1 second' WHERE holder_uid = ${c.uid}`;
    expect(await app.running.queueOffers.sweep()).toEqual({ expired: 1, offered: 0 });
    expect(await states(app)).toMatchObject({ 'cleo@example.se': 'expired' });
    expect(await status(app)).toBe('Open');
    const buyer = await visitor(app);
    expect((await buyer.call('register')).status).toBe(200);
  });
});

describe('tickets freed while people wait', () => {
  let t: Awaited<ReturnType<typeof soldOut>>;
  beforeAll(async () => {
    t = await soldOut(3);
  });
  afterAll(() => t.app.close());

  it('two freed at once go to the first two; the public never holds one while someone waits', async () => {
    const { app } = t;
    for (const who of ['p1', 'p2', 'p3']) await queued(app, `${who}@example.se`);
    await t.holders[0]!.call('deregisterClient');
    await t.holders[1]!.call('deregisterClient');
    // Before any sweep: the two tickets are free rows, but three people wait. The public gets
    // none of them, however it asks: register, and a session's stale hold signed late.
    expect(await status(app)).toBe('Queue');
    const rush = await Promise.all(
      Array.from({ length: 5 }, async () => (await visitor(app)).call('register')),
    );
    expect(rush.map((r) => r.body.error?.message)).toEqual(Array(5).fill('noTicket'));
    expect(await app.db.sql`SELECT 1 FROM pending_holds`).toHaveLength(0);

    // five sweeps at once (as five processes would run them, each its own transaction): two offers, no more
    const swept = await Promise.all(Array.from({ length: 5 }, () => app.running.queueOffers.sweep()));
    expect(swept.reduce((n, r) => n + r.offered, 0)).toBe(2);
    expect((await offerMails(app)).map((m) => m.to)).toEqual(['p1@example.se', 'p2@example.se']);
    expect(await states(app)).toEqual({
      'p1@example.se': 'offered',
      'p2@example.se': 'offered',
      'p3@example.se': 'waiting',
    });
    const [reserved] = await app.db
      .sql`SELECT count(*)::int AS n FROM tickets WHERE offer_id IS NOT NULL AND hold_expires_at > now()`;
    expect(reserved).toEqual({ n: 2 });
    expect((await (await visitor(app)).call('register')).body.error?.message).toBe('noTicket');

    // the third hold runs out by itself (the database's clock): p3 gets it at the next sweep, and never the public
    await app.db
      .sql`UPDATE tickets SET hold_expires_at = now() - interval '1 second' WHERE holder_uid = ${t.holders[2]!.uid}`;
    expect((await (await visitor(app)).call('register')).body.error?.message).toBe('noTicket');
    await app.running.queueOffers.sweep();
    expect((await offerMails(app)).map((m) => m.to)).toEqual([
      'p1@example.se',
      'p2@example.se',
      'p3@example.se',
    ]);
    // the late holder's sign finds no ticket for it: the one it had is p3's now
    const [p3Ticket] = await app.db
      .sql`SELECT holder_uid, offer_id IS NOT NULL AS reserved FROM tickets WHERE offer_id IS NOT NULL ORDER BY seq DESC LIMIT 1`;
    expect(p3Ticket).toEqual({ holderUid: null, reserved: true });
  });
});

describe('using an offer', () => {
  let t: Awaited<ReturnType<typeof soldOut>>;
  beforeAll(async () => {
    t = await soldOut(1);
  });
  afterAll(() => t.app.close());

  it('one session wins the link; a forwarded link is refused kindly; the right person signs and the offer is accepted', async () => {
    const { app } = t;
    const maria = await queued(app, 'maria.queue@example.se');
    await t.holders[0]!.call('deregisterClient');
    await app.running.queueOffers.sweep();
    const [mail] = await offerMails(app);

    // the same link opened at once in five sessions: one gets the ticket, the others are told it was used
    const sessions = await Promise.all(Array.from({ length: 5 }, () => visitor(app)));
    const opened = await Promise.all(sessions.map((s) => s.call('openQueueOffer', { code: mail!.code })));
    const winners = opened.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of opened.filter((r) => r.status !== 200))
      expect(r.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: 'offerUsed' } });
    const holder = sessions[opened.indexOf(winners[0]!)]!;
    // opening again in the same session is the same hold
    expect((await holder.call('openQueueOffer', { code: mail!.code })).body.result.ticketId).toBe(
      winners[0]!.body.result.ticketId,
    );
    // the start page's reset does not lose it
    await holder.call('deregisterClient');
    expect((await holder.call('register')).body.result.ticketId).toBe(winners[0]!.body.result.ticketId);

    // identified by BankID with another e-mail: refused kindly, nothing changes
    await holder.authenticate(DEMO_PERSONAL_NUMBERS.member);
    const other = await holder.call('getPersonalInfo', {
      personalNumber: DEMO_PERSONAL_NUMBERS.member,
      email: 'someone.else@example.se',
    });
    expect(other.body).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'offerNotYours' } });
    // with the queued e-mail (any case): the normal flow, though that e-mail is in the queue
    const info = await holder.call('getPersonalInfo', {
      personalNumber: DEMO_PERSONAL_NUMBERS.member,
      email: 'Maria.Queue@example.se',
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.result.ticketData.ticketId).toBe(winners[0]!.body.result.ticketId);
    const refusedSign = await holder.call('startBankIDSign', {
      personalNumber: DEMO_PERSONAL_NUMBERS.member,
      ticketId: info.body.result.ticketData.ticketId,
      donationAmount: 75,
      signType: 'raise',
      lang: 'sv',
      person: { firstName: 'Maria', lastName: 'Lind', email: 'someone.else@example.se' },
    });
    expect(refusedSign.body).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'offerNotYours' } });
    const sign = await holder.call('startBankIDSign', {
      personalNumber: DEMO_PERSONAL_NUMBERS.member,
      ticketId: info.body.result.ticketData.ticketId,
      donationAmount: 75,
      signType: 'raise',
      lang: 'sv',
    });
    expect(sign.status, JSON.stringify(sign.body)).toBe(200);
    const done = await holder.collect(sign.body.result.transactionId);
    expect(done.body.result.status).toBe('complete');
    const [offer] = await app.db.sql<{ state: string }[]>`SELECT state FROM queue_offers`;
    const [ticket] = await app.db.sql<
      { confirmed: boolean; attendeeEmail: string | null }[]
    >`SELECT confirmed_at IS NOT NULL AS confirmed, attendee_email FROM tickets`;
    expect(offer!.state).toBe('accepted');
    expect(ticket).toEqual({ confirmed: true, attendeeEmail: 'Maria.Queue@example.se' }); // as typed, the queued address
    expect(await states(app)).toEqual({ 'maria.queue@example.se': 'accepted' });
    expect((await maria.call('queuePlace', { code: maria.confirmCode })).body.result.state).toBe('accepted');
    // the decline link, pressed afterwards, cannot take it back
    expect((await (await visitor(app)).call('declineQueueOffer', { code: mail!.code })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'offerUsed' },
    });
    // the link opens nothing more
    expect((await (await visitor(app)).call('openQueueOffer', { code: mail!.code })).status).toBe(400);
  });
});

describe('the office', () => {
  let t: Awaited<ReturnType<typeof soldOut>>;
  beforeAll(async () => {
    t = await soldOut(2);
  });
  afterAll(() => t.app.close());
  const staffCall = (name: string, data: unknown = {}, token = office) => t.app.call(name, data, token);

  it('pauses the offers (freed tickets wait for the queue), sends one by hand, sets the hours, and sees the queue', async () => {
    const { app } = t;
    const first = await queued(app, 'first@example.se');
    await queued(app, 'second@example.se');
    const third = await queued(app, 'third@example.se');
    expect(
      (await app.call('setQueueOffersPaused', { paused: true }, (await app.session()).idToken)).status,
    ).toBe(401);
    expect((await staffCall('setQueueOffersPaused', { paused: true }, door)).status).toBe(403); // office work
    expect((await staffCall('listQueue', {}, door)).status).toBe(403);
    expect((await staffCall('setQueueOffersPaused', { paused: true })).body).toEqual({
      result: { paused: true },
    });

    await t.holders[0]!.call('deregisterClient');
    await app.running.queueOffers.sweep();
    expect(await offerMails(app)).toEqual([]); // paused: no offer …
    expect((await (await visitor(app)).call('register')).body.error?.message).toBe('noTicket'); // … and not the public's either
    expect(await status(app)).toBe('Queue');

    // by hand, while paused, with hours the office set (for new offers)
    expect((await staffCall('setQueueOfferHours', { hours: 0.1 })).status).toBe(400);
    expect((await staffCall('setQueueOfferHours', { hours: 2.5 })).body).toEqual({
      result: { offerHours: 2.5 },
    });
    expect((await staffCall('sendNextQueueOffer')).status).toBe(200);
    expect((await staffCall('sendNextQueueOffer')).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'noTicket' },
    }); // nothing else free
    const [offer] = await app.db.sql<
      { hours: number; offeredBy: string | null }[]
    >`SELECT extract(epoch FROM expires_at - offered_at)::float / 3600 AS hours, offered_by FROM queue_offers`;
    expect(offer!.hours).toBeCloseTo(2.5, 5);
    expect(offer!.offeredBy).not.toBeNull();

    // while paused, an offer that runs out frees its ticket for the queue, not for the next in line nor the public
    t.advance(3 * HOUR);
    await app.running.queueOffers.sweep();
    expect((await offerMails(app)).map((m) => m.to)).toEqual(['first@example.se']);
    expect((await (await visitor(app)).call('register')).body.error?.message).toBe('noTicket');
    // the third leaves with one click (and their address no longer counts as queued)
    expect(
      await app.db
        .sql`SELECT 1 FROM queue_entries WHERE email_key = 'third@example.se' AND state = 'waiting'`,
    ).toHaveLength(1);
    expect((await third.call('leaveQueue', { code: third.confirmCode })).body).toEqual({
      result: { left: true },
    });
    expect((await third.call('leaveQueue', { code: third.confirmCode })).body).toEqual({
      result: { left: true },
    }); // again: fine
    expect((await third.call('queuePlace', { code: third.confirmCode })).body.result).toMatchObject({
      state: 'left',
      position: null,
    });

    // resumed: the next in line gets it at once
    expect((await staffCall('setQueueOffersPaused', { paused: false })).body).toEqual({
      result: { paused: false },
    });
    await app.running.queueOffers.sweep();
    expect((await offerMails(app)).map((m) => m.to)).toEqual(['first@example.se', 'second@example.se']);

    const list = await staffCall('listQueue');
    expect(list.status).toBe(200);
    expect(list.body.result).toMatchObject({
      paused: false,
      offerHours: 2.5,
      counts: { waiting: 0, offered: 1, expired: 1, left: 1, accepted: 0, declined: 0 },
    });
    expect(list.body.result.entries.map((e: { email: string; state: string }) => [e.email, e.state])).toEqual(
      [
        ['second@example.se', 'offered'],
        ['first@example.se', 'expired'],
        ['third@example.se', 'left'],
      ],
    );
    expect(list.body.result.entries[0].offerExpiresAt).toBeTruthy();
    expect((await first.call('queuePlace', { code: first.confirmCode })).body.result.state).toBe('expired');

    // every office action left an audit row, with ids and facts only (no name, no e-mail)
    const audit = await app.db.sql<
      { action: string; subject: string | null; before: unknown; after: unknown }[]
    >`
      SELECT action, subject, before, after FROM audit_log WHERE action LIKE 'queue.%' ORDER BY id`;
    expect(audit.map((a) => a.action)).toEqual([
      'queue.paused',
      'queue.offerHoursSet',
      'queue.offerSent',
      'queue.resumed',
    ]);
    expect(audit[1]).toMatchObject({ before: { offerHours: 4 }, after: { offerHours: 2.5 } });
    expect(audit[2]!.subject).toMatch(/^offer:\d+$/);
    expect(JSON.stringify(audit)).not.toMatch(/@example\.se|Kim/);
  });
});

describe('an opened offer belongs to its session (issue 30 point 9e)', () => {
  let t: Awaited<ReturnType<typeof soldOut>>;
  beforeAll(async () => {
    t = await soldOut(1);
  });
  afterAll(() => t.app.close());

  it('another session can neither decline it nor leave the queue with it; the session that opened it can', async () => {
    const { app } = t;
    const kim = await queued(app, 'kim.open@example.se');
    await queued(app, 'lo.unopened@example.se');
    await t.holders[0]!.call('deregisterClient');
    await app.running.queueOffers.sweep();
    const [mail] = await offerMails(app);
    const opener = await visitor(app);
    expect((await opener.call('openQueueOffer', { code: mail!.code })).status).toBe(200);

    // The decline link (forwarded, leaked) in another session: refused, nothing changes.
    const other = await visitor(app);
    expect((await other.call('declineQueueOffer', { code: mail!.code })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'offerUsed' },
    });
    expect((await other.call('leaveQueue', { code: kim.confirmCode })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'offerUsed' },
    });
    expect(await states(app)).toMatchObject({ 'kim.open@example.se': 'offered' });
    const [held] = await app.db.sql<
      { held: boolean }[]
    >`SELECT hold_expires_at > now() AS held FROM tickets WHERE offer_id IS NOT NULL`;
    expect(held!.held).toBe(true);

    // The session that opened it declines: the ticket goes on to the next in line.
    expect((await opener.call('declineQueueOffer', { code: mail!.code })).body).toEqual({
      result: { declined: true },
    });
    expect(await states(app)).toEqual({
      'kim.open@example.se': 'declined',
      'lo.unopened@example.se': 'offered',
    });
  });

  it('an offer nobody opened yet is declined from any session (the e-mail’s one-click link)', async () => {
    const { app } = t;
    const mails = await offerMails(app);
    const mail = mails.find((m) => m.to === 'lo.unopened@example.se')!;
    expect((await (await visitor(app)).call('declineQueueOffer', { code: mail.code })).body).toEqual({
      result: { declined: true },
    });
  });
});

describe('an offer opened by someone who holds a ticket in another session', () => {
  let t: Awaited<ReturnType<typeof soldOut>>;
  beforeAll(async () => {
    t = await soldOut(2);
  });
  afterAll(() => t.app.close());

  it('identifying on the offer keeps the offer and lets go of the other ticket: one person, one ticket', async () => {
    const { app } = t;
    const pn = DEMO_PERSONAL_NUMBERS.member;
    // the person holds one ticket in a session of theirs, and waits in the queue for a friend
    await t.holders[0]!.authenticate(pn);
    const mine = (await t.holders[0]!.call('register')).body.result as {
      ticketId: string;
      reserved: boolean;
    };
    expect(mine.reserved).toBe(true);
    await queued(app, 'pia.two@example.se');
    await t.holders[1]!.call('deregisterClient');
    await app.running.queueOffers.sweep();
    const [mail] = await offerMails(app);
    const phone = await visitor(app);
    const opened = await phone.call('openQueueOffer', { code: mail!.code });
    expect(opened.status).toBe(200);
    // identifying there: the offer's ticket is theirs, the other one is free again
    await phone.authenticate(pn);
    expect((await phone.call('register')).body.result).toMatchObject({
      ticketId: opened.body.result.ticketId,
      reserved: true,
    });
    const [held] = await app.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM tickets WHERE holder_person_hash IS NOT NULL AND hold_expires_at > now()`;
    expect(held!.n).toBe(1);
    expect((await t.holders[0]!.call('register')).body.result?.ticketId).not.toBe(mine.ticketId);
  });
});
