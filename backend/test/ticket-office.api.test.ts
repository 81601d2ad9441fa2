import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';
import { visitor } from './visitor.js';

/** Issue 40 §1–2 on a real database: the office cancels, moves and re-sends tickets. */
const AUDIENCE = 'api://concert-ticket-office-test';
const CAPACITY = 3;

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
    CONCERT_CAPACITY: String(CAPACITY),
    PUBLIC_URL: 'https://konsert.example',
  });
  office = await authority.tokenFor('office@org.example');
  door = await authority.tokenFor('door@org.example');
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const result = async (name: string, data: unknown = {}, token = office) => {
  const res = await app.call(name, data, token);
  expect(res.status, `${name} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result;
};
const added = (firstName: string, email: string) =>
  result('addManualAttendee', { firstName, lastName: 'Ek', email }) as Promise<{
    attendeeId: string;
    externalTicketId: string;
  }>;
const mails = (type: string, to: string) =>
  app.db.sql<{ id: string; vars: Record<string, unknown>; lang: string }[]>`
    SELECT id, vars, lang FROM email_outbox WHERE email_type = ${type} AND to_email = ${to} ORDER BY created_at`;
const audit = (action: string, subject: string) =>
  app.db.sql<{ email: string }[]>`
    SELECT s.email FROM audit_log a JOIN staff s ON s.id = a.staff_id
    WHERE a.action = ${action} AND a.subject = ${subject}`;
const status = async () => (await app.request('/api/getConcertStatus')).body.concertStatus as string;

async function queued(email: string) {
  const v = await visitor(app);
  const res = await v.call('enterQueue', { person: { firstName: 'Kim', lastName: 'Kö', email }, lang: 'sv' });
  expect(res.body).toEqual({ result: { queued: true } });
  const [mail] = await app.db.sql<
    { vars: { confirmUrl: string } }[]
  >`SELECT vars FROM email_outbox WHERE email_type = 'queueConfirmation' AND to_email = ${email}`;
  const code = new URL(mail!.vars.confirmUrl).searchParams.get('code')!;
  expect((await v.call('confirmQueuePlace', { code })).status).toBe(200);
}

describe('cancelTicket, transferTicket and resendTicketEmail (issue 40 §1–2)', () => {
  const deviceId = randomUUID();
  let first: { attendeeId: string; externalTicketId: string };
  let second: { attendeeId: string; externalTicketId: string };

  it('door staff may not cancel, move or resend (403), and nothing changes', async () => {
    first = await added('Ada', 'ada@example.se');
    second = await added('Bo', 'bo@example.se');
    await added('Cy', 'cy@example.se');
    expect(await status()).toBe('Queue');
    for (const [name, data] of [
      ['cancelTicket', { attendeeId: first.attendeeId }],
      [
        'transferTicket',
        { attendeeId: first.attendeeId, firstName: 'Dag', lastName: 'Ny', email: 'dag@example.se' },
      ],
      ['resendTicketEmail', { attendeeId: first.attendeeId }],
    ] as const) {
      const res = await app.call(name, data, door);
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 403,
        error: { status: 'PERMISSION_DENIED', message: 'permissionDenied' },
      });
    }
    expect((await result('scanTicket', { externalTicketId: first.externalTicketId }, door)).outcome).toBe(
      'OK',
    );
    // Let back out (undo), so the same ticket can be cancelled below.
    await result('registerDoorDevice', { deviceId, label: 'Dörr 1' }, door);
    await app.db.sql`UPDATE tickets SET scanned_at = NULL WHERE id = ${first.attendeeId}::bigint`;
  });

  it('refuses bad input with an id, and an unknown ticket with 404', async () => {
    const bad = await app.call(
      'transferTicket',
      { attendeeId: first.attendeeId, firstName: 'Dag', lastName: 'Ny', email: 'nej' },
      office,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('invalidEmail');
    expect((await app.call('cancelTicket', { attendeeId: 'x1' }, office)).status).toBe(400);
    expect((await app.call('cancelTicket', { attendeeId: '999999' }, office)).body.error).toEqual({
      status: 'NOT_FOUND',
      message: 'notFound',
    });
  });

  it('cancel: the door refuses the code online and after a poll, the waiting list gets the offer, the holder an e-mail', async () => {
    await queued('vanja@example.se');
    const { cursor } = await result('doorStatus', {}, door);
    expect(await result('cancelTicket', { attendeeId: first.attendeeId })).toEqual({ cancelled: true });

    // Online: the code is unknown at once.
    const scan = await app.call('scanTicket', { externalTicketId: first.externalTicketId }, door);
    expect(scan.status).toBe(404);
    // Offline devices: the next poll says the ticket no longer opens the door, and a check-in
    // made offline before it is refused at sync.
    const polled = await result('doorStatus', { since: cursor }, door);
    expect(polled.changes).toContainEqual(
      expect.objectContaining({ ticketId: first.attendeeId, entry: null }),
    );
    const synced = await result(
      'syncCheckIns',
      { deviceId, checkIns: [{ id: randomUUID(), ticketId: first.attendeeId, at: Date.now() }] },
      door,
    );
    expect(synced.results[0].outcome).toBe('UNKNOWN');
    const list = await result('doorList', {}, door);
    expect(list.rows.map((r: string[]) => r[0])).not.toContain(first.attendeeId);

    // Someone waits: the freed ticket is offered to them (the e-mail is in the outbox).
    expect(await mails('queueOffer', 'vanja@example.se')).toHaveLength(1);
    // The holder is told; membership untouched is the e-mail's text.
    const [told] = await mails('ticketCancelled', 'ada@example.se');
    expect(told?.vars).toMatchObject({ firstName: 'Ada' });
    expect(await audit('tickets.cancel', first.attendeeId)).toEqual([{ email: 'office@org.example' }]);

    // The attendee list, its history, the dashboard count it as cancelled.
    const page = await result('listAttendees', {});
    const row = page.rows.find((r: { ticketId: string }) => r.ticketId === first.attendeeId);
    expect(row).toMatchObject({ firstName: 'Ada', ticketCode: '', cancelledAt: expect.any(String) });
    expect((await result('getSaleDashboard')).cancelled).toBe(1);
    const history = await result('attendeeHistory', { ticketId: first.attendeeId });
    expect(history.events.map((e: { what: string }) => e.what)).toContain('tickets.cancel');
  });

  it('cancelling twice is a clear refusal, not a 500', async () => {
    const again = await app.call('cancelTicket', { attendeeId: first.attendeeId }, office);
    expect({ status: again.status, error: again.body.error }).toEqual({
      status: 400,
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });
    expect(await mails('ticketCancelled', 'ada@example.se')).toHaveLength(1);
  });

  it('with nobody waiting, a cancelled ticket goes back on sale', async () => {
    // The offer is declined by the queue's sweep ending: simplest is to let it lapse.
    await app.db.sql`UPDATE queue_offers SET expires_at = now() - interval '1 minute'`;
    await app.running.queueOffers.sweep();
    expect(await status()).toBe('Open');
  });

  it('transfer: the old code is refused, the new one lets the new holder in, both are told', async () => {
    const { externalTicketId } = await result('transferTicket', {
      attendeeId: second.attendeeId,
      firstName: 'Dag',
      lastName: 'Ny',
      email: 'dag@example.se',
    });
    expect(externalTicketId).toMatch(/^[0-9a-f]{32}$/);
    expect(externalTicketId).not.toBe(second.externalTicketId);
    expect((await app.call('scanTicket', { externalTicketId: second.externalTicketId }, door)).status).toBe(
      404,
    );
    const [ticketMail] = await mails('finalTicket', 'dag@example.se');
    expect(ticketMail?.vars).toMatchObject({ firstName: 'Dag' });
    expect(JSON.stringify(ticketMail?.vars)).not.toContain(externalTicketId);
    const [moved] = await mails('ticketMoved', 'bo@example.se');
    expect(moved?.vars).toMatchObject({ firstName: 'Bo', newHolder: 'Dag Ny' });
    expect(await audit('tickets.transfer', second.attendeeId)).toHaveLength(1);
    const history = await result('attendeeHistory', { ticketId: second.attendeeId });
    expect(history.events).toContainEqual(
      expect.objectContaining({ what: 'moved', from: 'Bo Ek', to: 'Dag Ny' }),
    );
    const scan = await result('scanTicket', { externalTicketId }, door);
    expect(scan).toMatchObject({ outcome: 'OK', firstName: 'Dag', lastName: 'Ny' });
    // A ticket used at the door is not moved or cancelled.
    expect((await app.call('cancelTicket', { attendeeId: second.attendeeId }, office)).status).toBe(400);
  });

  it('resend: one e-mail per click, none while one waits to go out, each audited', async () => {
    const third = await added('Eva', 'eva@example.se');
    await app.db.sql`DELETE FROM email_outbox WHERE to_email = 'eva@example.se'`;
    const clicks = await Promise.all([
      result('resendTicketEmail', { attendeeId: third.attendeeId }),
      result('resendTicketEmail', { attendeeId: third.attendeeId }),
    ]);
    expect(clicks.map((c) => c.queued).sort()).toEqual([false, true]);
    expect(await mails('finalTicket', 'eva@example.se')).toHaveLength(1);
    await app.db
      .sql`UPDATE email_outbox SET status = 'sent', sent_at = now() WHERE to_email = 'eva@example.se'`;
    expect(await result('resendTicketEmail', { attendeeId: third.attendeeId })).toEqual({ queued: true });
    expect(await mails('finalTicket', 'eva@example.se')).toHaveLength(2);
    expect(await audit('tickets.resendEmail', third.attendeeId)).toHaveLength(2);
    expect((await app.call('resendTicketEmail', { attendeeId: first.attendeeId }, office)).status).toBe(400);
  });
});
