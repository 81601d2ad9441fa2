/** The waiting list's offers: made to the first who waits, opened, accepted by a sign, or ended. */
import type { Queryable } from '../../../db/connect.js';
import { setEntryState } from './entries.js';

export type OfferState = 'offered' | 'accepted' | 'declined' | 'expired';

export async function insertOffer(
  sql: Queryable,
  o: {
    entryId: string;
    ticketId: string;
    codeHash: string;
    offeredAt: Date;
    expiresAt: Date;
    offeredBy: string | null;
  },
): Promise<{ id: string }> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO queue_offers (concert_id, entry_id, ticket_id, code_hash, offered_at, expires_at, offered_by)
    SELECT t.concert_id, ${o.entryId}, ${o.ticketId}, ${o.codeHash}, ${o.offeredAt}, ${o.expiresAt}, ${o.offeredBy}
    FROM tickets t
    WHERE t.id = ${o.ticketId}
    RETURNING id::text`;
  await setEntryState(sql, o.entryId, 'offered', o.offeredAt);
  return row!;
}

export interface EndedOffer {
  id: string;
  entryId: string;
  ticketId: string;
  /** The concert the offer's ticket is of. */
  concertId: number;
  /** The ticket was confirmed meanwhile (not by this offer: that one is accepted as it signs). */
  ticketConfirmed: boolean;
}

/**
 * Live offers that have ended, locked (others sweeping skip them): unopened past their expiry
 * (`now`, the service's clock), opened whose hold ran out, or whose ticket is no longer theirs.
 */
export async function endedOffers(sql: Queryable, now: Date, limit = 100): Promise<EndedOffer[]> {
  return sql<EndedOffer[]>`
    SELECT o.id::text, o.entry_id::text, o.ticket_id::text, t.concert_id, t.confirmed_at IS NOT NULL AS ticket_confirmed
    FROM queue_offers o
    JOIN tickets t ON t.id = o.ticket_id
    WHERE o.state = 'offered'
      AND (
        t.confirmed_at IS NOT NULL
        OR t.offer_id IS DISTINCT FROM o.id
        OR (o.opened_at IS NULL AND o.expires_at <= ${now})
        OR (o.opened_at IS NOT NULL AND (t.hold_expires_at IS NULL OR t.hold_expires_at <= now()))
      )
    ORDER BY o.id
    LIMIT ${limit}
    FOR UPDATE OF o SKIP LOCKED`;
}

/** Ends a live offer (and its entry) as declined or expired; false if it was no longer live. */
export async function endOffer(
  sql: Queryable,
  offerId: string,
  state: 'declined' | 'expired',
  at: Date,
): Promise<boolean> {
  const [row] = await sql<{ entryId: string }[]>`
    UPDATE queue_offers
    SET state = ${state}, decided_at = ${at}
    WHERE id = ${offerId}
      AND state = 'offered'
    RETURNING entry_id::text`;
  if (!row) return false;
  await setEntryState(sql, row.entryId, state, at);
  return true;
}

export interface OfferRow {
  id: string;
  entryId: string;
  ticketId: string;
  /** The concert the offer's ticket is of. */
  concertId: number;
  state: OfferState;
  expiresAt: Date;
  openedAt: Date | null;
  sessionUid: string | null;
}

/** The offer whose link carries this code, locked (opening, declining and the sweep take turns on it). */
export async function offerByCode(sql: Queryable, codeHash: string): Promise<OfferRow | undefined> {
  const [row] = await sql<OfferRow[]>`
    SELECT id::text, entry_id::text, ticket_id::text, concert_id, state, expires_at, opened_at, session_uid
    FROM queue_offers
    WHERE code_hash = ${codeHash}
    FOR UPDATE`;
  return row;
}

/** The live offer of an entry, locked. */
export async function liveOfferOfEntry(sql: Queryable, entryId: string): Promise<OfferRow | undefined> {
  const [row] = await sql<OfferRow[]>`
    SELECT id::text, entry_id::text, ticket_id::text, concert_id, state, expires_at, opened_at, session_uid
    FROM queue_offers
    WHERE entry_id = ${entryId}
      AND state = 'offered'
    FOR UPDATE`;
  return row;
}

export async function markOfferOpened(
  sql: Queryable,
  offerId: string,
  sessionUid: string,
  at: Date,
): Promise<void> {
  await sql`UPDATE queue_offers SET opened_at = ${at}, session_uid = ${sessionUid} WHERE id = ${offerId}`;
}

/** The live offer the session opened, with the e-mail it was made to (the key). */
export async function offerOpenedBySession(
  sql: Queryable,
  sessionUid: string,
): Promise<{ offerId: string; emailKey: string } | undefined> {
  const [row] = await sql<{ offerId: string; emailKey: string }[]>`
    SELECT o.id::text AS offer_id, e.email_key
    FROM queue_offers o
    JOIN queue_entries e ON e.id = o.entry_id
    WHERE o.session_uid = ${sessionUid}
      AND o.state = 'offered'`;
  return row;
}

/**
 * Locks the live offer the session opened, if any (the signing transaction takes it before the
 * ticket row, as opening, declining and the sweep do: one lock order, no deadlock).
 */
export async function lockOfferOfSession(sql: Queryable, sessionUid: string): Promise<void> {
  await sql`SELECT id FROM queue_offers WHERE session_uid = ${sessionUid} AND state = 'offered' FOR UPDATE`;
}

/**
 * The session confirmed its ticket: if that was the ticket of the offer it opened, the offer is
 * accepted (run in the signing transaction). True if an offer was accepted.
 */
export async function acceptOfferOfSession(sql: Queryable, sessionUid: string, at: Date): Promise<boolean> {
  const [row] = await sql<{ entryId: string }[]>`
    UPDATE queue_offers o
    SET state = 'accepted', decided_at = ${at}
    FROM tickets t
    WHERE o.session_uid = ${sessionUid}
      AND o.state = 'offered'
      AND t.id = o.ticket_id
      AND t.confirmed_at IS NOT NULL
    RETURNING o.entry_id::text`;
  if (!row) return false;
  await setEntryState(sql, row.entryId, 'accepted', at);
  return true;
}
