import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Signs in through the dev IdP the way MSAL does: authorization code with PKCE (S256), over
 * HTTPS with the self-signed certificate, following the login form like a person would.
 */
export async function signInThroughDevIdp(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password?: string;
  /** What MSAL sends: the API scope plus openid profile offline_access. */
  scope: string;
}) {
  const agent = new Agent({ connect: { rejectUnauthorized: false } });
  const cookies = new Map<string, string>();
  const request = async (
    url: string,
    init: { method?: string; body?: URLSearchParams; headers?: Record<string, string> } = {},
  ) => {
    const res = await undiciFetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers: { ...init.headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      redirect: 'manual',
      dispatcher: agent,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
  const absolute = (location: string) => new URL(location, options.issuer).href;

  const discovery = (await (await request(`${options.issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: options.scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    response_mode: 'fragment',
    state,
    nonce,
    // Parameters MSAL adds that an OpenID Connect provider must ignore.
    'client-request-id': randomBytes(8).toString('hex'),
    'x-client-SKU': 'msal.js.browser',
    'x-client-VER': '5.29.0',
    client_info: '1',
  }).toString();

  // authorize → interaction page (login form)
  let res = await request(authorize.href);
  if (res.status !== 303 && res.status !== 302)
    throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  const interactionUrl = absolute(res.headers.get('location')!);
  res = await request(interactionUrl);
  const page = await res.text();
  const action = /<form method="post" action="([^"]+\/login)"/.exec(page)?.[1];
  if (!action) throw new Error(`no login form on the interaction page: ${page.slice(0, 300)}`);

  res = await request(absolute(action), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: options.email, password: options.password ?? 'demo' }),
  });
  if (res.status !== 303) throw new Error(`login answered ${res.status}`);

  // Follow the redirects back to the app's redirect URI (never fetched: the code is in the fragment).
  let location = absolute(res.headers.get('location')!);
  for (let hops = 0; !location.startsWith(options.redirectUri); hops++) {
    if (hops > 5) throw new Error('too many redirects');
    res = await request(location);
    const next = res.headers.get('location');
    if (!next)
      throw new Error(
        `expected a redirect from ${location}, got ${res.status}: ${(await res.text()).slice(0, 300)}`,
      );
    location = absolute(next);
  }
  const fragment = new URLSearchParams(new URL(location).hash.slice(1));
  if (fragment.get('error'))
    throw new Error(`authorization error ${fragment.get('error')}: ${fragment.get('error_description')}`);
  if (fragment.get('state') !== state) throw new Error('state mismatch');
  const code = fragment.get('code')!;

  // The SPA's token request: a CORS request from its origin, no client secret.
  res = await request(`${discovery.token_endpoint}?client-request-id=${randomBytes(8).toString('hex')}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
      origin: new URL(options.redirectUri).origin,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: options.clientId,
      code,
      redirect_uri: options.redirectUri,
      code_verifier: verifier,
      scope: options.scope,
      client_info: '1',
      'x-client-SKU': 'msal.js.browser',
    }),
  });
  const tokens = (await res.json()) as {
    access_token: string;
    id_token: string;
    refresh_token?: string;
    scope?: string;
    token_type: string;
    expires_in: number;
    error?: string;
  };
  if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}: ${JSON.stringify(tokens)}`);
  return {
    ...tokens,
    nonce,
    allowOrigin: res.headers.get('access-control-allow-origin'),
    tokenEndpoint: discovery.token_endpoint,
    request,
  };
}

/** The test authority's tenant id (`tid`). */
export const TEST_TENANT_ID = '11111111-2222-4333-8444-555555555555';

/** A stable object id (`oid`) for a test subject, shaped like Entra ID's (a UUID). */
export function objectIdOf(subject: string): string {
  const h = createHash('sha256').update(subject).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A stand-in work-account authority for tests: its own keys, its JWKS on a local HTTP server,
 * and tokens signed however a test needs them (expired, another audience, an unknown key …).
 */
export async function startTestAuthority(options: { audience: string }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-key-1';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/jwks') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (req.url === '/.well-known/openid-configuration') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const now = () => Math.floor(Date.now() / 1000);
  async function sign(
    claims: JWTPayload & { email?: string; name?: string },
    opts: {
      key?: CryptoKey;
      kid?: string;
      alg?: string;
      issuer?: string;
      audience?: string;
      expiresIn?: number;
      notBefore?: number;
    } = {},
  ): Promise<string> {
    const iat = now();
    // An access token for the API, as Entra ID issues it (delegated scope in `scp`).
    // Entra ID's immutable ids: the test tenant, and an object id of the subject unless given.
    const ids = { tid: TEST_TENANT_ID, oid: objectIdOf(String(claims.sub ?? '')) };
    const jwt = new SignJWT({ name: 'Test Staff', scp: 'access_as_user', ...ids, ...claims })
      .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: opts.kid ?? kid, typ: 'JWT' })
      .setIssuedAt(iat)
      .setIssuer(opts.issuer ?? issuer)
      .setAudience(opts.audience ?? options.audience)
      .setExpirationTime(iat + (opts.expiresIn ?? 3600));
    if (opts.notBefore !== undefined) jwt.setNotBefore(opts.notBefore);
    return jwt.sign(opts.key ?? privateKey);
  }

  /** A token for a staff member: subject derived from the e-mail unless given. */
  // A fresh sign-in (`auth_time` now) unless the test says otherwise (a refreshed token keeps an older one).
  const tokenFor = (email: string, extra: JWTPayload = {}) =>
    sign({ sub: `sub-${email}`, email, auth_time: now(), ...extra });

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    sign,
    tokenFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
