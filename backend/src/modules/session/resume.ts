import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/connect.js';

/**
 * The BankID app's way back (issue 29): on iOS the app returns by opening an address, which the
 * phone may open in a new tab, where the page has no session. That address carries a one-time
 * reference to the session: 256 random bits, only its hash kept, good once and for RESUME_MINUTES,
 * exchanged at POST /api/session for a token of the same session.
 *
 * The reference alone is not enough (issue 39 §9, session fixation): whoever started an order could
 * send its return address to someone else, whose page would adopt the sender's session. So the
 * browser that starts the order sends a secret it keeps (`returnKey`, in its localStorage, shared by
 * its tabs); only its hash is stored with the reference, and redeeming needs the secret again.
 */
export const RESUME_MINUTES = 10;
/** How the reference travels in the return address (`?resume=…`). */
export const RESUME_PARAMETER = 'resume';
/** The browser's secret and the reference: 256 random bits in base64url. */
export const RESUME_SECRET = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

export interface ResumeBinding {
  sessionUid: string;
  /** When the session began (its token's `sst`): a resumed token keeps it, so the maximum age still counts from there. */
  sessionStartedAt: number;
  /** The starting browser's secret. */
  browserKey: string;
}

export async function createResumeReference(sql: Queryable, binding: ResumeBinding): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await sql`
    INSERT INTO session_resumes (code_hash, session_uid, expires_at, browser_key_hash, session_started_at)
    VALUES (
      ${hashOf(code)},
      ${binding.sessionUid},
      now() + ${RESUME_MINUTES} * interval '1 minute',
      ${hashOf(binding.browserKey)},
      ${new Date(binding.sessionStartedAt)}
    )`;
  // Old references go as new ones come (no job needed).
  await sql`DELETE FROM session_resumes WHERE expires_at < now() - interval '1 day'`;
  return code;
}

export interface ResumedSession {
  sessionUid: string;
  startedAt: number;
}

/** The session a reference names, for this browser's key, without spending it: undefined for an unknown, used, expired or foreign one. */
export async function findResumeReference(
  sql: Queryable,
  code: string,
  browserKey: string,
): Promise<ResumedSession | undefined> {
  if (!RESUME_SECRET.test(code) || !RESUME_SECRET.test(browserKey)) return undefined;
  const [row] = await sql<{ sessionUid: string; sessionStartedAt: Date }[]>`
    SELECT session_uid, session_started_at
    FROM session_resumes
    WHERE code_hash = ${hashOf(code)}
      AND browser_key_hash = ${hashOf(browserKey)}
      AND used_at IS NULL
      AND expires_at > now()`;
  return row && { sessionUid: row.sessionUid, startedAt: row.sessionStartedAt.getTime() };
}

/** The session a reference resumes, once, for the browser that started the order: undefined for an unknown, used, expired or foreign one. */
export async function redeemResumeReference(
  sql: Queryable,
  code: string,
  browserKey: string,
): Promise<ResumedSession | undefined> {
  if (!RESUME_SECRET.test(code) || !RESUME_SECRET.test(browserKey)) return undefined;
  const [row] = await sql<{ sessionUid: string; sessionStartedAt: Date }[]>`
    UPDATE session_resumes
    SET used_at = now()
    WHERE code_hash = ${hashOf(code)}
      AND browser_key_hash = ${hashOf(browserKey)}
      AND used_at IS NULL
      AND expires_at > now()
    RETURNING session_uid, session_started_at`;
  return row && { sessionUid: row.sessionUid, startedAt: row.sessionStartedAt.getTime() };
}

/** Where the BankID app returns to: the page's own step on this site, with a fresh reference (`returnTo` is a path checked by the payload schema). */
export async function returnAddress(
  sql: Queryable,
  publicUrl: string,
  binding: ResumeBinding,
  returnTo: string,
): Promise<string> {
  return `${publicUrl}${returnTo}?${RESUME_PARAMETER}=${await createResumeReference(sql, binding)}`;
}
