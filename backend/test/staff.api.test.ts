import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPlainDoorCodes } from '../src/modules/tickets/door-codes.js';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';
import { openDoorCodeVars } from '../src/modules/outbox/door-code-vars.js';

/** What staff do through the API: the copy editor, the door, manual attendees and the e-mail queue. */
const AUDIENCE = 'api://concert-staff-test';

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let editor: string;
let door: string;
let office: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
    PUBLIC_URL: 'https://konsert.example',
  });
  editor = await authority.tokenFor('editor@staff.example');
  door = await authority.tokenFor('door@org.example');
  office = await authority.tokenFor('office@org.example');
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const refusal = (res: { status: number; body: any }) => ({ status: res.status, error: res.body?.error });

/** A ticket as the signing flow leaves it: confirmed, with the attendee's name and a door code minted; answers the door code. */
async function confirmedTicket(firstName = 'Maria', lastName = 'Lind'): Promise<string> {
  const visitor = await app.session();
  const held = await app.call('register', {}, visitor.idToken);
  const holdId = held.body.result.ticketId as string;
  const [row] = await app.db.sql<{ externalId: string }[]>`
    UPDATE tickets
    SET confirmed_at = now(), holder_uid = NULL, hold_expires_at = NULL, hold_id = NULL, hold_until = NULL,
        external_id = replace(gen_random_uuid()::text, '-', ''),
        attendee_first_name = ${firstName}, attendee_last_name = ${lastName}, attendee_email = ${`${firstName.toLowerCase()}@example.se`}
    WHERE hold_id = ${holdId}
    RETURNING external_id`;
  // A plain code as a database from before migration 037 held it, converted as at start.
  await convertPlainDoorCodes(app.db.sql, app.protector);
  return row!.externalId;
}

describe('copy editor', () => {
  it('saves both languages, shows them on the next getCopy and records who changed what', async () => {
    const before = (await app.request('/api/getCopy')).body.find(
      (r: { key: string }) => r.key === 'start.title',
    );
    const res = await app.call(
      'updateCopy',
      { key: 'start.title', sv: 'Ny rubrik', en: 'New title' },
      editor,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ key: 'start.title', sv: 'Ny rubrik', en: 'New title' });
    expect(Date.parse(res.body.result.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await app.request('/api/getCopy?lang=sv')).body['start.title']).toBe('Ny rubrik');
    expect((await app.request('/api/getCopy?lang=en')).body['start.title']).toBe('New title');

    const history = await app.call('copyHistory', { key: 'start.title' }, editor);
    expect(history.status).toBe(200);
    expect(history.body.result).toHaveLength(1);
    expect(history.body.result[0]).toMatchObject({
      key: 'start.title',
      changedBy: 'editor@staff.example',
      oldSv: before.sv,
      oldEn: before.en,
      newSv: 'Ny rubrik',
      newEn: 'New title',
      changedAt: res.body.result.updatedAt,
    });
  });

  it('refuses a save over a version someone else saved meanwhile (409 ABORTED invalidState), never overwriting it', async () => {
    const listed = (await app.call('listCopy', {}, editor)).body.result.find(
      (r: { key: string }) => r.key === 'start.slogan',
    );
    expect(listed.updatedAt).toEqual(expect.any(String));
    const first = await app.call(
      'updateCopy',
      { id: 'start.slogan', sv: 'Först', en: 'First', expectedUpdatedAt: listed.updatedAt },
      editor,
    );
    expect(first.status).toBe(200);

    const stale = await app.call(
      'updateCopy',
      { key: 'start.slogan', sv: 'Sen', en: 'Late', expectedUpdatedAt: listed.updatedAt },
      editor,
    );
    expect(refusal(stale)).toEqual({ status: 409, error: { status: 'ABORTED', message: 'invalidState' } });
    expect((await app.request('/api/getCopy?lang=sv')).body['start.slogan']).toBe('Först');

    const fresh = await app.call(
      'updateCopy',
      { key: 'start.slogan', sv: 'Sen', en: 'Late', expectedUpdatedAt: first.body.result.updatedAt },
      editor,
    );
    expect(fresh.status).toBe(200);
    const history = (await app.call('copyHistory', { key: 'start.slogan' }, editor)).body.result;
    expect(history.map((h: { newSv: string }) => h.newSv)).toEqual(['Sen', 'Först']);
    expect(history[0].oldSv).toBe('Först');
  });

  it('records nothing for a save that changes nothing', async () => {
    const current = (await app.call('listCopy', {}, editor)).body.result.find(
      (r: { key: string }) => r.key === 'start.title',
    );
    const res = await app.call('updateCopy', { key: 'start.title', sv: current.sv, en: current.en }, editor);
    expect(res.body.result.updatedAt).toBe(current.updatedAt);
    expect((await app.call('copyHistory', { key: 'start.title' }, editor)).body.result).toHaveLength(1);
  });

  it('answers 404 for an unknown key and 400 for an unreadable version', async () => {
    expect(refusal(await app.call('updateCopy', { key: 'no.such.key', sv: 'a', en: 'b' }, editor))).toEqual({
      status: 404,
      error: { status: 'NOT_FOUND', message: 'notFound' },
    });
    expect((await app.call('copyHistory', { key: 'no.such.key' }, editor)).status).toBe(404);
    expect(
      (
        await app.call(
          'updateCopy',
          { key: 'start.title', sv: 'a', en: 'b', expectedUpdatedAt: 'yesterday' },
          editor,
        )
      ).status,
    ).toBe(400);
  });

  it('is for copy admins only: the door account gets 403 not_copy_admin and changes nothing', async () => {
    const res = await app.call('updateCopy', { key: 'start.title', sv: 'Dörren', en: 'Door' }, door);
    expect(refusal(res)).toEqual({
      status: 403,
      error: { status: 'PERMISSION_DENIED', message: 'not_copy_admin' },
    });
    expect((await app.request('/api/getCopy?lang=sv')).body['start.title']).toBe('Ny rubrik');
    expect((await app.call('listCopy', {}, door)).status).toBe(403);
  });
});

