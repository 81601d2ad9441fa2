import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SessionChallenge } from '@concert/shared/proof-of-work';
import { CHALLENGE_TTL_MS } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import { forgetExpiredChallenges, redeemChallenge } from './queries.js';
import type { SessionClaims } from './tokens.js';

/** Expired redemptions are swept on about one redemption in this many. */
const SWEEP_ONE_IN = 200;
/** Random bytes of a challenge's salt (altcha-lib's default). */
const SALT_BYTES = 12;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A new anonymous session costs a proof of work in ALTCHA's v1 format, so a script pays for every
 * session it makes, while hundreds of phones behind one carrier address each pay only for their
 * own. A challenge buys one session: the session's uid and start follow from the challenge
 * (`sessionOf`), so however often a solution is sent, it names the same session; POST
 * /api/session also keeps its redemptions in the database and refuses a replay across processes.
 * `maxNumber` 0 turns it off (benches).
 *
 * Made and checked here with node:crypto, synchronously, as altcha-lib's v1 does it (the salt
 * with its signed expiry, SHA-256 of salt and number, an HMAC of that under the key's hex text;
 * proof-of-work.test.ts proves each accepts the other's): altcha-lib goes through WebCrypto, whose
 * every digest and HMAC is a trip to the thread pool and back. Every arrival makes a challenge and
 * spends one, and those trips were most of both calls' cost in the rush.
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
  const sign = (challenge: string) => createHmac('sha256', hmacKey).update(challenge).digest('hex');

  async function challenge(): Promise<SessionChallenge> {
    const expires = Math.floor((now() + CHALLENGE_TTL_MS) / 1000);
    const salt = `${randomBytes(SALT_BYTES).toString('hex')}?expires=${expires}&`;
    // Turned off, the challenge is still one the browser solves: its number is 0, the first it tries.
    const number = maxNumber === 0 ? 0 : randomInt(1, maxNumber + 1);
    const hashed = sha256Hex(salt + number);
    return { algorithm: 'SHA-256', challenge: hashed, salt, signature: sign(hashed), maxnumber: maxNumber };
  }

  /** A genuine, unexpired, solved challenge: its text and when it expires (epoch ms). */
  async function solved(payload: string): Promise<{ challenge: string; expiresAt: number } | undefined> {
    if (payload.length > 2000) return undefined;
    let sent: Record<string, unknown>;
    try {
      sent = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return undefined;
    }
    const { algorithm, challenge, number, salt, signature } = sent ?? {};
    if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string')
      return undefined;
    if (typeof signature !== 'string' || !Number.isSafeInteger(number) || (number as number) < 0)
      return undefined;
    const expires = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('expires')) * 1000;
    if (!Number.isFinite(expires) || expires <= 0 || expires < now()) return undefined;
    if (sha256Hex(salt + String(number)) !== challenge) return undefined;
    const expected = Buffer.from(sign(challenge));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { challenge, expiresAt: expires };
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
