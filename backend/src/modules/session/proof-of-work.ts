import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { SessionChallenge } from '@concert/shared/proof-of-work';
import type { Queryable } from '../../db/connect.js';
import { forgetExpiredChallenges, redeemChallenge } from './queries.js';

/** How long a challenge may be solved and redeemed. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** Expired redemptions are swept on about one redemption in this many. */
const SWEEP_ONE_IN = 200;

/**
 * A new anonymous session costs a proof of work (ALTCHA v1: altcha-lib signs and verifies),
 * so a script pays for every session it makes, while hundreds of phones behind one carrier
 * address each pay only for their own. A challenge buys one session: redemptions are kept in
 * the database, so a replay is refused across processes. `maxNumber` 0 turns it off (benches).
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

  /** True once for a genuine, unexpired, solved challenge; false for anything else. */
  async function redeem(payload: string): Promise<boolean> {
    if (payload.length > 2000) return false;
    let solved: { challenge?: unknown };
    try {
      solved = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      if (!(await verifySolution(payload, hmacKey, true))) return false;
    } catch {
      return false;
    }
    if (typeof solved.challenge !== 'string') return false;
    const expires = Number(extractParams(payload).expires) * 1000;
    if (Math.random() * SWEEP_ONE_IN < 1) void forgetExpiredChallenges(sql).catch(() => undefined);
    return redeemChallenge(
      sql,
      solved.challenge,
      new Date(Number.isFinite(expires) ? expires : now() + CHALLENGE_TTL_MS),
    );
  }

  return { enabled: maxNumber > 0, challenge, redeem };
}
export type SessionProofOfWork = ReturnType<typeof createSessionProofOfWork>;
