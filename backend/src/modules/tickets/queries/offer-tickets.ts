/** The ticket a waiting-list offer holds for the offered person, from reservation to its end. */
import type { Queryable } from '../../../db/connect.js';
import { TICKET_COLUMNS, freeTicketRow, type TicketRow, type TicketScope } from './availability.js';

/**
 * Reserves one free ticket for a waiting-list offer (run by the queue, in queue order): the row
 * names the offer and counts as taken until `until`; whoever held it before (an expired hold)
 * no longer does. The row's id, or undefined when none is free.
 */
export async function reserveFreeTicketForOffer(
  sql: Queryable,
  scope: TicketScope,
): Promise<{ id: string } | undefined> {
  const [row] = await sql<{ id: string | null }[]>`${freeTicketRow(sql, scope, 'queue')}`;
  return row?.id ? { id: String(row.id) } : undefined;
}

/**
 * Marks a reserved row as the offer's ticket until `until` (a new offer of a row the queue
 * reserved, or a row passed on from an offer that ended). Whoever held it before no longer does.
 */
export async function holdTicketForOffer(
  sql: Queryable,
  ticketId: string,
  offerId: string,
  until: Date,
): Promise<void> {
  await sql`
    UPDATE tickets
    SET offer_id = ${offerId},
        holder_uid = NULL,
        hold_id = NULL,
        holder_person_hash = NULL,
        hold_extensions = 0,
        hold_until = ${until},
        hold_expires_at = ${until}
    WHERE id = ${ticketId}
      AND confirmed_at IS NULL`;
}

/**
 * The offered person opened their link: the offer's ticket is held for their session for a full
 * hold from now (not cut short until BankID, the link is personal). Undefined if the row is no
 * longer the offer's.
 */
export async function holdOfferTicketForSession(
  sql: Queryable,
  ticketId: string,
  offerId: string,
  uid: string,
  holdMs: number,
): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    UPDATE tickets
    SET holder_uid = ${uid},
        hold_id = replace(gen_random_uuid()::text, '-', ''),
        holder_person_hash = NULL,
        hold_extensions = 0,
        hold_until = now() + ${holdMs} * interval '1 millisecond',
        hold_expires_at = now() + ${holdMs} * interval '1 millisecond'
    WHERE id = ${ticketId}
      AND offer_id = ${offerId}
      AND confirmed_at IS NULL
    RETURNING ${sql.unsafe(TICKET_COLUMNS)}`;
  return row;
}

/** The hold an opened offer gave this session, while it runs; undefined once it ended or was signed. */
export async function offerHoldOfSession(
  sql: Queryable,
  ticketId: string,
  offerId: string,
  uid: string,
): Promise<{ holdId: string; holdUntil: Date } | undefined> {
  const [row] = await sql<{ holdId: string; holdUntil: Date }[]>`
    SELECT hold_id, hold_until FROM tickets
    WHERE id = ${ticketId}
      AND offer_id = ${offerId}
      AND holder_uid = ${uid}
      AND hold_expires_at > now()
      AND confirmed_at IS NULL`;
  return row;
}

/** The offer's ticket as its row stands (locked until the transaction ends): confirmed, still held for it (and until when), or gone. */
export async function offerTicketState(
  sql: Queryable,
  ticketId: string,
  offerId: string,
): Promise<{ confirmed: boolean; reserved: boolean; holdExpiresAt: Date | null; holderUid: string | null }> {
  const [row] = await sql<
    { confirmed: boolean; reserved: boolean; holdExpiresAt: Date | null; holderUid: string | null }[]
  >`
    SELECT confirmed_at IS NOT NULL AS confirmed, offer_id IS NOT DISTINCT FROM ${offerId}::bigint AS reserved, hold_expires_at, holder_uid
    FROM tickets
    WHERE id = ${ticketId}
    FOR UPDATE`;
  return row ?? { confirmed: false, reserved: false, holdExpiresAt: null, holderUid: null };
}

/** An offer ended and nobody waits: its ticket is free again (for anyone, whatever the clock). */
export async function releaseOfferTicket(sql: Queryable, ticketId: string, offerId: string): Promise<void> {
  await sql`
    UPDATE tickets
    SET offer_id = NULL,
        holder_uid = NULL,
        hold_id = NULL,
        holder_person_hash = NULL,
        hold_extensions = 0,
        hold_until = NULL,
        hold_expires_at = NULL
    WHERE id = ${ticketId}
      AND offer_id = ${offerId}
      AND confirmed_at IS NULL`;
}
