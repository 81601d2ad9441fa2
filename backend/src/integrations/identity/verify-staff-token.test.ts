import { createServer } from 'node:net';
import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { productionEnvWithout } from '../../config.fixtures.js';
import { ConfigError, loadConfig } from '../../config.js';
import {
  createDiscoveringStaffTokenVerifier,
  createStaffTokenVerifier,
  StaffTokenError,
} from './verify-staff-token.js';

const ISSUER = 'https://login.example/tenant/v2.0';
const AUDIENCE = 'api://concert-staff';

let jwk: JWK;
let privateKey: CryptoKey;
beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
});

const verifier = () =>
  createStaffTokenVerifier({ issuer: ISSUER, jwks: { keys: [jwk] }, audience: [AUDIENCE, 'client-id'] });
const now = () => Math.floor(Date.now() / 1000);

/** A token of the authority; `claims` override the defaults (an undefined claim is left out). */
function token(claims: Record<string, unknown> = {}) {
  const payload = {
    sub: 'subject-1',
    email: 'Door@Org.Example',
    name: 'Door',
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now(),
    exp: now() + 600,
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(privateKey);
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (err) {
    return err instanceof StaffTokenError ? err.reason : `other: ${(err as Error).message}`;
  }
}

describe('createStaffTokenVerifier', () => {
  it('returns issuer, subject, the lower-cased e-mail and the name of a valid token', async () => {
    await expect(verifier()(await token())).resolves.toEqual({
      subject: 'subject-1',
      issuer: ISSUER,
      email: 'door@org.example',
      name: 'Door',
      tenantId: undefined,
      objectId: undefined,
      issuedAt: expect.any(Number),
      guest: false,
    });
  });

  it("takes Entra ID's preferred_username when the token has no email claim", async () => {
    const t = await token({ email: undefined, preferred_username: 'editor@staff.example' });
    expect((await verifier()(t)).email).toBe('editor@staff.example');
  });

  it('accepts 30 s of clock skew and no more', async () => {
    expect(await reason(verifier()(await token({ exp: now() - 10 })))).toBe('accepted');
    expect(await reason(verifier()(await token({ exp: now() - 120 })))).toBe('invalid');
    expect(await reason(verifier()(await token({ nbf: now() + 120 })))).toBe('invalid');
  });

  it('refuses another audience, another issuer, alg none, an unknown key and garbage as invalid', async () => {
    const v = verifier();
    expect(await reason(v(await token({ aud: 'api://someone-else' })))).toBe('invalid');
    expect(await reason(v(await token({ iss: 'https://evil.example/' })))).toBe('invalid');
    const unsecured = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(
      JSON.stringify({ sub: 's', iss: ISSUER, aud: AUDIENCE, exp: now() + 600, email: 'door@org.example' }),
    )}.`;
    expect(await reason(v(unsecured))).toBe('invalid');
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT({ sub: 's', email: 'door@org.example' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(now() + 600)
      .sign(other.privateKey);
    expect(await reason(v(forged))).toBe('invalid');
    const hmac = await new SignJWT({ sub: 's' })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(now() + 600)
      .sign(new TextEncoder().encode('a shared secret that is long enough!'));
    expect(await reason(v(hmac))).toBe('invalid');
    expect(await reason(v('not.a.jwt'))).toBe('invalid');
  });

  it('says unavailable, not invalid, when the authority cannot be reached', async () => {
    const port = await deadPort();
    const v = createDiscoveringStaffTokenVerifier({
      authority: `http://127.0.0.1:${port}/tenant/v2.0`,
      audience: AUDIENCE,
    });
    expect(await reason(v(await token()))).toBe('unavailable');
    const remote = createStaffTokenVerifier({
      issuer: ISSUER,
      jwksUri: `http://127.0.0.1:${port}/keys`,
      audience: AUDIENCE,
    });
    expect(await reason(remote(await token()))).toBe('unavailable');
  });
});

describe('staff sign-in configuration', () => {
  it('demo mode points at the dev IdP on 8443 with the editor as first copy admin', () => {
    const c = loadConfig({ DEMO: 'true' });
    expect(c.devIdp).toEqual({ port: 8443, redirectUris: undefined });
    expect(c.staff).toMatchObject({
      clientId: 'concert-staff',
      apiAudience: 'api://concert-staff',
      apiScope: 'api://concert-staff/access_as_user',
    });
    expect(c.staff.copyAdminEmails).toEqual(['editor@staff.example']);
    expect(c.staff).toMatchObject({
      officeEmails: ['editor@staff.example', 'office@org.example'],
      doorEmails: ['door@org.example'],
    });
  });

  it('refuses redirect URIs for the dev IdP that are not URLs', () => {
    expect(() =>
      loadConfig({
        DEMO: 'true',
        DEV_IDP_REDIRECT_URIS: 'http://localhost:8080/admin/auth-callback, /admin/login',
      }),
    ).toThrow(/DEV_IDP_REDIRECT_URIS/);
    expect(
      loadConfig({
        DEMO: 'true',
        DEV_IDP_REDIRECT_URIS: 'http://localhost:3000/, http://localhost:3000/admin/login',
      }).devIdp?.redirectUris,
    ).toEqual(['http://localhost:3000/', 'http://localhost:3000/admin/login']);
  });

  it('demo mode refuses a real authority: the dev IdP stands in for it', () => {
    expect(() =>
      loadConfig({
        DEMO: 'true',
        STAFF_AUTHORITY: 'https://login.microsoftonline.com/contoso.example/v2.0/',
        STAFF_CLIENT_ID: 'abc',
      }),
    ).toThrow(/STAFF_AUTHORITY/);
  });

  it('production names each missing staff variable and refuses a non-https authority', () => {
    const base = productionEnvWithout('STAFF_AUTHORITY', 'STAFF_CLIENT_ID', 'STAFF_API_AUDIENCE');
    expect(() => loadConfig(base)).toThrow(/STAFF_AUTHORITY/);
    const withAuthority = { ...base, STAFF_AUTHORITY: 'https://login.microsoftonline.com/t/v2.0' };
    expect(() => loadConfig(withAuthority)).toThrow(/STAFF_CLIENT_ID/);
    expect(() => loadConfig({ ...withAuthority, STAFF_CLIENT_ID: 'c' })).toThrow(/STAFF_API_AUDIENCE/);
    const complete = { ...withAuthority, STAFF_CLIENT_ID: 'c', STAFF_API_AUDIENCE: 'c' };
    const c = loadConfig(complete);
    expect(c.staff.authority).toBe('https://login.microsoftonline.com/t/v2.0');
    expect(c.devIdp).toBeUndefined();
    expect(c.staff).toMatchObject({ copyAdminEmails: [], officeEmails: [], doorEmails: [] });
    expect(() => loadConfig({ ...complete, STAFF_AUTHORITY: 'http://idp.example' })).toThrow(ConfigError);
  });
});

async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
