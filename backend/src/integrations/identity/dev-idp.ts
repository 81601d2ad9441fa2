import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { JWK } from 'jose';
import type Koa from 'koa';
import type { Provider, ProviderContext } from 'oidc-provider';
import { Agent, fetch as undiciFetch } from 'undici';
import { DEV_ACCOUNTS, DEV_TENANT_ID, devAccountBook, type DevAccount } from './dev-accounts.js';
import { htmlResponse, interactionRoutes, logoutFromTheSpa } from './dev-idp-interactions.js';
import { ensureCertificate, ensureSigningState } from './dev-idp-keys.js';
import { errorPage, loggedOutPage, logoutPage } from './dev-idp-pages.js';

/**
 * The demo stand-in for Microsoft Entra ID: an OpenID Connect provider (oidc-provider) on its
 * own HTTPS port, set up the way MSAL needs it (ARCHITECTURE.md, measured gotchas):
 * - https with a self-signed certificate, cached in dataDir so a browser that accepted it once
 *   keeps working, and issuer host = the authority host MSAL is given (`https://localhost:<port>`);
 * - `conformIdTokenClaims: false`, so the ID token carries email, name and preferred_username;
 * - resource indicators with the API as default resource and JWT access tokens (MSAL sends no
 *   `resource`), the API scope granted for it;
 * - refresh tokens although MSAL never sends prompt=consent (oidc-provider would drop
 *   offline_access), so that MSAL's silent renewal works;
 * - CORS on the token endpoint for the SPA's origins only.
 * The SPA is a first-party public client: PKCE, no secret, consent implied.
 */

export interface DevIdpOptions {
  /** 8443 by default (DEV_IDP_PORT); 0 picks a free port (tests). */
  port: number;
  host: string;
  /** Where the certificate and signing keys are cached. */
  dataDir: string;
  clientId: string;
  /** The API's audience: the default resource, and `aud` of the access tokens. */
  apiAudience: string;
  /** The scope the SPA requests for the API (e.g. `api://concert-staff/access_as_user`). */
  apiScope: string;
  /** Where the SPA may receive the code, e.g. http://localhost:8080/admin/auth-callback. */
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  accounts?: readonly DevAccount[];
  /** ADMIN_ALLOWED_DOMAINS: any address at these signs in too (password `demo`). */
  allowedDomains?: readonly string[];
}

export interface DevIdp {
  /** `https://localhost:<port>`: the authority and the tokens' `iss`. */
  issuer: string;
  port: number;
  jwksUri: string;
  /** PEM of the self-signed certificate, for clients that should trust exactly it. */
  certificate: string;
  /** fetch that trusts the dev IdP's certificate (and no other self-signed one). */
  fetch: typeof fetch;
  close(): Promise<void>;
}

export class DevIdpRefused extends Error {}

export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  if (process.env.NODE_ENV === 'production') {
    throw new DevIdpRefused(
      'The dev IdP is for demo mode only and refuses to start in production; configure STAFF_AUTHORITY.',
    );
  }
  const accounts = options.accounts ?? DEV_ACCOUNTS;
  const dir = path.resolve(options.dataDir, 'dev-idp');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tls = await ensureCertificate(dir);
  const state = await ensureSigningState(dir);

  const server = createServer({ key: tls.key, cert: tls.cert });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `The dev IdP cannot listen on ${options.host}:${options.port} (${err.code ?? err.message}); choose another DEV_IDP_PORT.`,
        ),
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `https://localhost:${port}`;
  try {
    return await serveProvider(server, { ...options, accounts }, issuer, port, tls.cert, state);
  } catch (err) {
    server.close();
    throw err;
  }
}

