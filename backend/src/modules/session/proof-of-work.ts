import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { SessionChallenge } from '@concert/shared/proof-of-work';
import { CHALLENGE_TTL_MS } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import { forgetExpiredChallenges, redeemChallenge } from './queries.js';
import type { SessionClaims } from './tokens.js';

/** Expired redemptions are swept on about one redemption in this many. */
const SWEEP_ONE_IN = 200;

/**
 * A new anonymous session costs a proof of work (ALTCHA v1: altcha-lib signs and verifies),
 * so a script pays for every session it makes, while hundreds of phones behind one carrier
 * address each pay only for their own. A challenge buys one session: the session's uid and start
 * follow from the challenge (`sessionOf`), so however often a solution is sent, it names the same
 * session; POST /api/session also keeps its redemptions in the database and refuses a replay
 * across processes. `maxNumber` 0 turns it off (benches).
 */
export function createSessionProofOfWork({
  sql,
  secret,
  maxNumber,
  now = Date.now,
}: {
  sql: Queryable;
  secret: Uint8Array;
  maxNumber: number;
  now?: () => number;
}) {
  const hmacKey = Buffer.from(secret).toString('hex');

  async function challenge(): Promise<SessionChallenge> {
    // Turned off, the challenge is still one the browser solves (its number is 0, the one it tries):
    // altcha-lib reads a maxnumber of 0 as its default of a million and would hide the number up there.
    const off = maxNumber === 0 ? { number: 0 } : {};
    const c = await createChallenge({
      hmacKey,
      maxnumber: maxNumber,
      ...off,
      algorithm: 'SHA-256',
      expires: new Date(now() + CHALLENGE_TTL_MS),
    });
    return {
      algorithm: 'SHA-256',
      challenge: c.challenge,
      salt: c.salt,
      signature: c.signature,
      maxnumber: maxNumber,
    };
  }

  /** A genuine, unexpired, solved challenge: its text and when it expires (epoch ms). */
  async function solved(payload: string): Promise<{ challenge: string; expiresAt: number } | undefined> {
    if (payload.length > 2000) return undefined;
    let sent: { challenge?: unknown };
    try {
      sent = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      if (!(await verifySolution(payload, hmacKey, true))) return undefined;
    } catch {
      return undefined;
    }
    if (typeof sent.challenge !== 'string') return undefined;
    const expires = Number(extractParams(payload).expires) * 1000;
    return {
      challenge: sent.challenge,
      expiresAt: Number.isFinite(expires) ? expires : now() + CHALLENGE_TTL_MS,
    };
  }

  /**
   * The session a solved challenge buys, without a write: its uid derived from the challenge (an
   * HMAC, shaped as a UUID), its start the challenge's making. Sent again (a retry whose answer was
   * lost), the same solution names the same session, so the call finds what it made the first time.
   */
  async function sessionOf(payload: string): Promise<SessionClaims | undefined> {
    const found = await solved(payload);
    return found && claimsOf(found);
  }

  const claimsOf = ({ challenge, expiresAt }: { challenge: string; expiresAt: number }): SessionClaims => {
    const h = createHmac('sha256', hmacKey).update(`session:${challenge}`).digest('hex');
    // A version-4 UUID's shape (version nibble 4, variant 10xx).
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    const uid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    return { uid, startedAt: Math.min(now(), expiresAt - CHALLENGE_TTL_MS) };
  };

  /** The session of a genuine, unexpired, solved challenge, once (a replay is refused); undefined for anything else. */
  async function redeem(payload: string): Promise<SessionClaims | undefined> {
    const found = await solved(payload);
    if (!found) return undefined;
    if (Math.random() * SWEEP_ONE_IN < 1) void forgetExpiredChallenges(sql).catch(() => undefined);
    return (await redeemChallenge(sql, found.challenge, new Date(found.expiresAt)))
      ? claimsOf(found)
      : undefined;
  }

  return { enabled: maxNumber > 0, challenge, redeem, sessionOf };
}
export type SessionProofOfWork = ReturnType<typeof createSessionProofOfWork>;
