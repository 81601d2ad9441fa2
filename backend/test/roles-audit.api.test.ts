import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';

/** Staff roles (door, office, copy admin) on every staff function, and the append-only audit log each action writes. */
const AUDIENCE = 'api://concert-staff-test';

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let editor: string;
let office: string;
let door: string;
let helper: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
  });
  editor = await authority.tokenFor('editor@staff.example');
  office = await authority.tokenFor('office@org.example');
  door = await authority.tokenFor('door@org.example');
  helper = await authority.tokenFor('helper@org.example');
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const refusal = (res: { status: number; body: any }) => ({ status: res.status, error: res.body?.error });
const denied = { status: 403, error: { status: 'PERMISSION_DENIED', message: 'permissionDenied' } };

async function auditRows(action: string) {
  return app.db.sql<{ email: string | null; subject: string | null; before: unknown; after: unknown }[]>`
    SELECT s.email, a.subject, a.before, a.after
    FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id
    WHERE a.action = ${action}
    ORDER BY a.id`;
}

describe('roles', () => {
  it('the demo accounts get their roles on first sight; anyone else in the domains is staff with no role', async () => {
    const profile = async (token: string) => (await app.call('getStaffProfile', {}, token)).body.result;
    expect(await profile(editor)).toEqual({
      email: 'editor@staff.example',
      name: 'Test Staff',
      role: 'office',
      isCopyAdmin: true,
    });
    expect(await profile(office)).toEqual({
      email: 'office@org.example',
      name: 'Test Staff',
      role: 'office',
      isCopyAdmin: false,
    });
    expect(await profile(door)).toEqual({
      email: 'door@org.example',
      name: 'Test Staff',
      role: 'door',
      isCopyAdmin: false,
    });
    expect(await profile(helper)).toEqual({
      email: 'helper@org.example',
      name: 'Test Staff',
      role: null,
      isCopyAdmin: false,
    });
  });

  it('door staff check in and nothing else; staff without a role not even that', async () => {
    for (const [fn, data] of [
      ['addManualAttendee', { firstName: 'Åsa', lastName: 'Öberg', email: 'asa@example.se' }],
      ['addEmailToQueue', { email: 'x@example.se', name: 'X', emailType: 'registeredNew', ticketId: 't' }],
      ['listOutbox', {}],
      ['listStaff', {}],
      ['setStaffRole', { email: 'helper@org.example', role: 'door' }],
    ] as const) {
      expect(refusal(await app.call(fn, data, door)), fn).toEqual(denied);
      expect(refusal(await app.call(fn, data, helper)), fn).toEqual(denied);
    }
    expect((await app.call('scanTicket', { externalTicketId: 'unknown' }, door)).status).toBe(404);
    expect(refusal(await app.call('scanTicket', { externalTicketId: 'unknown' }, helper))).toEqual(denied);
    // Office work includes the door's.
    expect((await app.call('scanTicket', { externalTicketId: 'unknown' }, office)).status).toBe(404);
    expect((await app.call('listOutbox', {}, office)).status).toBe(200);
    expect(refusal(await app.call('listCopy', {}, office))).toEqual({
      status: 403,
      error: { status: 'PERMISSION_DENIED', message: 'not_copy_admin' },
    });
  });

  it('the office gives and takes roles, which take effect at once and are audited with before and after', async () => {
    expect(refusal(await app.call('scanTicket', { externalTicketId: 'unknown' }, helper))).toEqual(denied);
    const res = await app.call('setStaffRole', { email: 'Helper@org.example', role: 'door' }, office);
    expect(res.body.result).toEqual({ email: 'helper@org.example', role: 'door', invited: false });
    expect((await app.call('scanTicket', { externalTicketId: 'unknown' }, helper)).status).toBe(404);
    await app.call('setStaffRole', { email: 'helper@org.example', role: null }, office);
    expect(refusal(await app.call('scanTicket', { externalTicketId: 'unknown' }, helper))).toEqual(denied);
    expect(await auditRows('staff.setRole')).toEqual([
      {
        email: 'office@org.example',
        subject: 'helper@org.example',
        before: { role: null },
        after: { role: 'door' },
      },
      {
        email: 'office@org.example',
        subject: 'helper@org.example',
        before: { role: 'door' },
        after: { role: null },
      },
    ]);
    const list = (await app.call('listStaff', {}, office)).body.result;
    expect(list.map((s: { email: string; role: string | null }) => [s.email, s.role])).toEqual(
      expect.arrayContaining([
        ['helper@org.example', null],
        ['door@org.example', 'door'],
      ]),
    );
  });

  it('refuses no role for an e-mail neither seen nor invited (404; a role invites it: staff-invitations) and an office member taking their own office role (one office member always remains)', async () => {
    expect((await app.call('setStaffRole', { email: 'nobody@org.example', role: null }, office)).status).toBe(
      404,
    );
    expect(
      refusal(await app.call('setStaffRole', { email: 'office@org.example', role: 'door' }, office)),
    ).toEqual({
      status: 400,
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });
    expect((await app.call('getStaffProfile', {}, office)).body.result.role).toBe('office');
  });
});

