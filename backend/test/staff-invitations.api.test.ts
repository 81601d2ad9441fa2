import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { signInThroughDevIdp } from './staff.js';

/**
 * Invitations before the first sign-in (issue 40 §3), on a real database with demo mode's dev
 * IdP: the office gives a role to an address never seen, the role applies at its first sign-in
 * (any address at the allowed domains signs in with the password `demo`), the office withdraws
 * one, addresses outside the domains are refused before anything is saved, and every step is in
 * the audit log. And concurrent first sign-ins of one account are one staff member, never a 500.
 */
let app: TestApp;
let config: { authority: string; clientId: string; scopes: string[] };
let redirectUri: string;
let office: string;
beforeAll(async () => {
  app = await startTestApp();
  config = (await app.request('/api/staffAuthConfig')).body;
  redirectUri = `http://localhost:${new URL(app.baseUrl).port}/admin/auth-callback`;
  office = await signIn('office@org.example');
});
afterAll(() => app?.close());

const signIn = async (email: string, password = 'demo') =>
  (
    await signInThroughDevIdp({
      issuer: config.authority,
      clientId: config.clientId,
      redirectUri,
      email,
      password,
      scope: `${config.scopes.join(' ')} openid profile offline_access`,
    })
  ).access_token;

const invitations = async () => (await app.call('listStaffInvitations', {}, office)).body.result;
const profile = async (token: string) => (await app.call('getStaffProfile', { signedIn: true }, token)).body;

async function auditRows(subject: string) {
  return app.db.sql<{ action: string; email: string; before: unknown; after: unknown }[]>`
    SELECT a.action, s.email, a.before, a.after
    FROM audit_log a JOIN staff s ON s.id = a.staff_id
    WHERE a.subject = ${subject} ORDER BY a.id`;
}

describe('invitations', () => {
  it('the office invites a door volunteer; the role applies at their first sign-in (password demo) and the invitation is used', async () => {
    const before = Date.now();
    const invited = await app.call('setStaffRole', { email: 'Volunteer@ORG.example', role: 'door' }, office);
    expect(invited.body).toEqual({ result: { email: 'volunteer@org.example', role: 'door', invited: true } });
    // Invited again (another case, another role): still one invitation, now as office, then back to door.
    await app.call('setStaffRole', { email: 'volunteer@org.example', role: 'office' }, office);
    await app.call('setStaffRole', { email: 'VOLUNTEER@org.example', role: 'door' }, office);
    const [row, ...more] = await invitations();
    expect(more).toEqual([]);
    expect(row).toEqual({
      email: 'volunteer@org.example',
      role: 'door',
      invitedBy: 'office@org.example',
      invitedAt: expect.any(String),
    });
    expect(Date.parse(row.invitedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Not in the staff list yet: nobody has signed in with it.
    const staff = (await app.call('listStaff', {}, office)).body.result as { email: string }[];
    expect(staff.map((s) => s.email)).not.toContain('volunteer@org.example');

    const volunteer = await signIn('VOLUNTEER@org.example');
    expect((await profile(volunteer)).result).toMatchObject({ email: 'volunteer@org.example', role: 'door' });
    expect((await app.call('doorStatus', {}, volunteer)).status).toBe(200);
    expect(await invitations()).toEqual([]);
    expect(await auditRows('volunteer@org.example')).toEqual([
      {
        action: 'staff.invite',
        email: 'office@org.example',
        before: { role: null },
        after: { role: 'door' },
      },
      {
        action: 'staff.invite',
        email: 'office@org.example',
        before: { role: 'door' },
        after: { role: 'office' },
      },
      {
        action: 'staff.invite',
        email: 'office@org.example',
        before: { role: 'office' },
        after: { role: 'door' },
      },
    ]);
    // From now on a role change is an ordinary one (the address has signed in), not an invitation.
    expect(
      (await app.call('setStaffRole', { email: 'volunteer@org.example', role: null }, office)).body,
    ).toEqual({
      result: { email: 'volunteer@org.example', role: null, invited: false },
    });
  });

  it('the office withdraws an invitation (audited); the address then signs in with no role, as anyone new', async () => {
    await app.call('setStaffRole', { email: 'helper@staff.example', role: 'office' }, office);
    const withdrawn = await app.call('withdrawStaffInvitation', { email: 'HELPER@staff.example' }, office);
    expect(withdrawn.body).toEqual({ result: { email: 'helper@staff.example', withdrawn: true } });
    expect(await invitations()).toEqual([]);
    expect(
      (await app.call('withdrawStaffInvitation', { email: 'helper@staff.example' }, office)).body,
    ).toEqual({
      error: { status: 'NOT_FOUND', message: 'notFound' },
    });
    expect((await auditRows('helper@staff.example')).map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.invite', { role: null }, { role: 'office' }],
      ['staff.withdrawInvitation', { role: 'office' }, { role: null }],
    ]);
    const helper = await signIn('helper@staff.example');
    expect((await profile(helper)).result).toMatchObject({ email: 'helper@staff.example', role: null });
    expect((await app.call('listStaff', {}, helper)).status).toBe(403);
  });

  it('refuses addresses outside the allowed domains before saving anything, and only the office may invite', async () => {
    for (const email of ['someone@outside.example', 'volunteer@org.example.evil', 'x@sub.org.example']) {
      expect((await app.call('setStaffRole', { email, role: 'door' }, office)).body, email).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'unauthorized_domain' },
      });
      expect(await auditRows(email)).toEqual([]);
    }
    expect((await app.call('setStaffRole', { email: 'not-an-address', role: 'door' }, office)).status).toBe(
      400,
    );
    expect(await invitations()).toEqual([]);
    const door = await signIn('door@org.example');
    for (const [fn, data] of [
      ['setStaffRole', { email: 'new@org.example', role: 'door' }],
      ['listStaffInvitations', {}],
      ['withdrawStaffInvitation', { email: 'new@org.example' }],
    ] as const)
      expect((await app.call(fn, data, door)).body.error, fn).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'permissionDenied',
      });
    // The dev IdP: an address outside the domains, or a wrong password, signs nobody in.
    await expect(signIn('nobody@outside.example')).rejects.toThrow(/login answered 401/);
    await expect(signIn('new@org.example', 'wrong')).rejects.toThrow(/login answered 401/);
  });
});

describe('concurrent first sign-ins', () => {
  it('five parallel first sign-ins of one new account: no 5xx, one staff member', async () => {
    for (const email of ['parallel-1@org.example', 'parallel-2@staff.example']) {
      const tokens = await Promise.all(Array.from({ length: 5 }, () => signIn(email)));
      const answers = await Promise.all(
        tokens.map((t) => app.call('getStaffProfile', { signedIn: true }, t)),
      );
      expect(
        answers.map((a) => a.status),
        email,
      ).toEqual(Array(5).fill(200));
      const [count] = await app.db.sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM staff WHERE lower(email) = ${email}`;
      expect(count!.n).toBe(1);
    }
  });
});
