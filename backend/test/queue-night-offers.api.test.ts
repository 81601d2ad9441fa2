import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  stockholmDate,
  stockholmInstant,
  stockholmWallClock,
} from '@concert/shared/stockholm-time';
import { publishedConcert } from '../src/modules/concert/records.js';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';
import { visitor } from './visitor.js';

/**
 * Offers that respect sleep (issue 40 §4), on a real database with the offers' clock fixed by
 * the test and the server in New York: an offer made in the Stockholm night (22:00–08:00) runs
 * until 10:00, or its full length from 08:00; the e-mail says the end in Stockholm time; no
 * offer once the concert's sale has closed.
 */
const AUDIENCE = 'api://concert-night-test';
const HOUR = 3_600_000;
const OFFER_HOURS = 4;

let tz: string | undefined;
let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let clock = new Date();
beforeAll(async () => {
  tz = process.env.TZ;
  process.env.TZ = 'America/New_York';
  authority = await startTestAuthority({ audience: AUDIENCE });
  // A concert next summer: the sale (open from now) spans next spring's daylight-saving change.
  const concertDate = `${new Date().getUTCFullYear() + 1}-07-01`;
  app = await startTestApp(
    {
      CONCERT_CAPACITY: '1',
      DEMO_CONCERT_DATE: concertDate,
      QUEUE_OFFER_HOURS: String(OFFER_HOURS),
      STAFF_AUTHORITY: authority.issuer,
      STAFF_CLIENT_ID: 'spa',
      STAFF_API_AUDIENCE: AUDIENCE,
      PUBLIC_URL: 'https://konsert.example',
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
  process.env.TZ = tz;
});

/** Joins the queue with this e-mail and confirms through the link in the e-mail. */
async function queued(email: string) {
  const v = await visitor(app);
  const res = await v.call('enterQueue', {
    person: { firstName: 'Nina', lastName: 'Natt', email },
    lang: 'sv',
  });
  expect(res.body, email).toEqual({ result: { queued: true } });
  const [mail] = await app.db.sql<{ vars: { confirmUrl: string } }[]>`
    SELECT vars FROM email_outbox WHERE email_type = 'queueConfirmation' AND to_email = ${email}`;
  const code = new URL(mail!.vars.confirmUrl).searchParams.get('code')!;
  expect((await v.call('confirmQueuePlace', { code })).status).toBe(200);
}

/** The latest offer: to whom, made and ending when, its e-mail's words for the end, and its code. */
async function latestOffer() {
  const [offer] = await app.db.sql<{ id: string; offeredAt: Date; expiresAt: Date; email: string }[]>`
    SELECT o.id::text, o.offered_at, o.expires_at, e.email
    FROM queue_offers o JOIN queue_entries e ON e.id = o.entry_id
    ORDER BY o.id DESC LIMIT 1`;
  const [mail] = await app.db.sql<
    { vars: { offerUrl: string; offerDeadline: string; offerHours: string } }[]
  >`
    SELECT vars FROM email_outbox WHERE dedupe_key = ${`queueOffer:${offer!.id}`}`;
  return { ...offer!, ...mail!.vars, code: new URL(mail!.vars.offerUrl).searchParams.get('code')! };
}

/** The end as the Swedish e-mail states it: Stockholm's wall clock, whatever the server's zone. */
const inSwedish = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);

const at = (wall: string) => stockholmInstant(wall)!;

describe('offers made at night run until the morning', () => {
  it('01:36, 21:59, 22:00, 07:59, 08:00 and across the spring change; the e-mail states the end in Stockholm time', async () => {
    expect(new Date('2031-01-15T12:00:00Z').getHours()).toBe(7); // the server runs in New York
    const people = Array.from({ length: 8 }, (_, i) => `natt${i}@example.se`);
    const holder = await visitor(app);
    await holder.register();
    for (const email of people) await queued(email);

    const day = addCalendarDays(stockholmDate(Date.now()), 3);
    const next = addCalendarDays(day, 1);
    // The first offer: the ticket freed, the sweep at 01:36; each next one: the offer declined at that time.
    const cases: [made: string, ends: string][] = [
      [`${day}T01:36`, `${day}T12:00`],
      [`${day}T21:59`, `${next}T01:59`],
      [`${day}T22:00`, `${next}T12:00`],
      [`${next}T07:59`, `${next}T12:00`],
      [`${next}T08:00`, `${next}T12:00`],
    ];
    let previous: string | undefined;
    for (const [i, [made, ends]] of cases.entries()) {
      clock = at(made);
      if (previous === undefined) {
        await holder.call('deregisterClient');
        expect(await app.running.queueOffers.sweep()).toEqual({ expired: 0, offered: 1 });
      } else {
        const declined = await (await visitor(app)).call('declineQueueOffer', { code: previous });
        expect(declined.body).toEqual({ result: { declined: true } });
      }
      const offer = await latestOffer();
      expect(offer.email).toBe(people[i]);
      expect(offer.offeredAt.toISOString(), made).toBe(clock.toISOString());
      expect(stockholmWallClock(offer.expiresAt), made).toBe(ends);
      expect(offer.offerDeadline, made).toBe(inSwedish(at(ends)));
      expect(offer.offerDeadline).toContain(ends.slice(11));
      // The e-mail's hours are the link's real length (01:36 to 12:00: 10.4), not the setting's.
      if (i === 0) expect(offer.offerHours).toBe('10,4');
      previous = offer.code;
    }
    // Across the spring change: the night before it is an hour shorter; 10:00 is Stockholm's.
    await app.db.sql`UPDATE queue_settings SET offer_hours = 1`;
    const spring = findSpringChange(stockholmDate(Date.now()));
    clock = at(`${addCalendarDays(spring, -1)}T23:30`);
    expect((await (await visitor(app)).call('declineQueueOffer', { code: previous })).status).toBe(200);
    const dst = await latestOffer();
    expect(stockholmWallClock(dst.expiresAt)).toBe(`${spring}T10:00`);
    expect((dst.expiresAt.getTime() - dst.offeredAt.getTime()) / HOUR).toBe(9.5);
    expect(dst.offerDeadline).toBe(inSwedish(at(`${spring}T10:00`)));
    expect(dst.offerHours).toBe('9,5');
    previous = dst.code;

    // The sale closes: a declined offer's ticket goes to nobody, the sweep offers none, nor the office.
    const concert = (await publishedConcert(app.db.sql))!;
    clock = new Date(concert.saleClosesAt.getTime() + 60_000);
    expect((await (await visitor(app)).call('declineQueueOffer', { code: previous })).status).toBe(200);
    expect(await app.running.queueOffers.sweep()).toEqual({ expired: 0, offered: 0 });
    const office = await authority.tokenFor('office@org.example');
    expect((await app.call('sendNextQueueOffer', {}, office)).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'noTicket' },
    });
    const [waiting] = await app.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM queue_entries WHERE state = 'waiting'`;
    expect(waiting!.n).toBe(people.length - cases.length - 1);
    // Negative control: the same steps before the close would have made an offer.
    clock = new Date(concert.saleClosesAt.getTime() - HOUR);
    expect(await app.running.queueOffers.sweep()).toEqual({ expired: 0, offered: 1 });

    // The offer's page fills in the address the offer was sent to: the server's answer, not the link's.
    const last = await latestOffer();
    expect(last.offerUrl).not.toContain('%40');
    expect(last.offerUrl).not.toContain(last.email);
    const opened = await (await visitor(app)).call('openQueueOffer', { code: last.code });
    expect(opened.body.result).toMatchObject({ reserved: true, email: people[cases.length + 1] });
  });
});

/** The first Stockholm date from `from` with an hour less (00:00 to 12:00 is 11 hours): the spring change. */
function findSpringChange(from: string): string {
  for (let d = from, i = 0; i < 400; d = addCalendarDays(d, 1), i++)
    if (at(`${d}T12:00`).getTime() - at(`${d}T00:00`).getTime() === 11 * HOUR) return d;
  throw new Error('no spring change within a year');
}
