import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../src/compose.js';
import { mandateAdviceFile } from '../src/integrations/bankgirot/mandate-advice.js';
import { createSessionTokens } from '../src/modules/session/tokens.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { startTestApp, type TestApp } from './harness.js';
import { objectIdOf, startTestAuthority, TEST_TENANT_ID } from './staff.js';
import { visitor } from './visitor.js';
import { openDoorCodeVars } from '../src/modules/outbox/door-code-vars.js';
import type { EmailVars } from '../src/modules/outbox/queries.js';

/** Issue 30 point 9: the lows of a security review (b–g; a is in check-in.api.test.ts). */
const AUDIENCE = 'api://concert-staff-test';

let app: TestApp;
/** A second backend process over the same database (its own caches), as behind a load balancer. */
let second: RunningApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;

beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
  });
  second = await startApp({
    config: app.config,
    sql: app.db.sql,
    log: pino({ level: 'silent' }),
    tokens: createSessionTokens(randomBytes(32)),
    protector: app.protector,
    outboxAutoStart: false,
    queueSweepAutoStart: false,
    schedulersAutoStart: false,
  });
});
afterAll(async () => {
  await second?.close();
  await app?.close();
  await authority?.close();
});

async function callOn(baseUrl: string, name: string, data: unknown, token?: string) {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('b: a signed-out staff member’s token stops working at once', () => {
  it('in every backend process, for every token issued until the sign-out; a new sign-in works', async () => {
    const token = await authority.tokenFor('door@org.example');
    const copy = await authority.tokenFor('door@org.example'); // another tab's token
    // Both processes know the token (and cache the sighting).
    expect((await callOn(app.baseUrl, 'doorStatus', {}, token)).status).toBe(200);
    expect((await callOn(second.baseUrl, 'doorStatus', {}, token)).status).toBe(200);
    expect((await callOn(second.baseUrl, 'getStaffProfile', {}, token)).status).toBe(200);

    expect((await callOn(app.baseUrl, 'staffSignOut', {}, token)).body).toEqual({
      result: { signedOut: true },
    });
    for (const base of [app.baseUrl, second.baseUrl])
      for (const [fn, t] of [
        ['doorStatus', token],
        ['getStaffProfile', token],
        ['isCopyAdmin', copy],
      ] as const)
        expect((await callOn(base, fn, {}, t)).body, fn).toEqual({
          error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' },
        });
    const [audit] = await app.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM audit_log a JOIN staff s ON s.id = a.staff_id
      WHERE a.action = 'staff.signOut' AND s.email = 'door@org.example'`;
    expect(audit!.n).toBe(1);

    // Issued after the sign-out but refreshed from a sign-in before it (issue 39 §11), or not saying
    // when its sign-in was: refused everywhere.
    await sleep(1100);
    const signedInBefore = Math.floor(Date.now() / 1000) - 60;
    for (const extra of [{ auth_time: signedInBefore }, { auth_time: undefined }]) {
      const refreshed = await authority.tokenFor('door@org.example', extra);
      for (const base of [app.baseUrl, second.baseUrl])
        expect((await callOn(base, 'doorStatus', {}, refreshed)).status, JSON.stringify(extra)).toBe(401);
    }
    // Signed in again (a sign-in after the sign-out's second): works everywhere.
    const fresh = await authority.tokenFor('door@org.example');
    expect((await callOn(app.baseUrl, 'doorStatus', {}, fresh)).status).toBe(200);
    expect((await callOn(second.baseUrl, 'doorStatus', {}, fresh)).status).toBe(200);
    // Another staff member is not signed out.
    expect(
      (await callOn(second.baseUrl, 'doorStatus', {}, await authority.tokenFor('office@org.example'))).status,
    ).toBe(200);
  });
});

describe('c: staff are their tenant + object id, never the e-mail claim alone', () => {
  const denied = (message: string) => ({ status: 'PERMISSION_DENIED', message });

  it('a token without tid or oid is not a staff sign-in', async () => {
    for (const missing of [{ tid: undefined }, { oid: undefined }])
      expect(
        (await app.call('isCopyAdmin', {}, await authority.tokenFor('office@org.example', missing))).status,
        JSON.stringify(missing),
      ).toBe(401);
  });

  it('another account carrying an office e-mail gets none of its rights; the real one keeps them after an e-mail change', async () => {
    const real = await authority.tokenFor('office@org.example');
    expect((await app.call('listStaff', {}, real)).status).toBe(200);
    // Another account of the tenant whose (editable) e-mail claim says office@org.example.
    const impostor = await authority.sign({
      sub: 'sub-mallory',
      oid: objectIdOf('mallory'),
      email: 'office@org.example',
    });
    expect((await app.call('listStaff', {}, impostor)).body.error).toEqual(denied('permissionDenied'));
    expect((await app.call('getStaffProfile', {}, impostor)).body.result).toMatchObject({ role: null });
    // Also not in the copy-admin list given on first sight by e-mail.
    await authority.tokenFor('editor@staff.example').then((t) => app.call('isCopyAdmin', {}, t));
    const editorImpostor = await authority.sign({
      sub: 'sub-mallory2',
      oid: objectIdOf('mallory2'),
      email: 'editor@staff.example',
    });
    expect((await app.call('isCopyAdmin', {}, editorImpostor)).body.result).toEqual({ isCopyAdmin: false });

    // The real account with a new e-mail: the same staff member (one row), rights kept.
    const renamed = await authority.tokenFor('office@org.example', { email: 'olga.office@org.example' });
    expect((await app.call('getStaffProfile', {}, renamed)).body.result).toMatchObject({ role: 'office' });
    expect((await app.call('listStaff', {}, renamed)).status).toBe(200);
    const rows = await app.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM staff
      WHERE object_id = ${objectIdOf('sub-office@org.example')} OR email = 'olga.office@org.example'`;
    expect(rows[0]!.n).toBe(1);
  });

  it('a role given by an e-mail two accounts carry is refused unless the account is named', async () => {
    const office = await authority.tokenFor('office@org.example');
    const a = await authority.tokenFor('twin@org.example');
    const b = await authority.sign({
      sub: 'sub-twin-b',
      oid: objectIdOf('twin-b'),
      email: 'twin@org.example',
    });
    await app.call('getStaffProfile', {}, a);
    await app.call('getStaffProfile', {}, b);
    expect(
      (await app.call('setStaffRole', { email: 'twin@org.example', role: 'door' }, office)).body.error,
    ).toEqual({ status: 'FAILED_PRECONDITION', message: 'invalidState' });
    const list = (await app.call('listStaff', {}, office)).body.result as { id: string; email: string }[];
    const twins = list.filter((r) => r.email === 'twin@org.example');
    expect(twins).toHaveLength(2);
    const [rowA] = await app.db.sql<{ id: string }[]>`
      SELECT id FROM staff WHERE object_id = ${objectIdOf('sub-twin@org.example')}`;
    expect(
      (await app.call('setStaffRole', { email: 'twin@org.example', role: 'door', staffId: rowA!.id }, office))
        .status,
    ).toBe(200);
    expect((await app.call('doorStatus', {}, a)).status).toBe(200);
    expect((await app.call('doorStatus', {}, b)).status).toBe(403);
  });

  it('a staff row from before the ids (issuer + subject only) is taken over, with its role, at the next sign-in', async () => {
    const [legacy] = await app.db.sql<{ id: string }[]>`
      INSERT INTO staff (issuer, subject, email, name, role)
      VALUES (${authority.issuer}, 'sub-old@org.example', 'old@org.example', 'Old', 'door')
      RETURNING id`;
    const token = await authority.tokenFor('old@org.example');
    expect((await app.call('doorStatus', {}, token)).status).toBe(200);
    const rows = await app.db.sql<{ id: string; tenantId: string; objectId: string }[]>`
      SELECT id, tenant_id, object_id FROM staff WHERE subject = 'sub-old@org.example'`;
    expect(rows).toEqual([
      { id: legacy!.id, tenantId: TEST_TENANT_ID, objectId: objectIdOf('sub-old@org.example') },
    ]);
  });
});

describe('f: the client log redacts names (CONTRACT.md §2), not only in fields named for them', () => {
  it('the names the session gave are redacted wherever they stand: message, stack, any value (what is logged is the stored message)', async () => {
    const v = await visitor(app);
    const flow = {
      step: 'becomeMember',
      draft: { personalNumber: '', email: '' },
      person: {
        firstName: 'Åsa-Maria',
        lastName: 'Öberg Lindqvist',
        personalNumber: '',
        email: '',
        phone: '',
        address: '',
        zipCode: '',
        city: '',
        isMember: false,
        personId: null,
        paymentType: 0,
      },
      authenticatedUser: null,
      paymentInfo: null,
      userState: null,
      newMemberAmount: 150,
      detailsDone: false,
      accountInfo: null,
      bankIdOrder: null,
      queuedEmail: null,
      queueOffer: false,
    };
    expect((await v.call('saveFlow', { flow })).status).toBe(200);
    const res = await app.request('/api/clientLog', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${v.idToken}` },
      body: JSON.stringify({
        message: 'Kunde inte visa hälsningen "Hej Åsa-Maria Öberg Lindqvist!"',
        source: '/sv/becomeMember',
        error: {
          name: 'TypeError',
          message: 'åsa-maria ÖBERG is not a function',
          stack: 'at greet (Lindqvist.tsx:1:2)',
        },
        globalState: { lang: 'sv', field: 'greeting', value: 'Välkommen Maria Öberg', hasTicket: false },
      }),
    });
    expect(res.status).toBe(204);
    const [row] = await app.db.sql<{ message: string; detail: unknown }[]>`
      SELECT message, detail FROM client_log ORDER BY id DESC LIMIT 1`;
    const stored = JSON.stringify(row);
    for (const part of ['Åsa', 'Maria', 'Öberg', 'ÖBERG', 'Lindqvist', 'åsa'])
      expect(stored, part).not.toContain(part);
    // What is not a name stays, for whoever debugs it.
    expect(row!.message).toBe('Kunde inte visa hälsningen "Hej [redacted] [redacted] [redacted]!"');
    expect(stored).toContain('TypeError');
    expect(stored).toContain('Välkommen');
    expect(stored).toContain('is not a function');
  });
});

describe('g: an answer file’s header date is a calendar date', () => {
  const payee = { bgcCustomerNumber: '471117', bankgiro: '9912346' };
  const upload = async (bytes: Buffer) =>
    app.request(`/api/autogiro/answers?name=svar-${Math.random().toString(36).slice(2)}.txt`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/octet-stream',
        Authorization: `Bearer ${await authority.tokenFor('office@org.example')}`,
      },
      body: new Uint8Array(bytes),
    });

  it('an AG-MEDAVI dated 2026-13-45 or 2025-02-29 is refused at its opening record; 2024-02-29 is read', async () => {
    for (const date of ['2026-13-45', '2025-02-29', '2026-04-31', '0000-01-01']) {
      const res = await upload(mandateAdviceFile(payee, date, []));
      expect(res.status, date).toBe(400);
      expect(res.body.refusal, date).toMatchObject({ reason: 'brokenLayout', line: 1 });
      expect(res.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'invalidState' });
    }
    const leapDay = await upload(mandateAdviceFile(payee, '2024-02-29', []));
    expect(leapDay.status, JSON.stringify(leapDay.body)).toBe(200);
  });
});

describe('d: door codes at rest are keyed hashes; the code comes from the sealed copy', () => {
  const officeToken = () => authority.tokenFor('office@org.example');
  const ticketRow = async (code: string) =>
    (
      await app.db.sql<Record<string, unknown>[]>`
        SELECT * FROM tickets WHERE door_code_hash = ${app.protector.doorCodeHash(code)}`
    )[0];
  const exportCsv = async (query: string) => {
    const res = await fetch(`${app.baseUrl}/api/exports/attendees?format=csv&lang=sv${query}`, {
      headers: { Authorization: `Bearer ${await officeToken()}` },
    });
    return { status: res.status, text: await res.text(), name: res.headers.get('content-disposition') };
  };

  it('a confirmed ticket’s row holds no code; the door, the ticket page and the mail-out still work with it', async () => {
    const added = await app.call(
      'addManualAttendee',
      { firstName: 'Dörr', lastName: 'Kodsson', email: 'dorr.kodsson@example.se' },
      await officeToken(),
    );
    const code = added.body.result.externalTicketId as string;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const row = await ticketRow(code);
    expect(row).toBeDefined();
    expect(row!.externalId).toBeNull();
    expect(row!.doorCodeHash).not.toBe(code);
    // Nothing in the row is the code (a copy of the table opens no door).
    expect(JSON.stringify(row)).not.toContain(code);

    // The ticket page by the code.
    const page = await (await visitor(app)).call('getTicket', { code });
    expect(page.body.result).toMatchObject({ firstName: 'Dörr', code });
    // The door by the code.
    const scanned = await app.call('scanTicket', { externalTicketId: code }, await officeToken());
    expect(scanned.body.result).toMatchObject({ outcome: 'OK', firstName: 'Dörr' });
    // The mail-out: the e-mail carries the code opened from the seal.
    expect((await app.call('scheduleMailout', {}, await officeToken())).status).toBe(200);
    await app.running.office.mailout.tick();
    const outboxRow = async () =>
      (
        await app.db.sql<{ id: string; status: string; vars: EmailVars }[]>`
          SELECT id::text, status, vars FROM email_outbox WHERE email_type = 'finalTicket' AND to_email = 'dorr.kodsson@example.se'`
      )[0]!;
    const mail = await outboxRow();
    // Issue 39 §11: the outbox row holds the code hashed and sealed, never plain; the worker opens it.
    expect(JSON.stringify(mail.vars)).not.toContain(code);
    expect(mail.vars.doorCodeHash).toBe(app.protector.doorCodeHash(code));
    const opened = openDoorCodeVars(app.protector, app.config.publicUrl, mail.vars);
    expect(opened.ticketId).toBe(code);
    expect(opened.scanUrl).toBe(`${app.config.publicUrl}/admin/scan/${code}`);
    // Sent: the e-mail carried the code, and the row's variables are cleared.
    await app.running.outbox.runOnce();
    const sent = (await app.request('/dev/mail')).body.find((m: { to: string[] }) =>
      m.to.includes('dorr.kodsson@example.se'),
    ) as { text: string };
    expect(sent.text).toContain(`/admin/scan/${code}`);
    expect(await outboxRow()).toMatchObject({ status: 'sent', vars: {} });
  });

  it('the attendees export carries the codes only when the office asks, marked and audited', async () => {
    const added = await app.call(
      'addManualAttendee',
      { firstName: 'Ex', lastName: 'Port', email: 'ex.port@example.se' },
      await officeToken(),
    );
    const code = added.body.result.externalTicketId as string;
    const plain = await exportCsv('');
    expect(plain.status).toBe(200);
    expect(plain.text).toContain('ex.port@example.se');
    expect(plain.text).not.toContain(code);
    expect(plain.text.split('\r\n')[0]).not.toContain('Biljettkod');
    const withCodes = await exportCsv('&codes=1');
    expect(withCodes.text).toContain(code);
    expect(withCodes.text.split('\r\n')[0]).toContain('Biljettkod (KÄNSLIG: öppnar dörren)');
    expect(withCodes.name).toContain('attendees-med-koder-');
    const audits = await app.db.sql<{ after: { withCodes?: boolean } }[]>`
      SELECT after FROM audit_log WHERE action = 'export.download' AND subject = 'attendees' ORDER BY id`;
    expect(audits.map((a) => a.after.withCodes ?? false)).toEqual([false, true]);
  });

  it('an existing database upgrades: plain codes from before become hash + seal at start, and still open the door', async () => {
    const legacyCode = 'abcdef0123456789abcdef0123456789';
    const [legacy] = await app.db.sql<{ id: string }[]>`
      UPDATE tickets SET confirmed_at = now(), external_id = ${legacyCode},
             attendee_first_name = 'Gammal', attendee_last_name = 'Kod', attendee_email = 'gammal@example.se'
      WHERE id = (SELECT id FROM tickets WHERE confirmed_at IS NULL AND holder_uid IS NULL ORDER BY seq DESC LIMIT 1)
      RETURNING id::text`;
    await prepareDatabase(app.db.sql, app.config, app.protector); // what a start does
    const [row] = await app.db.sql<
      Record<string, unknown>[]
    >`SELECT * FROM tickets WHERE id = ${legacy!.id}::bigint`;
    expect(row!.externalId).toBeNull();
    expect(row!.doorCodeHash).toBe(app.protector.doorCodeHash(legacyCode));
    expect(JSON.stringify(row)).not.toContain(legacyCode);
    const page = await (await visitor(app)).call('getTicket', { code: legacyCode });
    expect(page.body.result).toMatchObject({ firstName: 'Gammal', code: legacyCode });
    const door = await app.call('scanTicket', { externalTicketId: legacyCode }, await officeToken());
    expect(door.body.result).toMatchObject({ outcome: 'OK', firstName: 'Gammal' });
    // Started again: nothing left to convert, nothing changes.
    await prepareDatabase(app.db.sql, app.config, app.protector);
    const [again] = await app.db.sql<
      Record<string, unknown>[]
    >`SELECT * FROM tickets WHERE id = ${legacy!.id}::bigint`;
    expect(again!.doorCodeSealed).toBe(row!.doorCodeSealed);
  });
});
