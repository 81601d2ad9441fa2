import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../src/compose.js';
import { mandateAdviceFile } from '../src/integrations/bankgirot/files.js';
import { createSessionTokens } from '../src/modules/session/tokens.js';
import { startTestApp, type TestApp } from './harness.js';
import { objectIdOf, startTestAuthority, TEST_TENANT_ID } from './staff.js';
import { visitor } from './visitor.js';

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

    // Signed in again (a token issued after the sign-out's second): works everywhere.
    await sleep(1100);
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
