import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevIdp } from '../src/integrations/identity/dev-idp.js';
import { startTestApp, type TestApp } from './harness.js';
import { signInThroughDevIdp } from './staff.js';

/**
 * Demo mode's work-account sign-in end to end over HTTPS: the dev IdP on a free port, the
 * authorization code flow with PKCE as MSAL runs it, and the API accepting the access token.
 */
let app: TestApp;
let config: {
  authority: string;
  clientId: string;
  scopes: string[];
  protocolMode: string;
  knownAuthorities: string[];
};
let redirectUri: string;
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

beforeAll(async () => {
  app = await startTestApp();
  config = (await app.request('/api/staffAuthConfig')).body;
  redirectUri = `http://localhost:${new URL(app.baseUrl).port}/admin/auth-callback`;
});
afterAll(async () => {
  await app?.close();
  await insecure.close();
});

/** What MSAL requests: the API scope plus its OIDC defaults. */
const signIn = (email: string) =>
  signInThroughDevIdp({
    issuer: config.authority,
    clientId: config.clientId,
    redirectUri,
    email,
    scope: `${config.scopes.join(' ')} openid profile offline_access`,
  });

describe('dev IdP', () => {
  it('is the authority of /api/staffAuthConfig: https://localhost:<port>, OIDC mode, the API scope', async () => {
    expect(config).toEqual({
      authority: expect.stringMatching(/^https:\/\/localhost:\d+$/),
      clientId: 'concert-staff',
      scopes: ['api://concert-staff/access_as_user'],
      protocolMode: 'OIDC',
      knownAuthorities: [new URL(config.authority).host],
    });
    const discovery = await (
      await undiciFetch(`${config.authority}/.well-known/openid-configuration`, { dispatcher: insecure })
    ).json();
    expect(discovery).toMatchObject({ issuer: config.authority, code_challenge_methods_supported: ['S256'] });
  });

  it('signs the editor in with code + PKCE; the access token is a JWT for the API and works on isCopyAdmin', async () => {
    const tokens = await signIn('editor@staff.example');
    expect(tokens.allowOrigin).toBe(new URL(redirectUri).origin);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: config.authority,
      aud: 'api://concert-staff',
      sub: 'dev-editor',
      email: 'editor@staff.example',
      scp: 'access_as_user',
    });
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      aud: 'concert-staff',
      nonce: tokens.nonce,
      email: 'editor@staff.example',
      name: expect.any(String),
      preferred_username: 'editor@staff.example',
    });
    expect(await app.call('isCopyAdmin', {}, tokens.access_token)).toMatchObject({
      status: 200,
      body: { result: { isCopyAdmin: true } },
    });
    // the ID token proves the sign-in to the SPA; it is no grant to call the API
    expect((await app.call('isCopyAdmin', {}, tokens.id_token)).status).toBe(401);
  });

  it('renews silently: the refresh token works without prompt=consent and the new access token is accepted', async () => {
    const tokens = await signIn('door@org.example');
    const res = await tokens.request(tokens.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(redirectUri).origin },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: config.clientId,
        refresh_token: tokens.refresh_token!,
        scope: `${config.scopes.join(' ')} openid profile offline_access`,
      }),
    });
    const renewed = (await res.json()) as { access_token: string; refresh_token: string };
    expect(res.status).toBe(200);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await app.call('isCopyAdmin', {}, renewed.access_token)).toMatchObject({
      status: 200,
      body: { result: { isCopyAdmin: false } },
    });
    expect(
      (await app.call('updateCopy', { key: 'start.title', sv: 'x', en: 'x' }, renewed.access_token)).body
        .error.message,
    ).toBe('not_copy_admin');
  });

  it('after a sign-out, a refresh token taken before it yields no token the API accepts; a new sign-in does (issue 39 §11)', async () => {
    const refresh = async (refreshToken: string, tokens: Awaited<ReturnType<typeof signIn>>) => {
      const res = await tokens.request(tokens.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(redirectUri).origin },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: config.clientId,
          refresh_token: refreshToken,
          scope: `${config.scopes.join(' ')} openid profile offline_access`,
        }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { access_token: string; refresh_token: string };
    };
    const tokens = await signIn('office@org.example');
    const signedInAt = decodeJwt(tokens.access_token).auth_time;
    expect(signedInAt).toEqual(expect.any(Number));
    // Negative control: a refresh before any sign-out is accepted, and keeps the sign-in's time.
    const renewed = await refresh(tokens.refresh_token!, tokens);
    expect(decodeJwt(renewed.access_token).auth_time).toBe(signedInAt);
    expect((await app.call('isCopyAdmin', {}, renewed.access_token)).status).toBe(200);

    expect((await app.call('staffSignOut', {}, renewed.access_token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // the refreshed token is issued in a later second
    const afterSignOut = await refresh(renewed.refresh_token, tokens);
    expect(decodeJwt(afterSignOut.access_token).iat).toBeGreaterThan(Number(signedInAt));
    expect(await app.call('isCopyAdmin', {}, afterSignOut.access_token)).toMatchObject({
      status: 401,
      body: { error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' } },
    });
    // Signing in again (a sign-in newer than the sign-out) works.
    const again = await signIn('office@org.example');
    expect((await app.call('isCopyAdmin', {}, again.access_token)).status).toBe(200);
  });

  it("logs out as MSAL's logoutRedirect does (no id_token_hint, no client_id) and returns to the app's login page", async () => {
    const tokens = await signIn('door@org.example');
    const back = `${new URL(redirectUri).origin}/admin/login`;
    let res = await tokens.request(
      `${config.authority}/session/end?${new URLSearchParams({ post_logout_redirect_uri: back, state: 'abc' })}`,
    );
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(page).not.toContain('<script');
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    res = await tokens.request(new URL(action, config.authority).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${back}?state=abc`);
  });

  it('signs the outsider in, but the API refuses them with 403 unauthorized_domain', async () => {
    const tokens = await signIn('someone@outside.example');
    const res = await app.call('isCopyAdmin', {}, tokens.access_token);
    expect(res).toMatchObject({
      status: 403,
      body: { error: { status: 'PERMISSION_DENIED', message: 'unauthorized_domain' } },
    });
  });

  it('answers a wrong password with the form again: escaped, no script, a strict CSP', async () => {
    await expect(
      signInThroughDevIdp({
        issuer: config.authority,
        clientId: config.clientId,
        redirectUri,
        email: 'editor@staff.example',
        password: 'wrong',
        scope: 'openid',
      }),
    ).rejects.toThrow(/login answered 401/);
    // The same page by hand, with markup in the e-mail field.
    const authorize = new URL(`${config.authority}/auth`);
    authorize.search = new URLSearchParams({
      client_id: config.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const start = await undiciFetch(authorize, { redirect: 'manual', dispatcher: insecure });
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const interaction = new URL(start.headers.get('location')!, config.authority).href;
    const res = await undiciFetch(`${interaction}/login`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: '"><script>alert(1)</script>', password: 'demo' }),
      redirect: 'manual',
      dispatcher: insecure,
    });
    const html = await res.text();
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).not.toContain('<script');
    expect(html).toContain('&#34;&#62;&#60;script&#62;');
    expect(html).toContain('name="password"');
  });

  it('refuses a redirect URI that is not registered with an error page (no redirect to it)', async () => {
    const authorize = new URL(`${config.authority}/auth`);
    authorize.search = new URLSearchParams({
      client_id: config.clientId,
      response_type: 'code',
      redirect_uri: 'https://evil.example/callback',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const res = await undiciFetch(authorize, { redirect: 'manual', dispatcher: insecure });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toContain('redirect_uri');
  });

  it('refuses the token request from an origin that is not the app (CORS)', async () => {
    const res = await undiciFetch(`${config.authority}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: config.clientId,
        code: 'x',
        redirect_uri: redirectUri,
        code_verifier: 'y'.repeat(43),
      }),
      dispatcher: insecure,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('startDevIdp', () => {
  it('keeps its certificate and signing key in dataDir across restarts, so a browser and issued tokens keep working', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dev-idp-'));
    const options = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      clientId: 'c',
      apiAudience: 'api://a',
      apiScope: 'api://a/s',
      redirectUris: ['http://localhost:1/cb'],
    };
    const first = await startDevIdp(options);
    const keys = await (await first.fetch(first.jwksUri)).json();
    await first.close();
    const second = await startDevIdp(options);
    try {
      expect(second.certificate).toBe(first.certificate);
      // Fetched over TLS verified against exactly this certificate.
      expect(await (await second.fetch(second.jwksUri)).json()).toEqual(keys);
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(
        startDevIdp({
          port: 0,
          host: '127.0.0.1',
          dataDir: tmpdir(),
          clientId: 'c',
          apiAudience: 'a',
          apiScope: 's',
          redirectUris: ['http://localhost:1/'],
        }),
      ).rejects.toThrow(/production/);
    } finally {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
  });
});