async function serveProvider(
  server: ReturnType<typeof createServer>,
  options: DevIdpOptions & { accounts: readonly DevAccount[] },
  issuer: string,
  port: number,
  certificate: string,
  state: { signingKey: JWK; cookieKeys: string[] },
): Promise<DevIdp> {
  const book = devAccountBook(options.accounts, options.allowedDomains ?? []);
  // Loaded only here: production never imports oidc-provider.
  const { Provider, errors } = await importOidcProvider();
  const { createMemoryAdapter } = await import('oidc-provider/lib/adapters/memory_adapter.js');
  const allowedOrigins = new Set(options.redirectUris.map((uri) => new URL(uri).origin));

  const provider: Provider = new Provider(issuer, {
    responseTypes: ['code'],
    // Sessions, grants and refresh tokens live in memory: a restart signs everyone out of the dev IdP.
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_name: 'Konsertadministration (demo)',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? options.redirectUris,
      },
    ],
    jwks: { keys: [state.signingKey] },
    cookies: { keys: state.cookieKeys },
    claims: {
      // Entra ID's immutable ids of the account ride on every token, as there.
      openid: ['sub', 'tid', 'oid'],
      // MSAL asks for openid profile offline_access only, so the e-mail rides on profile too.
      profile: ['name', 'preferred_username', 'email', 'email_verified'],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => options.apiAudience,
        // Else a request that includes `openid` gets an opaque token for userinfo instead of the API's JWT.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string) => {
          if (resource !== options.apiAudience) throw new errors.InvalidTarget();
          return {
            scope: options.apiScope,
            audience: options.apiAudience,
            accessTokenTTL: 60 * 60,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: Koa.Context, form: string) => htmlResponse(ctx, logoutPage(form)),
        postLogoutSuccessSource: async (ctx: Koa.Context) => htmlResponse(ctx, loggedOutPage()),
      },
    },
    // MSAL never sends prompt=consent, so oidc-provider drops offline_access from its request.
    // The IdP adds it back here: the SPA may refresh, so it gets a refresh token whose scope
    // covers what MSAL asks for on renewal (its scopes plus openid profile offline_access).
    issueRefreshToken: async (
      _ctx: unknown,
      client: { grantTypeAllowed(type: string): boolean },
      source: { scope?: string },
    ) => {
      if (!client.grantTypeAllowed('refresh_token')) return false;
      const scopes = new Set((source.scope ?? '').split(' ').filter(Boolean));
      scopes.add('offline_access');
      source.scope = [...scopes].join(' ');
      return true;
    },
    // First-party app: consent is implied (like an admin-consented app registration in Entra ID).
    loadExistingGrant: async (ctx: ProviderContext) => {
      const { client, session } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      if (client.clientId !== options.clientId || !session.accountId) return existing;
      const grant =
        existing && existing.accountId === session.accountId
          ? existing
          : new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(options.apiAudience, options.apiScope);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = book.byId(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: async () => accountClaims(account) };
    },
    // The API reads who is calling from the access token, as from Entra ID's.
    // Entra ID names the granted delegated scope in `scp` (its last part), which the API requires.
    // `auth_time`: when the person signed in, carried through refreshes (a sign-out refuses older ones).
    extraTokenClaims: async (
      ctx: {
        oidc?: {
          entities?: { RefreshToken?: { authTime?: number }; AuthorizationCode?: { authTime?: number } };
        };
      },
      token: { kind?: string; accountId?: string; scope?: string },
    ) => {
      const account =
        token.kind === 'AccessToken' && token.accountId ? book.byId(token.accountId) : undefined;
      if (!account) return undefined;
      const entities = ctx.oidc?.entities;
      const authTime = entities?.RefreshToken?.authTime ?? entities?.AuthorizationCode?.authTime;
      const { email, name, preferred_username, tid, oid } = accountClaims(account);
      const scp = (token.scope ?? '')
        .split(' ')
        .filter((s) => s === options.apiScope)
        .map((s) => s.slice(s.lastIndexOf('/') + 1))
        .join(' ');
      return {
        email,
        name,
        preferred_username,
        tid,
        oid,
        ...(scp ? { scp } : {}),
        ...(authTime ? { auth_time: authTime } : {}),
      };
    },
    clientBasedCORS: (_ctx: unknown, origin: string) => allowedOrigins.has(origin),
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 86_400,
      Session: 14 * 86_400,
      RefreshToken: 14 * 86_400,
    },
    renderError: async (ctx: Koa.Context, out: { error: string; error_description?: string }) => {
      htmlResponse(ctx, errorPage(out.error, out.error_description));
    },
  });

  provider.use(logoutFromTheSpa(options.clientId));
  provider.use(interactionRoutes(provider, book));
  server.on('request', provider.callback());

  const agent = new Agent({ connect: { ca: certificate } });
  const trustingFetch = ((
    input: Parameters<typeof undiciFetch>[0],
    init?: Parameters<typeof undiciFetch>[1],
  ) => undiciFetch(input, { ...init, dispatcher: agent })) as unknown as typeof fetch;

  return {
    issuer,
    port,
    jwksUri: `${issuer}/jwks`,
    certificate,
    fetch: trustingFetch,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}

function accountClaims(account: DevAccount) {
  return {
    sub: account.id,
    tid: DEV_TENANT_ID,
    oid: account.oid,
    email: account.email,
    email_verified: true,
    name: account.name,
    preferred_username: account.email,
  };
}

/**
 * oidc-provider warns "Unsupported runtime" once when it is loaded on a Node before 22 LTS. The dev
 * IdP is demo-only and works on the Node 20.19+ that development may use (production runs 24 and
 * never loads it), so that one known line is left out of the start; any other warning still shows.
 */
async function importOidcProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING: Unsupported runtime')) warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}
