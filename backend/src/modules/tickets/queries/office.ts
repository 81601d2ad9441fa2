/**
 * The office's work on one ticket (issue 40 §1–2), by its id: cancel it (its row leaves the
 * pool and a new row takes its place number), move it to another person (a new code), and the
 * ticket e-mail again. Rows are selected by id only, never by place number or capacity.
 */
import type { Queryable } from '../../../db/connect.js';
import type { MintedDoorCode } from '../door-codes.js';
import { attendeeLang } from '../../mailout/queries.js';

/** A ticket as the office acts on it, locked for the action. */
export interface OfficeTicket {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The language the holder's e-mails are written in. */
  lang: 'sv' | 'en';
  confirmed: boolean;
  cancelled: boolean;
  scannedAt: Date | null;
  doorCodeHash: string | null;
  doorCodeSealed: string | null;
}

/** Locks a ticket by id (FOR UPDATE: two clicks, two offices, one outcome). Unknown: undefined. */
export async function lockOfficeTicket(sql: Queryable, ticketId: string): Promise<OfficeTicket | undefined> {
  const [row] = await sql<OfficeTicket[]>`
    SELECT t.id::text, t.attendee_first_name AS first_name, t.attendee_last_name AS last_name,
           t.attendee_email AS email, ${attendeeLang(sql)} AS lang,
           t.confirmed_at IS NOT NULL AS confirmed, t.cancelled_at IS NOT NULL AS cancelled,
           t.scanned_at, t.door_code_hash, t.door_code_sealed
    FROM tickets t
    WHERE t.id = ${ticketId}::bigint
    FOR UPDATE OF t`;
  return row;
}

/**
 * Cancels a confirmed ticket: it keeps its id, names and confirmation time (the attendee list
 * shows it as cancelled) but leaves the pool of places, is no longer confirmed and has no door
 * code. The place number it had, for a new row that goes back to the sale.
 */
export async function cancelConfirmedTicket(
  sql: Queryable,
  ticketId: string,
  staffId: string,
): Promise<{ seq: number | null } | undefined> {
  const [row] = await sql<{ seq: number | null }[]>`
    UPDATE tickets AS t
    SET cancelled_at = now(),
        cancelled_by = ${staffId},
        cancelled_confirmed_at = t.confirmed_at,
        confirmed_at = NULL,
        door_code_hash = NULL,
        door_code_sealed = NULL,
        seq = NULL
    FROM (SELECT id, seq FROM tickets WHERE id = ${ticketId}::bigint) AS old
    WHERE t.id = old.id
      AND t.confirmed_at IS NOT NULL
    RETURNING old.seq`;
  return row;
}

/** Moves a confirmed ticket to another person: their names and address, and a new door code. */
export async function moveConfirmedTicket(
  sql: Queryable,
  ticketId: string,
  holder: { firstName: string; lastName: string; email: string },
  doorCode: MintedDoorCode,
): Promise<boolean> {
  const rows = await sql`
    UPDATE tickets
    SET attendee_first_name = ${holder.firstName},
        attendee_last_name = ${holder.lastName},
        attendee_email = ${holder.email},
        door_code_hash = ${doorCode.hash},
        door_code_sealed = ${doorCode.sealed}
    WHERE id = ${ticketId}::bigint
      AND confirmed_at IS NOT NULL`;
  return rows.count === 1;
}

/** Who a ticket was moved from and to, for its history (erased with the sale's personal data). */
export async function recordTransfer(
  sql: Queryable,
  entry: {
    ticketId: string;
    staffId: string;
    from: { firstName: string | null; lastName: string | null };
    to: { firstName: string; lastName: string };
  },
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO ticket_transfers (ticket_id, staff_id, from_first_name, from_last_name, to_first_name, to_last_name)
    VALUES (${entry.ticketId}::bigint, ${entry.staffId}, ${entry.from.firstName}, ${entry.from.lastName},
            ${entry.to.firstName}, ${entry.to.lastName})
    RETURNING id::text`;
  return row!.id;
}

/** The ticket's moves, oldest first, with both names (null once erased). */
export async function transfersOf(
  sql: Queryable,
  ticketId: string,
): Promise<{ at: Date; from: string | null; to: string | null; staff: string | null }[]> {
  return sql<{ at: Date; from: string | null; to: string | null; staff: string | null }[]>`
    SELECT x.at,
           NULLIF(trim(COALESCE(x.from_first_name, '') || ' ' || COALESCE(x.from_last_name, '')), '') AS from,
           NULLIF(trim(COALESCE(x.to_first_name, '') || ' ' || COALESCE(x.to_last_name, '')), '') AS to,
           s.email AS staff
    FROM ticket_transfers x
    LEFT JOIN staff s ON s.id = x.staff_id
    WHERE x.ticket_id = ${ticketId}::bigint
    ORDER BY x.at, x.id`;
}

/**
 * Tells the door's devices, at their next poll, that the code they hold for this ticket no
 * longer opens the door (doorStatus reads the event stream: check-in/queries.ts changesSince).
 */
export async function voidAtTheDoor(sql: Queryable, ticketId: string, staffId: string): Promise<void> {
  await sql`
    INSERT INTO check_in_events (ticket_id, kind, staff_id, at)
    VALUES (${ticketId}::bigint, 'void', ${staffId}, now())`;
}

/**
 * The ticket's e-mail now in the mail-out's record (one per ticket): a new one (moved, sent
 * again) takes the place of the one before, so the mail-out never sends the ticket twice.
 */
export async function recordTicketEmail(sql: Queryable, ticketId: string, outboxId: string): Promise<void> {
  await sql`
    INSERT INTO ticket_mailout_emails (ticket_id, outbox_id)
    VALUES (${ticketId}::bigint, ${outboxId})
    ON CONFLICT (ticket_id) DO UPDATE SET outbox_id = EXCLUDED.outbox_id, created_at = now()`;
}

/** Whether the ticket's e-mail is in the outbox and not yet sent (a second click finds it so). */
export async function ticketEmailWaiting(sql: Queryable, ticketId: string): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM ticket_mailout_emails m
    JOIN email_outbox o ON o.id = m.outbox_id
    WHERE m.ticket_id = ${ticketId}::bigint
      AND o.status IN ('pending', 'sending')`;
  return !!row;
}
