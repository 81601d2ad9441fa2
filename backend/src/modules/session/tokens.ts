import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const SESSION_TTL_MS = 60 * 60 * 1000;
const ISSUER = 'concert-signup';
const AUDIENCE = 'visitor';

export interface VisitorSession {
  uid: string;
  idToken: string;
  expiresAt: number;
}

/** Anonymous visitor sessions: an HS256 token naming a random uid, renewable while valid. */
export function createSessionTokens(secret: Uint8Array, now: () => number = Date.now) {
  async function issue(uid: string = randomUUID()): Promise<VisitorSession> {
    const issuedAt = Math.floor(now() / 1000);
    const expiresAt = (issuedAt * 1000) + SESSION_TTL_MS;
    const idToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(uid)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt / 1000)
      .sign(secret);
    return { uid, idToken, expiresAt };
  }

  /** The uid of a valid token, or undefined for anything else (expired, forged, another algorithm). */
  async function verify(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(now()),
      });
      return typeof payload.sub === 'string' ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  }

  return { issue, verify };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
