import type { StaffAuthConfig } from '@concert/shared/api';
import { STAFF_REDIRECT_PATHS, type Config } from '../../config.js';
import type { DevIdp } from './dev-idp.js';
import {
  createDiscoveringStaffTokenVerifier,
  createStaffTokenVerifier,
  type StaffTokenVerifier,
} from './verify-staff-token.js';

/** Staff sign-in as the rest of the backend sees it: a token verifier and what the browser's MSAL needs. */
export interface StaffIdentity {
  verify: StaffTokenVerifier;
  publicConfig: StaffAuthConfig;
  /** Demo mode: the running dev IdP. */
  devIdp?: DevIdp;
  close(): Promise<void>;
}

const MICROSOFT_HOSTS =
  /(^|\.)(microsoftonline\.com|microsoftonline\.us|partner\.microsoftonline\.cn|ciamlogin\.com)$/i;

/**
 * Production (or STAFF_AUTHORITY set): the configured authority, its issuer and JWKS discovered
 * on first use. Demo mode otherwise: starts the dev IdP, whose certificate the verifier trusts.
 * Only access tokens for the API are accepted: its audience and its scope (an ID token is the
 * SPA's proof of sign-in, not a grant to call the API).
 */
export async function createStaffIdentity(config: Config, selfUrl: string): Promise<StaffIdentity> {
  const staff = config.staff;
  const audience = staff.apiAudience;
  const scope = staff.apiScope;
  if (config.devIdp) {
    // oidc-provider and selfsigned are demo-only: loaded here, never in production.
    const { startDevIdp } = await import('./dev-idp.js');
    const devIdp = await startDevIdp({
      port: config.devIdp.port,
      host: config.host,
      dataDir: config.dataDir,
      clientId: staff.clientId,
      apiAudience: staff.apiAudience,
      apiScope: staff.apiScope,
      redirectUris: config.devIdp.redirectUris ?? defaultRedirectUris(config, selfUrl),
      allowedDomains: config.adminAllowedDomains,
    });
    return {
      verify: createStaffTokenVerifier({
        issuer: devIdp.issuer,
        jwksUri: devIdp.jwksUri,
        audience,
        scope,
        fetch: devIdp.fetch,
      }),
      publicConfig: publicConfig(devIdp.issuer, staff.clientId, staff.apiScope, 'OIDC'),
      devIdp,
      close: () => devIdp.close(),
    };
  }
  const authority = staff.authority;
  if (!authority) throw new Error('staff sign-in needs STAFF_AUTHORITY');
  const protocolMode =
    staff.protocolMode ?? (MICROSOFT_HOSTS.test(new URL(authority).hostname) ? 'AAD' : 'OIDC');
  return {
    verify: createDiscoveringStaffTokenVerifier({
      authority,
      issuer: staff.issuer,
      jwksUri: staff.jwksUri,
      audience,
      scope,
    }),
    // MSAL takes Entra ID's authority without the /v2.0 of its issuer.
    publicConfig: publicConfig(
      protocolMode === 'AAD' ? authority.replace(/\/v2\.0$/, '') : authority,
      staff.clientId,
      staff.apiScope,
      protocolMode,
    ),
    close: async () => {},
  };
}

function publicConfig(
  authority: string,
  clientId: string,
  apiScope: string,
  protocolMode: 'AAD' | 'OIDC',
): StaffAuthConfig {
  return {
    authority,
    clientId,
    scopes: [apiScope],
    protocolMode,
    knownAuthorities: [new URL(authority).host],
  };
}

/** The app's own origins (its public URL, localhost and 127.0.0.1 at its port, the dev shell on 3000) × the SPA's redirect paths. */
function defaultRedirectUris(config: Config, selfUrl: string): string[] {
  const port = new URL(selfUrl).port;
  const origins = new Set([
    new URL(config.publicUrl).origin,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    'http://localhost:3000',
  ]);
  return [...origins]
    .filter((o) => !o.endsWith(':0'))
    .flatMap((origin) => STAFF_REDIRECT_PATHS.map((p) => `${origin}${p}`));
}
