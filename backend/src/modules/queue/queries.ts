import type { Queryable } from '../../db/connect.js';

/** The waiting list is keyed by the e-mail address, case-insensitively. */
export const emailKey = (email: string) => email.trim().toLowerCase();

export interface QueueRequest {
  email: string;
  firstName: string;
  lastName: string;
  lang: 'sv' | 'en';
  sessionUid: string;
  /** Keyed hash of the client address (the per-address limit). */
  requestedFrom: string;
  confirmCodeHash: string;
  confirmExpiresAt: Date;
}

/**
 * Asks for a place in the queue: a new entry waiting for its confirmation, or, for an address
 * already asked for whose link has run out unconfirmed, a new link (and the request's name and
 * language). An entry asked for and still waiting, or confirmed, stays as it is. `sendLink`
 * says whether a confirmation e-mail should go now.
 */
export async function requestQueuePlace(sql: Queryable, r: QueueRequest): Promise<{ id: string; sendLink: boolean }> {
  const [row] = await sql<{ id: string; sendLink: boolean }[]>`
    INSERT INTO queue_entries (email, email_key, first_name, last_name, lang, session_uid, requested_from, confirm_code_hash, confirm_expires_at)
    VALUES (${r.email}, ${emailKey(r.email)}, ${r.firstName}, ${r.lastName}, ${r.lang}, ${r.sessionUid}, ${r.requestedFrom}, ${r.confirmCodeHash}, ${r.confirmExpiresAt})
    ON CONFLICT (email_key) DO UPDATE
    SET first_name = EXCLUDED.first_name,
        last_name = EXCLUDED.last_name,
        lang = EXCLUDED.lang,
        session_uid = EXCLUDED.session_uid,
        requested_from = EXCLUDED.requested_from,
        confirm_code_hash = EXCLUDED.confirm_code_hash,
        confirm_expires_at = EXCLUDED.confirm_expires_at
    WHERE queue_entries.confirmed_at IS NULL
      AND queue_entries.confirm_expires_at <= now()
    RETURNING id::text, true AS send_link`;
  if (row) return row;
  const [existing] = await sql<{ id: string }[]>`
    SELECT id::text
    FROM queue_entries
    WHERE email_key = ${emailKey(r.email)}`;
  return { id: existing!.id, sendLink: false };
}

/** Unconfirmed requests of a session, and of an address within `withinMs` (the limits on asking for others). */
export async function unconfirmedRequests(sql: Queryable, sessionUid: string, requestedFrom: string, withinMs: number): Promise<{ bySession: number; byAddress: number }> {
  const [row] = await sql<{ bySession: number; byAddress: number }[]>`
    SELECT
      (SELECT count(*)::int FROM queue_entries WHERE session_uid = ${sessionUid} AND confirmed_at IS NULL AND confirm_expires_at > now()) AS by_session,
      (SELECT count(*)::int FROM queue_entries
        WHERE requested_from = ${requestedFrom}
          AND confirmed_at IS NULL
          AND created_at > now() - ${withinMs} * interval '1 millisecond') AS by_address`;
  return row!;
}

/** Confirms the entry whose link carries this code, while the link is valid; the entry, or undefined. */
export async function confirmQueuePlace(sql: Queryable, confirmCodeHash: string): Promise<{ id: string } | undefined> {
  const [row] = await sql<{ id: string }[]>`
    UPDATE queue_entries
    SET confirmed_at = COALESCE(confirmed_at, now())
    WHERE confirm_code_hash = ${confirmCodeHash}
      AND (confirmed_at IS NOT NULL OR confirm_expires_at > now())
    RETURNING id::text`;
  return row;
}

/** In the queue: only a confirmed entry counts (an unconfirmed one may be someone else's doing). */
export async function isInQueue(sql: Queryable, email: string): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM queue_entries
    WHERE email_key = ${emailKey(email)}
      AND confirmed_at IS NOT NULL`;
  return !!row;
}
