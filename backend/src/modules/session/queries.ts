import type { Queryable } from '../../db/connect.js';

/** Records a challenge as redeemed; false if it was already (a replay). */
export async function redeemChallenge(sql: Queryable, challenge: string, expiresAt: Date): Promise<boolean> {
  const rows = await sql`
    INSERT INTO session_challenge_redeemed (challenge, expires_at)
    VALUES (${challenge}, ${expiresAt})
    ON CONFLICT (challenge) DO NOTHING
    RETURNING 1 AS redeemed`;
  return rows.length === 1;
}

/** Expired challenges can no longer be redeemed, so their records can go. */
export async function forgetExpiredChallenges(sql: Queryable): Promise<void> {
  await sql`
    DELETE FROM session_challenge_redeemed
    WHERE expires_at < now()`;
}
