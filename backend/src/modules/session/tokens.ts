import { createHmac, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export const SESSION_TTL_MS = 60 * 60 * 1000;
/** A session ends this long after it began, however often it was renewed (no endless session). */
export const SESSION_MAX_AGE_MS = 2 * 60 * 60 * 1000;
const ISSUER = 'concert-signup';
/** How many tokens a process keeps verified (about 3 MB): a rush's sessions of the last minutes. */
const KNOWN_TOKENS = 20_000;
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

  // Tokens this process issued or verified lately, by their exact text: a visitor's next calls
  // (the register after the session, a signer's polls, the QR code's frames) cost a lookup, not
  // a decode and an HMAC each. Only a token that verified (or that we signed) is kept; its expiry
  // and the session's age are still checked on every use.
  const known = new Map<string, SessionClaims & { expiresAt: number }>();
  const remember = (token: string, held: SessionClaims & { expiresAt: number }) => {
    if (known.size >= KNOWN_TOKENS) known.delete(known.keys().next().value!);
    known.set(token, held);
  };
  const stillValid = (held: SessionClaims & { expiresAt: number }) =>
    held.expiresAt > now() && now() - held.startedAt < SESSION_MAX_AGE_MS;

  /** A token for a new session, or for `renewing` (the same uid and start) while its age allows. */
  async function issue(renewing?: SessionClaims): Promise<VisitorSession> {
    const issuedAt = Math.floor(now() / 1000);
    const session = renewing ?? { uid: randomUUID(), startedAt: issuedAt * 1000 };
    const expiresAt = Math.min(issuedAt * 1000 + SESSION_TTL_MS, session.startedAt + SESSION_MAX_AGE_MS);
    const exp = Math.floor(expiresAt / 1000);
    const sst = Math.floor(session.startedAt / 1000);
    const idToken = sign({ sub: session.uid, iat: issuedAt, exp, sst });
    remember(idToken, { uid: session.uid, startedAt: sst * 1000, expiresAt: exp * 1000 });
    return { uid: session.uid, idToken, expiresAt: exp * 1000 };
  }

  /** The claims of a valid token, or undefined for anything else (expired, too old, forged, another algorithm). */
  async function claims(token: string): Promise<SessionClaims | undefined> {
    const held = known.get(token);
    if (held) return stillValid(held) ? { uid: held.uid, startedAt: held.startedAt } : undefined;
    try {
      const payload = verifyToken(token) as { sub?: unknown; sst?: unknown; exp?: unknown };
      if (typeof payload.sub !== 'string' || typeof payload.sst !== 'number') return undefined;
      if (typeof payload.exp !== 'number') return undefined;
      const verified = { uid: payload.sub, startedAt: payload.sst * 1000, expiresAt: payload.exp * 1000 };
      if (!stillValid(verified)) return undefined;
      remember(token, verified);
      return { uid: verified.uid, startedAt: verified.startedAt };
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
