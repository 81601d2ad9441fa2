import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export const SESSION_TTL_MS = 60 * 60 * 1000;
const ISSUER = 'concert-signup';
const AUDIENCE = 'visitor';

export interface VisitorSession {
  uid: string;
  idToken: string;
  expiresAt: number;
}

/**
 * Anonymous visitor sessions: an HS256 token naming a random uid, renewable while valid.
 * fast-jwt signs and verifies synchronously with node:crypto: every API call verifies a token,
 * and jose's WebCrypto path cost about 10 % of the server's CPU per register call in the rush.
 */
export function createSessionTokens(secret: Uint8Array) {
  const key = Buffer.from(secret);
  const sign = createSigner({ key, algorithm: 'HS256', iss: ISSUER, aud: AUDIENCE, expiresIn: SESSION_TTL_MS });
  const verifyToken = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'exp'],
  });

  async function issue(uid: string = randomUUID()): Promise<VisitorSession> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const idToken = sign({ sub: uid, iat: issuedAt });
    return { uid, idToken, expiresAt: issuedAt * 1000 + SESSION_TTL_MS };
  }

  /** The uid of a valid token, or undefined for anything else (expired, forged, another algorithm). */
  async function verify(token: string): Promise<string | undefined> {
    try {
      const payload = verifyToken(token) as { sub?: unknown };
      return typeof payload.sub === 'string' ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  }

  return { issue, verify };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
