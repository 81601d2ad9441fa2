import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/connect.js';

/**
 * The BankID app's way back (issue 29): on iOS the app returns by opening an address, which the
 * phone may open in a new tab or another browser, where the page has no session. That address
 * carries a one-time reference to the session: 256 random bits, only its hash kept, good once and
 * for RESUME_MINUTES, exchanged at POST /api/session for a token of the same session.
 */
export const RESUME_MINUTES = 10;
/** How the reference travels in the return address (`?resume=…`). */
export const RESUME_PARAMETER = 'resume';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createResumeReference(sql: Queryable, sessionUid: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await sql`
    INSERT INTO session_resumes (code_hash, session_uid, expires_at)
    VALUES (${hashOf(code)}, ${sessionUid}, now() + ${RESUME_MINUTES} * interval '1 minute')`;
  // Old references go as new ones come (no job needed).
  await sql`DELETE FROM session_resumes WHERE expires_at < now() - interval '1 day'`;
  return code;
}

/** The session a reference resumes, once: undefined for an unknown, used or expired one. */
export async function redeemResumeReference(
  sql: Queryable,
  code: string,
): Promise<{ sessionUid: string; createdAt: number } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(code)) return undefined;
  const [row] = await sql<{ sessionUid: string; createdAt: Date }[]>`
    UPDATE session_resumes
    SET used_at = now()
    WHERE code_hash = ${hashOf(code)}
      AND used_at IS NULL
      AND expires_at > now()
    RETURNING session_uid, expires_at - ${RESUME_MINUTES} * interval '1 minute' AS created_at`;
  return row && { sessionUid: row.sessionUid, createdAt: row.createdAt.getTime() };
}

/** Where the BankID app returns to: the page's own step on this site, with a fresh reference (`returnTo` is a path checked by the payload schema). */
export async function returnAddress(
  sql: Queryable,
  publicUrl: string,
  sessionUid: string,
  returnTo: string,
): Promise<string> {
  return `${publicUrl}${returnTo}?${RESUME_PARAMETER}=${await createResumeReference(sql, sessionUid)}`;
}