describe('scanTicket', () => {
  it('lets a confirmed ticket in once: OK with the name, then ALREADY_SCANNED with the first time', async () => {
    const ticketId = await confirmedTicket();
    const first = await app.call('scanTicket', { externalTicketId: ticketId }, door);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ outcome: 'OK', firstName: 'Maria', lastName: 'Lind' });
    const again = await app.call('scanTicket', { externalTicketId: ticketId }, editor);
    expect(again.body.result).toEqual({ ...first.body.result, outcome: 'ALREADY_SCANNED' });
    const [row] = await app.db
      .sql`SELECT s.email FROM tickets t JOIN staff s ON s.id = t.scanned_by WHERE t.door_code_hash = ${app.protector.doorCodeHash(ticketId)}`;
    expect(row!.email).toBe('door@org.example');
  });

  it('20 doors scanning the same ticket at once: exactly one OK, all with the same time', async () => {
    const ticketId = await confirmedTicket('Erik', 'Berg');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.call('scanTicket', { externalTicketId: ticketId }, door)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.result.outcome === 'OK')).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.result.scannedAt)).size).toBe(1);
  });

  it('answers 404 notFound for an unknown ticket and for a ticket that is only held', async () => {
    const notFound = { status: 404, error: { status: 'NOT_FOUND', message: 'notFound' } };
    expect(refusal(await app.call('scanTicket', { externalTicketId: 'deadbeef' }, door))).toEqual(notFound);
    const visitor = await app.session();
    const held = (await app.call('register', {}, visitor.idToken)).body.result.ticketId;
    expect(refusal(await app.call('scanTicket', { externalTicketId: held }, door))).toEqual(notFound);
  });
});

