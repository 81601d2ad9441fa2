import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type FetchImplementation,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';

/** Who a verified work-account token names. The e-mail is what the allowed domains are checked against. */
export interface VerifiedStaffToken {
  subject: string;
  issuer: string;
  /** Entra ID's tenant id (`tid`) and the account's object id (`oid`): immutable, who staff are. */
  tenantId: string | undefined;
  objectId: string | undefined;
  email: string | undefined;
  name: string | undefined;
  /** When the token was issued (epoch seconds; 0 when it does not say): a sign-out revokes every token issued until then. */
  issuedAt: number;
  /** When the person last signed in (`auth_time`, seconds): a refreshed token keeps the original sign-in's. */
  authTime?: number;
  /** A guest of the tenant (another organisation's or a personal account invited in), not staff. */
  guest: boolean;
}

export type StaffTokenVerifier = (token: string) => Promise<VerifiedStaffToken>;

/**
 * Why a token was not accepted: `invalid` (forged, expired, not yet valid, another audience or
 * issuer, an algorithm off the list: the caller is not signed in) or `unavailable` (the
 * authority's keys could not be fetched: try again).
 */
export class StaffTokenError extends Error {
  constructor(
    readonly reason: 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'StaffTokenError';
  }
}

export const STAFF_TOKEN_ALGORITHMS = ['RS256', 'PS256', 'ES256'] as const;

export interface StaffTokenVerifierOptions {
  /** The exact `iss` (e.g. https://login.microsoftonline.com/<tenant id>/v2.0). */
  issuer: string;
  /** The authority's JWKS; or `jwks` given directly (tests). */
  jwksUri?: string;
  jwks?: JSONWebKeySet;
  /** The API's audience: only access tokens for this API are accepted. */
  audience: string | string[];
  /**
   * The delegated scope an access token must carry (`scp`, Entra ID; `scope`, RFC 9068), full
   * (`api://…/access_as_user`) or its last part: an ID token has the right audience when the SPA
   * and the API are one app registration, but it carries no scope.
   */
  scope?: string;
  allowedAlgorithms?: readonly string[];
  clockToleranceSec?: number;
  /** For a JWKS behind a certificate the default fetch does not trust (the dev IdP's). */
  fetch?: typeof fetch;
}

/** Verifies a work-account JWT (signature against the JWKS, issuer, audience, exp/nbf, algorithm allow-list). */
export function createStaffTokenVerifier(options: StaffTokenVerifierOptions): StaffTokenVerifier {
  const keys = options.jwks
    ? createLocalJWKSet(options.jwks)
    : options.jwksUri
      ? createRemoteJWKSet(new URL(options.jwksUri), {
          timeoutDuration: 5000,
          cooldownDuration: 30_000,
          ...(options.fetch ? { [customFetch]: options.fetch as FetchImplementation } : {}),
        })
      : undefined;
  if (!keys) throw new Error('createStaffTokenVerifier needs jwksUri or jwks');
  const verifyOptions = {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: [...(options.allowedAlgorithms ?? STAFF_TOKEN_ALGORITHMS)],
    clockTolerance: options.clockToleranceSec ?? 30,
    requiredClaims: ['sub', 'exp'],
  };
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, verifyOptions));
    } catch (err) {
      throw toStaffTokenError(err);
    }
    if (options.scope && !carriesScope(payload, options.scope))
      throw new StaffTokenError('invalid', 'not an access token for this API');
    return {
      subject: payload.sub!,
      issuer: payload.iss!,
      tenantId: typeof payload.tid === 'string' && payload.tid ? payload.tid : undefined,
      objectId: typeof payload.oid === 'string' && payload.oid ? payload.oid : undefined,
      email: staffEmail(payload),
      name: typeof payload.name === 'string' ? payload.name : undefined,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : undefined,
      guest: isGuest(payload),
    };
  };
}

