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
  email: string | undefined;
  name: string | undefined;
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
  /** Accepted `aud` values: the API's audience (access tokens) and the SPA's client id (ID tokens). */
  audience: string | string[];
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
      ? createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: 5000, cooldownDuration: 30_000, ...(options.fetch ? { [customFetch]: options.fetch as FetchImplementation } : {}) })
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
    return {
      subject: payload.sub!,
      issuer: payload.iss!,
      email: staffEmail(payload),
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  };
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
    if (err.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set/i.test(err.message)) return new StaffTokenError('unavailable', err.message);
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
export async function discoverAuthority(authority: string, fetchImpl: typeof fetch = fetch): Promise<AuthorityMetadata> {
  const url = `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
  if (response.status !== 200) throw new StaffTokenError('unavailable', `discovery answered ${response.status}`);
  const doc = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string') throw new StaffTokenError('unavailable', 'discovery document without issuer or jwks_uri');
  return { issuer: doc.issuer, jwksUri: doc.jwks_uri };
}

/**
 * A verifier whose issuer and JWKS come from the authority's discovery document, fetched on the
 * first token (not at start, so the server starts while the authority is unreachable) and
 * again after a failure. Explicit `issuer` and `jwksUri` skip discovery.
 */
export function createDiscoveringStaffTokenVerifier(
  options: Omit<StaffTokenVerifierOptions, 'issuer' | 'jwksUri' | 'jwks'> & { authority: string; issuer?: string; jwksUri?: string },
): StaffTokenVerifier {
  let verifier: Promise<StaffTokenVerifier> | undefined;
  const resolve = async () => {
    const metadata =
      options.issuer && options.jwksUri ? { issuer: options.issuer, jwksUri: options.jwksUri } : await discoverAuthority(options.authority, options.fetch);
    return createStaffTokenVerifier({ ...options, issuer: options.issuer ?? metadata.issuer, jwksUri: options.jwksUri ?? metadata.jwksUri });
  };
  return async (token) => {
    verifier ??= resolve();
    let verify: StaffTokenVerifier;
    try {
      verify = await verifier;
    } catch (err) {
      verifier = undefined;
      throw err instanceof StaffTokenError ? err : new StaffTokenError('unavailable', (err as Error)?.message ?? 'discovery failed');
    }
    return verify(token);
  };
}
