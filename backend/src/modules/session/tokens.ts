import { createHmac, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export const SESSION_TTL_MS = 60 * 60 * 1000;
/** A session ends this long after it began, however often it was renewed (no endless session). */
export const SESSION_MAX_AGE_MS = 2 * 60 * 60 * 1000;
const ISSUER = 'concert-signup';
const AUDIENCE = 'visitor';

export interface VisitorSession {
  uid: string;
  idToken: string;
  expiresAt: number;
}

/** A verified token: whose session, and when that session began (carried through renewals). */
export interface SessionClaims {
  uid: string;
  startedAt: number;
}

/**
 * Anonymous visitor sessions: an HS256 token naming a random uid, renewable while valid, up to
 * SESSION_MAX_AGE_MS after the session began. fast-jwt signs and verifies synchronously with
 * node:crypto: every API call verifies a token, and jose's WebCrypto path cost about 10 % of
 * the server's CPU per register call in the rush.
 */
export function createSessionTokens(secret: Uint8Array, now: () => number = Date.now) {
  const key = Buffer.from(secret);
  const sign = createSigner({ key, algorithm: 'HS256', iss: ISSUER, aud: AUDIENCE });
  const verifyToken = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'exp', 'sst'],
  });

  /** A token for a new session, or for `renewing` (the same uid and start) while its age allows. */
  async function issue(renewing?: SessionClaims): Promise<VisitorSession> {
    const issuedAt = Math.floor(now() / 1000);
    const session = renewing ?? { uid: randomUUID(), startedAt: issuedAt * 1000 };
    const expiresAt = Math.min(issuedAt * 1000 + SESSION_TTL_MS, session.startedAt + SESSION_MAX_AGE_MS);
    const idToken = sign({
      sub: session.uid,
      iat: issuedAt,
      exp: Math.floor(expiresAt / 1000),
      sst: Math.floor(session.startedAt / 1000),
    });
    return { uid: session.uid, idToken, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
  }

  /** The claims of a valid token, or undefined for anything else (expired, too old, forged, another algorithm). */
  async function claims(token: string): Promise<SessionClaims | undefined> {
    try {
      const payload = verifyToken(token) as { sub?: unknown; sst?: unknown; exp?: unknown };
      if (typeof payload.sub !== 'string' || typeof payload.sst !== 'number') return undefined;
      if (typeof payload.exp === 'number' && payload.exp * 1000 <= now()) return undefined;
      const startedAt = payload.sst * 1000;
      if (now() - startedAt >= SESSION_MAX_AGE_MS) return undefined;
      return { uid: payload.sub, startedAt };
    } catch {
      return undefined;
    }
  }

  /** The uid of a valid token. */
  async function verify(token: string): Promise<string | undefined> {
    return (await claims(token))?.uid;
  }

  /** The key of the session proof of work: derived, so it never equals the signing key. */
  const proofOfWorkKey = createHmac('sha256', key).update('session-proof-of-work').digest();

  return { issue, claims, verify, proofOfWorkKey };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
