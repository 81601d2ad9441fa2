/** The waiting list's entries: a place asked for and confirmed, its place in line, the office's overview and the queue's settings. */
import type { Queryable } from '../../../db/connect.js';

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
export async function requestQueuePlace(
  sql: Queryable,
  r: QueueRequest,
  concertId: number,
): Promise<{ id: string; sendLink: boolean }> {
  const [row] = await sql<{ id: string; sendLink: boolean }[]>`
    INSERT INTO queue_entries (concert_id, email, email_key, first_name, last_name, lang, session_uid, requested_from, confirm_code_hash, confirm_expires_at)
    VALUES (${concertId}, ${r.email}, ${emailKey(r.email)}, ${r.firstName}, ${r.lastName}, ${r.lang}, ${r.sessionUid}, ${r.requestedFrom}, ${r.confirmCodeHash}, ${r.confirmExpiresAt})
    ON CONFLICT (concert_id, email_key) DO UPDATE
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
    WHERE concert_id = ${concertId}
      AND email_key = ${emailKey(r.email)}`;
  return { id: existing!.id, sendLink: false };
}

/** Unconfirmed requests of a session, and of an address within `withinMs` (the limits on asking for others). */
export async function unconfirmedRequests(
  sql: Queryable,
  sessionUid: string,
  requestedFrom: string,
  withinMs: number,
): Promise<{ bySession: number; byAddress: number }> {
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
export async function confirmQueuePlace(
  sql: Queryable,
  confirmCodeHash: string,
): Promise<{ id: string } | undefined> {
  const [row] = await sql<{ id: string }[]>`
    UPDATE queue_entries
    SET confirmed_at = COALESCE(confirmed_at, now())
    WHERE confirm_code_hash = ${confirmCodeHash}
      AND (confirmed_at IS NOT NULL OR confirm_expires_at > now())
    RETURNING id::text`;
  return row;
}

/**
 * In the queue: only a confirmed entry counts (an unconfirmed one may be someone else's doing),
 * and only while it waits or has a live offer (someone who left, declined or let an offer run
 * out may buy like anyone else).
 */
export async function isInQueue(sql: Queryable, email: string, concertId: number): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM queue_entries
    WHERE concert_id = ${concertId}
      AND email_key = ${emailKey(email)}
      AND confirmed_at IS NOT NULL
      AND state IN ('waiting', 'offered')`;
  return !!row;
}

// ───────────────────────────── Offers ─────────────────────────────

export type EntryState = 'waiting' | 'offered' | 'accepted' | 'declined' | 'expired' | 'left';

export interface WaitingEntry {
  id: string;
  email: string;
  firstName: string;
  lang: 'sv' | 'en';
}

/** The first confirmed entry still waiting (queue order: when the place was confirmed), locked; others sweeping skip it. */
export async function nextWaitingEntry(sql: Queryable, concertId: number): Promise<WaitingEntry | undefined> {
  const [row] = await sql<WaitingEntry[]>`
    SELECT id::text, email, first_name, lang
    FROM queue_entries
    WHERE concert_id = ${concertId}
      AND state = 'waiting'
      AND confirmed_at IS NOT NULL
    ORDER BY confirmed_at, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED`;
  return row;
}

export async function setEntryState(sql: Queryable, entryId: string, state: EntryState, at: Date) {
  await sql`UPDATE queue_entries SET state = ${state}, state_changed_at = ${at} WHERE id = ${entryId}`;
}

export interface EntryPlace {
  id: string;
  state: EntryState;
  confirmed: boolean;
  /** 1 = next to get an offer; null unless waiting and confirmed. */
  position: number | null;
  /** Confirmed entries waiting, all together. */
  waiting: number;
  /** The live offer's end, unopened (null otherwise). */
  offerExpiresAt: Date | null;
}

/** An entry as its person sees it: by the code of its confirmation link, or the session that asked for it last. */
export async function entryPlace(
  sql: Queryable,
  by: { confirmCodeHash: string } | { sessionUid: string },
): Promise<EntryPlace | undefined> {
  const [row] = await sql<EntryPlace[]>`
    SELECT e.id::text,
           e.state,
           e.confirmed_at IS NOT NULL AS confirmed,
           CASE WHEN e.state = 'waiting' AND e.confirmed_at IS NOT NULL THEN (
             SELECT count(*)::int + 1
             FROM queue_entries w
             WHERE w.concert_id = e.concert_id
               AND w.state = 'waiting'
               AND w.confirmed_at IS NOT NULL
               AND (w.confirmed_at, w.id) < (e.confirmed_at, e.id)
           ) END AS position,
           (SELECT count(*)::int FROM queue_entries w WHERE w.concert_id = e.concert_id AND w.state = 'waiting' AND w.confirmed_at IS NOT NULL) AS waiting,
           (SELECT o.expires_at FROM queue_offers o WHERE o.entry_id = e.id AND o.state = 'offered' AND o.opened_at IS NULL) AS offer_expires_at
    FROM queue_entries e
    WHERE ${'confirmCodeHash' in by ? sql`e.confirm_code_hash = ${by.confirmCodeHash} AND e.confirmed_at IS NOT NULL` : sql`e.session_uid = ${by.sessionUid}`}
    ORDER BY e.created_at DESC
    LIMIT 1`;
  return row;
}

/** The confirmed entry of this confirmation code, locked. */
export async function entryByConfirmCode(
  sql: Queryable,
  confirmCodeHash: string,
): Promise<{ id: string; state: EntryState } | undefined> {
  const [row] = await sql<{ id: string; state: EntryState }[]>`
    SELECT id::text, state
    FROM queue_entries
    WHERE confirm_code_hash = ${confirmCodeHash}
      AND confirmed_at IS NOT NULL
    FOR UPDATE`;
  return row;
}

/** The person leaves the queue before any offer. */
export async function leaveWaiting(sql: Queryable, entryId: string, at: Date): Promise<boolean> {
  const rows =
    await sql`UPDATE queue_entries SET state = 'left', state_changed_at = ${at} WHERE id = ${entryId} AND state = 'waiting'`;
  return rows.count > 0;
}

export interface QueueOverviewRow {
  entryId: string;
  state: EntryState;
  firstName: string;
  lastName: string;
  email: string;
  confirmedAt: Date;
  stateChangedAt: Date | null;
  offerId: string | null;
  offerOpenedAt: Date | null;
  /** A live unopened offer: its link's end; opened: its hold's end. */
  offerExpiresAt: Date | null;
  offeredBy: string | null;
}

/** The confirmed queue as the office sees it, in queue order (the latest offer of each entry). */
export async function queueOverview(
  sql: Queryable,
  limit: number,
  concertId: number,
): Promise<{ rows: QueueOverviewRow[]; counts: Record<EntryState | 'unconfirmed', number> }> {
  const rows = await sql<QueueOverviewRow[]>`
    SELECT e.id::text AS entry_id, e.state, e.first_name, e.last_name, e.email, e.confirmed_at, e.state_changed_at,
           o.id::text AS offer_id, o.opened_at AS offer_opened_at,
           CASE WHEN o.state = 'offered' THEN COALESCE(CASE WHEN o.opened_at IS NOT NULL THEN t.hold_expires_at END, o.expires_at) END AS offer_expires_at,
           o.offered_by
    FROM queue_entries e
    LEFT JOIN LATERAL (
      SELECT * FROM queue_offers o WHERE o.entry_id = e.id ORDER BY o.id DESC LIMIT 1
    ) o ON true
    LEFT JOIN tickets t ON t.id = o.ticket_id
    WHERE e.concert_id = ${concertId}
      AND e.confirmed_at IS NOT NULL
    ORDER BY CASE e.state WHEN 'offered' THEN 0 WHEN 'waiting' THEN 1 ELSE 2 END, e.confirmed_at, e.id
    LIMIT ${limit}`;
  const counted = await sql<{ state: string; n: number }[]>`
    SELECT CASE WHEN confirmed_at IS NULL THEN 'unconfirmed' ELSE state END AS state, count(*)::int AS n
    FROM queue_entries
    WHERE concert_id = ${concertId}
    GROUP BY 1`;
  const counts = { unconfirmed: 0, waiting: 0, offered: 0, accepted: 0, declined: 0, expired: 0, left: 0 };
  for (const c of counted) counts[c.state as keyof typeof counts] = c.n;
  return { rows, counts };
}

export interface QueueSettings {
  /** Set by the office; null: the configured default. */
  offerHours: number | null;
  paused: boolean;
}

export async function queueSettings(sql: Queryable): Promise<QueueSettings> {
  const [row] = await sql<
    { offerHours: string | null; paused: boolean }[]
  >`SELECT offer_hours, paused FROM queue_settings`;
  return {
    offerHours: row?.offerHours == null ? null : Number(row.offerHours),
    paused: row?.paused ?? false,
  };
}

/** Changes the settings; the values before (for the audit row). */
export async function updateQueueSettings(
  sql: Queryable,
  change: Partial<QueueSettings>,
): Promise<QueueSettings> {
  const [before] = await sql<
    { offerHours: string | null; paused: boolean }[]
  >`SELECT offer_hours, paused FROM queue_settings FOR UPDATE`;
  await sql`
    UPDATE queue_settings
    SET offer_hours = ${change.offerHours === undefined ? sql`offer_hours` : change.offerHours},
        paused = ${change.paused === undefined ? sql`paused` : change.paused},
        updated_at = now()`;
  return {
    offerHours: before?.offerHours == null ? null : Number(before.offerHours),
    paused: before?.paused ?? false,
  };
}