function carriesScope(payload: JWTPayload, scope: string): boolean {
  const granted = [payload.scp, payload.scope].flatMap((v) =>
    typeof v === 'string' ? v.split(' ') : Array.isArray(v) ? v : [],
  );
  const short = scope.slice(scope.lastIndexOf('/') + 1);
  return granted.some((g) => g === scope || g === short);
}

/**
 * Entra ID marks a guest by `acct` 1, by an `idp` other than the tenant's own issuer, or by the
 * `#EXT#` of an invited account's user name: such accounts sign in to the tenant but are not staff.
 */
function isGuest(payload: JWTPayload): boolean {
  if (payload.acct === 1 || payload.acct === '1') return true;
  if (typeof payload.idp === 'string' && payload.idp !== payload.iss && !payload.iss?.includes(payload.idp))
    return true;
  return ['upn', 'preferred_username', 'unique_name'].some(
    (claim) => typeof payload[claim] === 'string' && (payload[claim] as string).includes('#EXT#'),
  );
}

/**
 * The e-mail of the token: `email` when present (ID tokens, the dev IdP's access tokens), else
 * Entra ID's `preferred_username` or `upn`, which are the sign-in address of a work account.
 */
function staffEmail(payload: JWTPayload): string | undefined {
  for (const claim of ['email', 'preferred_username', 'upn']) {
    const value = payload[claim];
    if (typeof value === 'string' && value.includes('@')) return value.trim().toLowerCase();
  }
  return undefined;
}

function toStaffTokenError(err: unknown): StaffTokenError {
  if (err instanceof errors.JWKSTimeout) return new StaffTokenError('unavailable', 'JWKS timeout');
  if (err instanceof errors.JOSEError) {
    // jose's message for a JWKS answered with another status than 200.
    if (err.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set/i.test(err.message))
      return new StaffTokenError('unavailable', err.message);
    return new StaffTokenError('invalid', err.code);
  }
  // Anything else (a refused connection, DNS) happened while fetching the keys.
  return new StaffTokenError('unavailable', (err as Error)?.message ?? 'unknown');
}

export interface AuthorityMetadata {
  issuer: string;
  jwksUri: string;
}

/** The issuer and JWKS of an authority from its discovery document (`<authority>/.well-known/openid-configuration`). */
export async function discoverAuthority(
  authority: string,
  fetchImpl: typeof fetch = fetch,
): Promise<AuthorityMetadata> {
  const url = `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetchImpl(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(5000),
  });
  if (response.status !== 200)
    throw new StaffTokenError('unavailable', `discovery answered ${response.status}`);
  const doc = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string')
    throw new StaffTokenError('unavailable', 'discovery document without issuer or jwks_uri');
  return { issuer: doc.issuer, jwksUri: doc.jwks_uri };
}

/**
 * A verifier whose issuer and JWKS come from the authority's discovery document, fetched on the
 * first token (not at start, so the server starts while the authority is unreachable) and
 * again after a failure. Explicit `issuer` and `jwksUri` skip discovery.
 */
export function createDiscoveringStaffTokenVerifier(
  options: Omit<StaffTokenVerifierOptions, 'issuer' | 'jwksUri' | 'jwks'> & {
    authority: string;
    issuer?: string;
    jwksUri?: string;
  },
): StaffTokenVerifier {
  let verifier: Promise<StaffTokenVerifier> | undefined;
  const resolve = async () => {
    const metadata =
      options.issuer && options.jwksUri
        ? { issuer: options.issuer, jwksUri: options.jwksUri }
        : await discoverAuthority(options.authority, options.fetch);
    return createStaffTokenVerifier({
      ...options,
      issuer: options.issuer ?? metadata.issuer,
      jwksUri: options.jwksUri ?? metadata.jwksUri,
    });
  };
  return async (token) => {
    verifier ??= resolve();
    let verify: StaffTokenVerifier;
    try {
      verify = await verifier;
    } catch (err) {
      verifier = undefined;
      throw err instanceof StaffTokenError
        ? err
        : new StaffTokenError('unavailable', (err as Error)?.message ?? 'discovery failed');
    }
    return verify(token);
  };
}