describe('audit log', () => {
  it('records a sign-in when the console says so, not on every profile read', async () => {
    const before = (await auditRows('staff.signIn')).length;
    await app.call('getStaffProfile', {}, door);
    await app.call('getStaffProfile', { signedIn: true }, door);
    const rows = (await auditRows('staff.signIn')).slice(before);
    expect(rows).toEqual([
      { email: 'door@org.example', subject: null, before: null, after: { role: 'door', isCopyAdmin: false } },
    ]);
  });

  it('records check-in, manual attendee, e-mail and copy change with ids only, never a donor’s name or e-mail', async () => {
    const added = (
      await app.call(
        'addManualAttendee',
        { firstName: 'Åsa', lastName: 'Öberg', email: 'asa@example.se' },
        office,
      )
    ).body.result;
    await app.call('scanTicket', { externalTicketId: added.externalTicketId }, door);
    await app.call('scanTicket', { externalTicketId: added.externalTicketId }, door); // a repeat changes nothing, so no row
    const mail = (
      await app.call(
        'addEmailToQueue',
        { email: 'asa@example.se', name: 'Åsa', emailType: 'finalTicket', ticketId: added.externalTicketId },
        office,
      )
    ).body.result;
    await app.call('updateCopy', { key: 'start.title', sv: 'Ny', en: 'New' }, editor);

    expect(await auditRows('tickets.addManualAttendee')).toEqual([
      { email: 'office@org.example', subject: added.attendeeId, before: null, after: null },
    ]);
    expect(await auditRows('checkIn.scan')).toEqual([
      { email: 'door@org.example', subject: added.attendeeId, before: null, after: null },
    ]);
    expect(await auditRows('outbox.addEmail')).toEqual([
      {
        email: 'office@org.example',
        subject: mail.id,
        before: null,
        after: { emailType: 'finalTicket', lang: 'sv' },
      },
    ]);
    expect(await auditRows('copy.update')).toEqual([
      { email: 'editor@staff.example', subject: 'start.title', before: null, after: null },
    ]);

    const everything = JSON.stringify(await app.db.sql`SELECT * FROM audit_log`);
    for (const secret of ['asa@example.se', 'Åsa', 'Öberg', added.externalTicketId])
      expect(everything).not.toContain(secret);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await app.call('getStaffProfile', { signedIn: true }, office);
    const count = async () =>
      (await app.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_log`)[0]!.n;
    const rows = await count();
    await expect(app.db.sql`UPDATE audit_log SET action = 'x'`).rejects.toThrow(/append-only/);
    await expect(app.db.sql`DELETE FROM audit_log`).rejects.toThrow(/append-only/);
    await expect(app.db.sql`TRUNCATE audit_log`).rejects.toThrow(/append-only/);
    expect(await count()).toBe(rows);
  });
});
