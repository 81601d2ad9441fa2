import { base64url, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';

/**
 * Staff authentication against a configured authority (as in production: STAFF_AUTHORITY with
 * discovery), with tokens signed by a local key so that each way a token can be wrong is tried.
 */
const AUDIENCE = 'api://concert-staff-test';
const CLIENT_ID = 'staff-spa-test';

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: CLIENT_ID,
    STAFF_API_AUDIENCE: AUDIENCE,
  });
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const refusal = (res: { status: number; body: any }) => ({ status: res.status, error: res.body?.error });

describe('staff authentication', () => {
  it('serves the MSAL settings of the configured authority', async () => {
    const res = await app.request('/api/staffAuthConfig');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authority: authority.issuer,
      clientId: CLIENT_ID,
      scopes: [`${AUDIENCE}/access_as_user`],
      protocolMode: 'OIDC',
      knownAuthorities: [new URL(authority.issuer).host],
    });
  });

  it('accepts a valid access token of an allowed domain', async () => {
    const res = await app.call('isCopyAdmin', {}, await authority.tokenFor('door@org.example'));
    expect(res).toMatchObject({ status: 200, body: { result: { isCopyAdmin: false } } });
  });

  it('refuses an ID token (no API scope) and a guest account, whatever its e-mail', async () => {
    const unauthenticated = { status: 401, error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' } };
    const idToken = await authority.sign(
      { sub: 'sub-door@org.example', email: 'door@org.example', scp: undefined },
      { audience: CLIENT_ID },
    );
    expect(refusal(await app.call('isCopyAdmin', {}, idToken))).toEqual(unauthenticated);
    const sameAppIdToken = await authority.sign({
      sub: 'sub-door@org.example',
      email: 'door@org.example',
      scp: undefined,
    });
    expect(refusal(await app.call('isCopyAdmin', {}, sameAppIdToken))).toEqual(unauthenticated);
    const denied = { status: 403, error: { status: 'PERMISSION_DENIED', message: 'unauthorized_domain' } };
    for (const guest of [
      { acct: 1 },
      { idp: 'https://sts.windows.net/another-tenant/' },
      { preferred_username: 'door_org.example#EXT#@tenant.onmicrosoft.com' },
    ]) {
      expect(
        refusal(
          await app.call(
            'isCopyAdmin',
            {},
            await authority.sign({ sub: 'sub-guest', email: 'door@org.example', ...guest }),
          ),
        ),
        JSON.stringify(guest),
      ).toEqual(denied);
    }
    // negative control: the same account as a member of the tenant is staff
    expect(
      (
        await app.call(
          'isCopyAdmin',
          {},
          await authority.sign({ sub: 'sub-guest', email: 'door@org.example', acct: 0 }),
        )
      ).status,
    ).toBe(200);
  });

  it('refuses a missing, malformed or visitor token with 401 noFirebaseToken', async () => {
    const unauthenticated = { status: 401, error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' } };
    expect(refusal(await app.call('isCopyAdmin', {}))).toEqual(unauthenticated);
    expect(refusal(await app.call('isCopyAdmin', {}, 'not-a-token'))).toEqual(unauthenticated);
    const { idToken } = await app.session();
    expect(refusal(await app.call('scanTicket', { externalTicketId: 'x' }, idToken))).toEqual(
      unauthenticated,
    );
  });

  it('refuses expired, not yet valid, wrong-audience, wrong-issuer, alg none and unknown-key tokens with 401', async () => {
    const email = 'editor@staff.example';
    const sub = 'sub-editor@staff.example';
    const other = await generateKeyPair('RS256');
    const tokens = {
      expired: await authority.sign({ sub, email, exp: now() - 120 }, { expiresIn: -120 }),
      notYetValid: await authority.sign({ sub, email }, { notBefore: now() + 120 }),
      wrongAudience: await authority.sign({ sub, email }, { audience: 'api://another-api' }),
      wrongIssuer: await authority.sign({ sub, email }, { issuer: 'https://login.evil.example/v2.0' }),
      unknownKey: await authority.sign({ sub, email }, { key: other.privateKey }),
      unknownKid: await authority.sign({ sub, email }, { key: other.privateKey, kid: 'attacker-key' }),
      algNone: [
        base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' })),
        base64url.encode(
          JSON.stringify({ sub, email, iss: authority.issuer, aud: AUDIENCE, exp: now() + 600 }),
        ),
        '',
      ].join('.'),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      for (const fn of ['isCopyAdmin', 'updateCopy'] as const) {
        const res = await app.call(fn, { key: 'start.title', sv: 'x', en: 'x' }, token);
        expect(refusal(res), `${kind} on ${fn}`).toEqual({
          status: 401,
          error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' },
        });
      }
    }
  });

  it('refuses e-mails outside the allowed domains (also look-alikes and none at all) with 403 unauthorized_domain', async () => {
    const denied = { status: 403, error: { status: 'PERMISSION_DENIED', message: 'unauthorized_domain' } };
    for (const email of [
      'someone@outside.example',
      'x@evil.staff.example',
      'x@staff.example.evil',
      'staff.example@outside.example',
    ]) {
      expect(refusal(await app.call('isCopyAdmin', {}, await authority.tokenFor(email))), email).toEqual(
        denied,
      );
    }
    expect(refusal(await app.call('isCopyAdmin', {}, await authority.sign({ sub: 'no-email' })))).toEqual(
      denied,
    );
    const [row] = await app.db
      .sql`SELECT count(*)::int AS n FROM staff WHERE email LIKE '%outside%' OR email LIKE '%evil%'`;
    expect(row!.n).toBe(0);
  });

  it('needs the copy-admin right for copy functions: 403 not_copy_admin', async () => {
    const res = await app.call(
      'updateCopy',
      { key: 'start.title', sv: 'Ny', en: 'New' },
      await authority.tokenFor('door@org.example'),
    );
    expect(refusal(res)).toEqual({
      status: 403,
      error: { status: 'PERMISSION_DENIED', message: 'not_copy_admin' },
    });
  });

  it('identifies staff by issuer + subject and records them once, the editor as copy admin on first sight', async () => {
    const token = await authority.tokenFor('editor@staff.example');
    expect((await app.call('isCopyAdmin', {}, token)).body.result).toEqual({ isCopyAdmin: true });
    await app.call('isCopyAdmin', {}, token);
    await app.call('isCopyAdmin', {}, await authority.tokenFor('editor@staff.example'));
    const rows = await app.db
      .sql`SELECT issuer, subject, email, is_copy_admin FROM staff WHERE subject = 'sub-editor@staff.example'`;
    expect(rows).toEqual([
      {
        issuer: authority.issuer,
        subject: 'sub-editor@staff.example',
        email: 'editor@staff.example',
        isCopyAdmin: true,
      },
    ]);
  });

  it('lets a copy admin grant and revoke the right, effective at once, but not revoke their own', async () => {
    const editor = await authority.tokenFor('editor@staff.example');
    const helper = await authority.tokenFor('helper@org.example');
    expect((await app.call('isCopyAdmin', {}, helper)).body.result.isCopyAdmin).toBe(false);

    expect(
      (await app.call('setCopyAdmin', { email: 'helper@org.example', isCopyAdmin: true }, helper)).status,
    ).toBe(403);
    expect(
      await app.call('setCopyAdmin', { email: 'helper@org.example', isCopyAdmin: true }, editor),
    ).toMatchObject({
      status: 200,
      body: { result: { email: 'helper@org.example', isCopyAdmin: true } },
    });
    expect((await app.call('isCopyAdmin', {}, helper)).body.result.isCopyAdmin).toBe(true);
    expect((await app.call('copyHistory', { key: 'start.title' }, helper)).status).toBe(200);

    expect(
      (await app.call('setCopyAdmin', { email: 'helper@org.example', isCopyAdmin: false }, editor)).status,
    ).toBe(200);
    expect(refusal(await app.call('copyHistory', { key: 'start.title' }, helper)).error.message).toBe(
      'not_copy_admin',
    );

    expect(
      refusal(await app.call('setCopyAdmin', { email: 'editor@staff.example', isCopyAdmin: false }, editor)),
    ).toEqual({
      status: 400,
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });
    expect(
      (await app.call('setCopyAdmin', { email: 'never-signed-in@org.example', isCopyAdmin: true }, editor))
        .status,
    ).toBe(404);
    const [who] = await app.db
      .sql`SELECT copy_admin_changed_by FROM staff WHERE email = 'helper@org.example'`;
    expect(who!.copyAdminChangedBy).toBe('editor@staff.example');
  });
});