describe('addManualAttendee', () => {
  it('adds an attendee with a confirmed ticket that can be scanned', async () => {
    const res = await app.call(
      'addManualAttendee',
      { firstName: 'Åsa', lastName: 'Öberg', email: 'asa@example.se', manuallyAdded: true },
      office,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      attendeeId: expect.any(String),
      externalTicketId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const [row] = await app.db
      .sql`SELECT manually_added, confirmed_at, attendee_email FROM tickets WHERE door_code_hash = ${app.protector.doorCodeHash(res.body.result.externalTicketId)}`;
    expect(row).toMatchObject({
      manuallyAdded: true,
      confirmedAt: expect.any(Date),
      attendeeEmail: 'asa@example.se',
    });
    const scan = await app.call('scanTicket', { externalTicketId: res.body.result.externalTicketId }, door);
    expect(scan.body.result).toMatchObject({ outcome: 'OK', firstName: 'Åsa', lastName: 'Öberg' });
  });

  it('validates the attendee like the visitor forms do', async () => {
    expect(
      refusal(
        await app.call(
          'addManualAttendee',
          { firstName: 'Å', lastName: 'Öberg', email: 'asa@example.se' },
          office,
        ),
      ).status,
    ).toBe(400);
    expect(
      refusal(
        await app.call(
          'addManualAttendee',
          { firstName: 'Åsa', lastName: 'Öberg', email: 'not-an-email' },
          office,
        ),
      ).error.message,
    ).toBe('invalidEmail');
  });
});

describe('addEmailToQueue and listOutbox', () => {
  it('queues the ticket e-mail with the scan URL; the outbox lists it without template values; the worker sends it with the QR code', async () => {
    const ticketId = await confirmedTicket('Nils', 'Holm');
    const res = await app.call(
      'addEmailToQueue',
      { email: 'nils@example.se', name: 'Nils', emailType: 'finalTicket', ticketId },
      office,
    );
    expect(res.status).toBe(200);
    const { id } = res.body.result;
    const [row] = await app.db
      .sql`SELECT to_email, lang, email_type, vars FROM email_outbox WHERE id = ${id}`;
    expect(row).toEqual({
      toEmail: 'nils@example.se',
      lang: 'sv',
      emailType: 'finalTicket',
      vars: {
        firstName: 'Nils',
        doorCodeHash: app.protector.doorCodeHash(ticketId),
        doorCodeSealed: expect.any(String),
      },
    });
    expect(JSON.stringify(row)).not.toContain(ticketId); // the code is sealed at rest (issue 39 §11)
    expect(openDoorCodeVars(app.protector, 'https://konsert.example', row!.vars)).toMatchObject({
      ticketId,
      scanUrl: `https://konsert.example/admin/scan/${ticketId}`,
    });

    const listed = await app.call('listOutbox', {}, office);
    expect(listed.status).toBe(200);
    const entry = listed.body.result.find((e: { id: string }) => e.id === id);
    expect(entry).toMatchObject({
      toEmail: 'nils@example.se',
      emailType: 'finalTicket',
      status: 'pending',
      attempts: 0,
      createdAt: expect.any(String),
    });
    expect(entry).not.toHaveProperty('vars');

    await app.running.outbox.runOnce();
    const mail = (await app.request('/dev/mail')).body.find((m: { to: string[] }) =>
      m.to.includes('nils@example.se'),
    );
    expect(mail.text).toContain(ticketId);
    expect(mail.attachments).toContainEqual(expect.objectContaining({ contentType: 'image/png' }));
    const after = (await app.call('listOutbox', {}, office)).body.result.find(
      (e: { id: string }) => e.id === id,
    );
    expect(after.status).toBe('sent');
  });

  it('sends a ticket e-mail only for a confirmed ticket, and only to the address on it', async () => {
    const held = (await app.call('register', {}, (await app.session()).idToken)).body.result.ticketId;
    const notFound = { status: 404, error: { status: 'NOT_FOUND', message: 'notFound' } };
    expect(
      refusal(
        await app.call(
          'addEmailToQueue',
          { email: 'x@example.se', name: 'X', emailType: 'finalTicket', ticketId: held },
          office,
        ),
      ),
    ).toEqual(notFound);
    const code = await confirmedTicket('Olle', 'Ek');
    expect(
      refusal(
        await app.call(
          'addEmailToQueue',
          { email: 'someone.else@example.se', name: 'Olle', emailType: 'finalTicket', ticketId: code },
          office,
        ),
      ),
    ).toEqual({
      status: 400,
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });
    expect(
      (
        await app.call(
          'addEmailToQueue',
          { email: 'OLLE@example.se', name: 'Olle', emailType: 'finalTicket', ticketId: code },
          office,
        )
      ).status,
    ).toBe(200);
  });

  it('queues the other types in the language asked for, without a scan URL', async () => {
    const res = await app.call(
      'addEmailToQueue',
      { email: 'eva@example.se', name: 'Eva', emailType: 'registeredNew', ticketId: 'abc123', lang: 'en' },
      office,
    );
    const [row] = await app.db.sql`SELECT lang, vars FROM email_outbox WHERE id = ${res.body.result.id}`;
    expect(row).toMatchObject({
      lang: 'en',
      vars: { firstName: 'Eva', doorCodeHash: app.protector.doorCodeHash('abc123') },
    });
    expect(JSON.stringify(row)).not.toContain('abc123');
  });

  it('is for signed-in staff only', async () => {
    expect((await app.call('listOutbox', {})).status).toBe(401);
    expect(
      (
        await app.call('addEmailToQueue', {
          email: 'x@example.se',
          name: 'X',
          emailType: 'finalTicket',
          ticketId: 't',
        })
      ).status,
    ).toBe(401);
  });
});

describe('capacity', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({
      STAFF_AUTHORITY: authority.issuer,
      STAFF_CLIENT_ID: 'spa',
      STAFF_API_AUDIENCE: AUDIENCE,
      CONCERT_CAPACITY: '3',
    });
  });
  afterAll(() => small?.close());

  it('manual attendees take tickets of the capacity: of 6 added at once beside a live hold, 2 get one, the rest 409 noTicket', async () => {
    const visitor = await small.session();
    expect((await small.call('register', {}, visitor.idToken)).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        small.call(
          'addManualAttendee',
          { firstName: 'Gäst', lastName: `Nummer${'x'.repeat(i + 1)}`, email: `g${i}@example.se` },
          office,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 200))
      expect(refusal(r)).toEqual({ status: 409, error: { status: 'ABORTED', message: 'noTicket' } });
    const [row] = await small.db.sql`SELECT count(*)::int AS n FROM tickets WHERE confirmed_at IS NOT NULL`;
    expect(row!.n).toBe(2);
    expect((await small.request('/api/getConcertStatus')).body.concertStatus).toBe('Queue');
  });
});
