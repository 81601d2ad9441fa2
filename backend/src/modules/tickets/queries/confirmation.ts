/** A ticket confirmed: by a signature, or by staff adding an attendee; and whose it is then. */
import type postgres from 'postgres';
import type { Queryable } from '../../../db/connect.js';
import type { MintedDoorCode } from '../door-codes.js';
import { freeTicketRow, inScope, publicShare, type TicketScope } from './availability.js';

/**
 * Claims a free ticket (as a visitor's hold would, so it counts against the capacity) and
 * confirms it at once for an attendee staff added by hand. None free: undefined.
 */
export async function confirmFreeTicketForManualAttendee(
  sql: Queryable,
  scope: TicketScope,
  attendee: { firstName: string; lastName: string; email: string },
  staffId: string,
  doorCode: MintedDoorCode,
): Promise<{ id: string; externalId: string } | undefined> {
  const [row] = await sql<{ id: string }[]>`
    UPDATE tickets
    SET confirmed_at = now(),
        ${confirmedColumns(sql, doorCode)},
        manually_added = true,
        attendee_first_name = ${attendee.firstName},
        attendee_last_name = ${attendee.lastName},
        attendee_email = ${attendee.email},
        added_by = ${staffId}
    WHERE id = (${freeTicketRow(sql, scope)})
    RETURNING id::text`;
  return row && { id: row.id, externalId: doorCode.code };
}

/**
 * What confirming sets besides who holds it: the hold ends, and the door code minted now (128
 * random bits nobody saw during the hold) is stored as its keyed hash and sealed copy only.
 */
function confirmedColumns(sql: Queryable, doorCode: MintedDoorCode) {
  return sql`
    door_code_hash = ${doorCode.hash},
    door_code_sealed = ${doorCode.sealed},
    offer_id = NULL,
    holder_uid = NULL,
    hold_id = NULL,
    holder_person_hash = NULL,
    hold_expires_at = NULL,
    hold_until = NULL`;
}

export interface Attendee {
  personId: string | null;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Confirms the ticket the session holds (run inside the signing transaction). The own hold,
 * live or expired but not taken by anyone else, is confirmed; if another visitor took it
 * meanwhile, any free ticket is; if none is free, undefined (ticketExpired).
 */
export async function confirmTicketForSession(
  sql: Queryable,
  uid: string,
  ticketId: string,
  scope: TicketScope,
  attendee: Attendee,
  doorCode: MintedDoorCode,
): Promise<{ externalId: string } | undefined> {
  const confirm = async (which: postgres.Fragment) =>
    (
      await sql<{ id: string }[]>`
    UPDATE tickets
    SET confirmed_at = now(),
        ${confirmedColumns(sql, doorCode)},
        person_id = ${attendee.personId},
        attendee_first_name = ${attendee.firstName},
        attendee_last_name = ${attendee.lastName},
        attendee_email = ${attendee.email}
    WHERE ${which}
    RETURNING id::text`
    ).map(() => ({ externalId: doorCode.code }));
  // The session's own hold, confirmed in one statement (it locks the row and checks it again).
  const [own] = await confirm(sql`
    hold_id = ${ticketId}
    AND holder_uid = ${uid}
    AND confirmed_at IS NULL
    AND ${inScope(sql, scope)}
    AND (hold_expires_at > now() OR ${publicShare(sql, scope)} > 0)`);
  if (own) return own;
  const rowId = ((await freeTicketRow(sql, scope)) as unknown as { id: string | null }[])[0]?.id;
  if (!rowId) return undefined;
  // The session's old row (taken over by someone else) no longer names this session.
  await sql`UPDATE tickets SET holder_uid = NULL, hold_id = NULL, holder_person_hash = NULL WHERE holder_uid = ${uid} AND confirmed_at IS NULL`;
  await sql`DELETE FROM pending_holds WHERE session_uid = ${uid}`;
  const [row] = await confirm(sql`id = ${rowId}`);
  return row;
}

export async function personHasTicket(
  sql: Queryable,
  personalNumberHash: string,
  concertId: number,
): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM tickets t
    JOIN persons p ON p.id = t.person_id
    WHERE p.personal_number_hash = ${personalNumberHash}
      AND t.concert_id = ${concertId}
      AND t.confirmed_at IS NOT NULL`;
  return !!row;
}

/** Whose a confirmed ticket is, by its door code's keyed hash (the attendee's ticket page); undefined for anything else. */
export async function confirmedTicketHolder(
  sql: Queryable,
  doorCodeHash: string,
): Promise<{ firstName: string; lastName: string; concertId: number } | undefined> {
  const [row] = await sql<{ firstName: string | null; lastName: string | null; concertId: number }[]>`
    SELECT attendee_first_name AS first_name, attendee_last_name AS last_name, concert_id
    FROM tickets
    WHERE door_code_hash = ${doorCodeHash}
      AND confirmed_at IS NOT NULL`;
  return row && { firstName: row.firstName ?? '', lastName: row.lastName ?? '', concertId: row.concertId };
}

/** The e-mail on a confirmed ticket, by its door code's keyed hash; undefined for anything else. */
export async function confirmedTicketEmail(
  sql: Queryable,
  doorCodeHash: string,
): Promise<string | undefined> {
  const [row] = await sql<{ attendeeEmail: string | null }[]>`
    SELECT attendee_email
    FROM tickets
    WHERE door_code_hash = ${doorCodeHash}
      AND confirmed_at IS NOT NULL`;
  return row?.attendeeEmail ?? undefined;
}
