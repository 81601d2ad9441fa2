// Each concert's sale is its own (issue 38 §1, §4, §5): after the office publishes next year's
// concert, last year's tickets, waiting list and door list count for nothing in it, a donor who
// had a ticket last year can have one again, and erasing last year's sale leaves this year's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { stockholmWallClock } from '@concert/shared/stockholm-time';
import { eraseSaleData } from '../src/modules/retention/erase-sale-data.js';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';
import { visitor } from './visitor.js';

const AUDIENCE = 'api://concert';
const MEMBER = DEMO_PERSONAL_NUMBERS.member;

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let office: string;
let door: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
    // Two tickets: the member's raise and a guest added by hand sell it out.
    CONCERT_CAPACITY: '2',
  });
  office = await authority.tokenFor('office@org.example');
  door = await authority.tokenFor('door@org.example');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const ok = async (name: string, data: unknown, token: string) => {
  const res = await app.call(name, data, token);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result;
};
const status = async () => (await app.request('/api/getConcertStatus')).body;

/** The member raises their gift through BankID, as the visitor flow does: a confirmed ticket. */
async function memberRaises(amount: number) {
  const v = await visitor(app);
  const ticket = await v.register();
  await v.authenticate(MEMBER);
  const info = await v.call('getPersonalInfo', { personalNumber: MEMBER, email: 'medlem@example.se' });
  expect(info.status, JSON.stringify(info.body)).toBe(200);
  const sign = await v.call('startBankIDSign', {
    personalNumber: MEMBER,
    ticketId: ticket.ticketId,
    donationAmount: amount,
    signType: 'raise',
    lang: 'sv',
  });
  expect(sign.status, JSON.stringify(sign.body)).toBe(200);
  expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
}

const ticketsOfMember = async () =>
  app.db.sql<{ concertId: number; named: boolean }[]>`
    SELECT t.concert_id, t.attendee_first_name IS NOT NULL AS named
    FROM tickets t JOIN persons p ON p.id = t.person_id
    WHERE p.personal_number_hash = ${app.protector.lookupHash(MEMBER)}
    ORDER BY t.concert_id`;

describe('next year’s concert starts a sale of its own', () => {
  it('old tickets, queue and door list count for nothing; the same donor gets a ticket again; erasure is per concert', async () => {
    // This year: the member's ticket and a guest's sell it out; the door knows both codes.
    const { concert: first } = await ok('getConcert', {}, office);
    await memberRaises(first.minRaise);
    const guest = await ok(
      'addManualAttendee',
      { firstName: 'Gäst', lastName: 'Förra', email: 'gast@example.se' },
      office,
    );
    expect((await status()).concertStatus).toBe('Queue');
    await ok(
      'enterQueue',
      { person: { firstName: 'Kö', lastName: 'Förra', email: 'ko@example.se' } },
      (await app.session()).idToken,
    );
    const oldList = await ok('doorList', {}, door);
    expect(oldList.rows).toHaveLength(2);
    expect((await ok('scanTicket', { externalTicketId: guest.externalTicketId }, door)).outcome).toBe('OK');

    // Next year's, copied and published, on sale from yesterday.
    const year = Number(first.startsAt.slice(0, 4)) + 1;
    const { concert: draft } = await ok(
      'copyConcert',
      { fromId: first.id, startsAt: `${year}${first.startsAt.slice(4)}` },
      office,
    );
    // A text that types out this year's date keeps next year's from being published, and is named.
    const editor = await authority.tokenFor('editor@staff.example');
    const texts = (await app.request('/api/getCopy')).body as { key: string; sv: string; en: string }[];
    const faq = texts.find((r) => r.key === 'faq.date.answer')!;
    const thisYear = (await status()).copyVariables.sv.concertDate as string;
    const setFaq = async (sv: string) =>
      expect((await app.call('updateCopy', { key: faq.key, sv, en: faq.en }, editor)).status).toBe(200);
    await setFaq(`Konserten är den ${thisYear}.`);
    const refused = await app.call('publishConcert', { id: draft.id }, office);
    expect(refused.body.error).toEqual({ status: 'FAILED_PRECONDITION', message: 'notReady' });
    expect((await ok('checkConcertTexts', { id: draft.id }, office)).stale).toEqual([
      { key: 'faq.date.answer', lang: 'sv', found: thisYear },
    ]);
    await setFaq(faq.sv);
    expect((await ok('checkConcertTexts', { id: draft.id }, office)).stale).toEqual([]);
    await ok('publishConcert', { id: draft.id }, office);
    await ok(
      'saveConcert',
      { id: draft.id, saleOpensAt: stockholmWallClock(Date.now() - 86_400_000) },
      office,
    );
    const next = await ok('getConcert', {}, office);
    expect(next.concert.id).toBe(draft.id);
    // Last year's two tickets and its waiting list are not this year's.
    expect(next).toMatchObject({ taken: 0, holders: 0, queueWaiting: 0 });
    expect((await status()).concertStatus).toBe('Open');
    const dashboard = await ok('getSaleDashboard', {}, office);
    expect(dashboard).toMatchObject({ confirmed: 0, checkedIn: 0, capacity: first.capacity });
    expect((await ok('listAttendees', {}, office)).rows).toEqual([]);

    // Last year's code opens nothing, and last year's list matches nothing of this year.
    const scanned = await app.call('scanTicket', { externalTicketId: guest.externalTicketId }, door);
    expect(scanned.status).toBe(404);
    const newList = await ok('doorList', {}, door);
    expect(newList.rows).toEqual([]);
    expect(newList.salt).not.toBe(oldList.salt);

    // The member who had a ticket last year gets one this year.
    await memberRaises(first.minRaise);
    expect(await ticketsOfMember()).toEqual([
      { concertId: first.id, named: true },
      { concertId: draft.id, named: true },
    ]);
    expect((await ok('getConcert', {}, office)).holders).toBe(1);

    // Last year's ticket page still says when and where last year's concert is, not this year's.
    const visitorToken = (await app.session()).idToken;
    const lastYears = await ok('getTicket', { code: guest.externalTicketId }, visitorToken);
    expect(lastYears.concert.id).toBe(first.id);
    expect(lastYears.copyVariables.sv.concertDate).toBe(thisYear);
    expect((await status()).copyVariables.sv.concertDate).not.toBe(thisYear);

    // Erasing last year's sale leaves this year's ticket holder.
    const erased = await eraseSaleData(app.db.sql, first.id);
    expect(erased).toMatchObject({ tickets: 2, queueEntries: 1 });
    expect(await ticketsOfMember()).toEqual([{ concertId: draft.id, named: true }]);
    expect((await ok('listAttendees', {}, office)).rows).toHaveLength(1);
  });
});
