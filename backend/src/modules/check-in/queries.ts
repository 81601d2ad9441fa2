import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/connect.js';

/** A confirmed ticket as the door sees it, locked for the check-in that reads it. */
export interface DoorTicket {
  ticketId: string;
  firstName: string | null;
  lastName: string | null;
  scannedAt: Date | null;
  scannedDevice: string | null;
  /** The label of scannedDevice. */
  deviceLabel: string | null;
}

/** Which ticket: its door code's keyed hash (the code scanned or typed) or its id (from the door's list). */
export type TicketRef = { codeHash: string } | { ticketId: string };

/**
 * Locks a confirmed ticket of the concert (FOR UPDATE: of many doors checking one ticket in at
 * once, each waits for the one before and then reads its committed check-in). Unknown,
 * unconfirmed or another concert's (last year's code opens nothing): undefined.
 */
export async function lockConfirmedTicket(
  sql: Queryable,
  ref: TicketRef,
  concertId: number,
): Promise<DoorTicket | undefined> {
  const where =
    'codeHash' in ref ? sql`t.door_code_hash = ${ref.codeHash}` : sql`t.id = ${ref.ticketId}::bigint`;
  const [row] = await sql<DoorTicket[]>`
    SELECT t.id::text AS ticket_id,
           t.attendee_first_name AS first_name,
           t.attendee_last_name AS last_name,
           t.scanned_at,
           t.scanned_device,
           (SELECT d.label FROM door_devices d WHERE d.id = t.scanned_device) AS device_label
    FROM tickets t
    WHERE ${where}
      AND t.concert_id = ${concertId}
      AND t.confirmed_at IS NOT NULL
    FOR UPDATE OF t`;
  return row;
}

/**
 * Lets a locked ticket in: sets its check-in and appends the event. `at` is now for a check-in
 * made online, the device's time for one made offline.
 */
export async function letIn(
  sql: Queryable,
  entry: {
    ticketId: string;
    staffId: string;
    deviceId: string | null;
    at: Date | null;
    clientCheckInId?: string;
  },
): Promise<Date> {
  const [row] = await sql<{ scannedAt: Date }[]>`
    WITH ticket AS (
      UPDATE tickets
      SET scanned_at = COALESCE(${entry.at}::timestamptz, now()),
          scanned_by = ${entry.staffId},
          scanned_device = ${entry.deviceId}
      WHERE id = ${entry.ticketId}::bigint
      RETURNING id, scanned_at
    )
    INSERT INTO check_in_events (ticket_id, kind, device_id, client_check_in_id, staff_id, at)
    SELECT id, 'in', ${entry.deviceId}, ${entry.clientCheckInId ?? null}, ${entry.staffId}, scanned_at FROM ticket
    RETURNING at AS scanned_at`;
  return row!.scannedAt;
}

/** An offline check-in of a ticket that was already in: kept, with when and where it was let in first. */
export async function recordConflict(
  sql: Queryable,
  entry: {
    ticketId: string;
    staffId: string;
    deviceId: string;
    at: Date;
    clientCheckInId: string;
    firstAt: Date;
    firstDevice: string | null;
  },
): Promise<void> {
  await sql`
    INSERT INTO check_in_events (ticket_id, kind, device_id, client_check_in_id, staff_id, at, first_at, first_device)
    VALUES (${entry.ticketId}::bigint, 'conflict', ${entry.deviceId}, ${entry.clientCheckInId}, ${entry.staffId}, ${entry.at}, ${entry.firstAt}, ${entry.firstDevice})`;
}

/** The check-in event that let a ticket in as it stands now (its newest 'in'), if any. */
export async function currentCheckIn(
  sql: Queryable,
  ticketId: string,
): Promise<{ deviceId: string | null; recordedAt: Date } | undefined> {
  const [row] = await sql<{ deviceId: string | null; recordedAt: Date }[]>`
    SELECT device_id, recorded_at
    FROM check_in_events
    WHERE ticket_id = ${ticketId}::bigint AND kind = 'in'
    ORDER BY id DESC
    LIMIT 1`;
  return row;
}

/** Takes a locked ticket's check-in back and appends the undo event. */
export async function takeBack(
  sql: Queryable,
  entry: { ticketId: string; staffId: string; deviceId: string },
): Promise<void> {
  await sql`
    UPDATE tickets
    SET scanned_at = NULL, scanned_by = NULL, scanned_device = NULL
    WHERE id = ${entry.ticketId}::bigint`;
  await sql`
    INSERT INTO check_in_events (ticket_id, kind, device_id, staff_id, at)
    VALUES (${entry.ticketId}::bigint, 'undo', ${entry.deviceId}, ${entry.staffId}, now())`;
}

/** An offline check-in already synchronised (the same batch sent again): what it became. */
export async function syncedBefore(
  sql: Queryable,
  deviceId: string,
  clientCheckInId: string,
): Promise<
  | {
      ticketId: string;
      kind: 'in' | 'undo' | 'conflict';
      at: Date;
      firstAt: Date | null;
      firstDevice: string | null;
    }
  | undefined
> {
  const [row] = await sql<
    {
      ticketId: string;
      kind: 'in' | 'undo' | 'conflict';
      at: Date;
      firstAt: Date | null;
      firstDevice: string | null;
    }[]
  >`
    SELECT e.ticket_id::text AS ticket_id, e.kind, e.at, e.first_at,
           (SELECT d.label FROM door_devices d WHERE d.id = e.first_device) AS first_device
    FROM check_in_events e
    WHERE e.device_id = ${deviceId} AND e.client_check_in_id = ${clientCheckInId}`;
  return row;
}

export async function ticketNames(
  sql: Queryable,
  ticketId: string,
): Promise<{ firstName: string | null; lastName: string | null } | undefined> {
  const [row] = await sql<{ firstName: string | null; lastName: string | null }[]>`
    SELECT attendee_first_name AS first_name, attendee_last_name AS last_name FROM tickets WHERE id = ${ticketId}::bigint`;
  return row;
}

/**
 * Names a device (or renames it); answers the label before, null for a new device. A device
 * belongs to the staff member who registered it first: another account's rename changes
 * nothing and answers `notOwner`.
 */
export async function upsertDevice(
  sql: Queryable,
  device: { id: string; label: string; staffId: string },
): Promise<{ before: string | null; notOwner?: true }> {
  const [old] = await sql<
    { label: string; registeredBy: string }[]
  >`SELECT label, registered_by FROM door_devices WHERE id = ${device.id} FOR UPDATE`;
  if (old && old.registeredBy !== device.staffId) return { before: old.label, notOwner: true };
  await sql`
    INSERT INTO door_devices (id, label, registered_by)
    VALUES (${device.id}, ${device.label}, ${device.staffId})
    ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label, updated_at = now()`;
  return { before: old?.label ?? null };
}

/** Who registered the device (its owner), or undefined for an unknown device. */
export async function deviceOwner(sql: Queryable, deviceId: string): Promise<string | undefined> {
  const [row] = await sql<
    { registeredBy: string }[]
  >`SELECT registered_by FROM door_devices WHERE id = ${deviceId}`;
  return row?.registeredBy;
}

/** Checked in / confirmed: two counts over the partial index, cheap enough for every door every few seconds. */
export async function doorCounts(
  sql: Queryable,
  concertId: number,
): Promise<{ checkedIn: number; confirmed: number; cursor: number }> {
  const [row] = await sql<{ checkedIn: number; confirmed: number; cursor: number }[]>`
    SELECT count(scanned_at)::int AS checked_in,
           count(*)::int AS confirmed,
           (SELECT COALESCE(max(id), 0) FROM check_in_events)::int AS cursor
    FROM tickets
    WHERE concert_id = ${concertId}
      AND confirmed_at IS NOT NULL`;
  return row!;
}

/** Tickets whose check-in changed after the event `since`, with their state now (at most `limit` events read). */
export async function changesSince(
  sql: Queryable,
  since: number,
  limit: number,
  concertId: number,
): Promise<{
  cursor: number;
  changes: { ticketId: string; scannedAt: Date | null; device: string | null; voided?: boolean }[];
}> {
  // Another concert's events move the cursor too (they are not this door's: left out of the changes).
  const rows = await sql<
    {
      id: number;
      mine: boolean;
      ticketId: string;
      scannedAt: Date | null;
      device: string | null;
      voided: boolean;
    }[]
  >`
    SELECT e.id::int AS id, t.concert_id = ${concertId} AS mine, t.id::text AS ticket_id, t.scanned_at, e.kind = 'void' AS voided,
           (SELECT d.label FROM door_devices d WHERE d.id = t.scanned_device) AS device
    FROM (SELECT id, ticket_id, kind FROM check_in_events WHERE id > ${since} ORDER BY id LIMIT ${limit}) e
    JOIN tickets t ON t.id = e.ticket_id
    ORDER BY e.id`;
  const latest = new Map<
    string,
    { ticketId: string; scannedAt: Date | null; device: string | null; voided?: boolean }
  >();
  for (const r of rows) {
    if (!r.mine) continue;
    // Cancelled or moved (issue 40): the code the devices hold no longer opens the door.
    const voided = r.voided || latest.get(r.ticketId)?.voided;
    latest.set(r.ticketId, {
      ticketId: r.ticketId,
      scannedAt: r.scannedAt,
      device: r.device,
      ...(voided ? { voided } : {}),
    });
  }
  return { cursor: rows.at(-1)?.id ?? since, changes: [...latest.values()] };
}

export interface DoorListEntry {
  ticketId: string;
  doorCodeHash: string | null;
  doorCodeSealed: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  scannedAt: Date | null;
  device: string | null;
}

/** One page of confirmed tickets, by id. */
export async function confirmedTicketsPage(
  sql: Queryable,
  after: string | undefined,
  limit: number,
  concertId: number,
): Promise<DoorListEntry[]> {
  return sql<DoorListEntry[]>`
    SELECT t.id::text AS ticket_id, t.door_code_hash, t.door_code_sealed, t.attendee_email AS email,
           t.attendee_first_name AS first_name, t.attendee_last_name AS last_name, t.scanned_at,
           (SELECT d.label FROM door_devices d WHERE d.id = t.scanned_device) AS device
    FROM tickets t
    WHERE t.concert_id = ${concertId}
      AND t.confirmed_at IS NOT NULL
      AND t.door_code_hash IS NOT NULL
      AND t.id > ${after ?? '0'}::bigint
    ORDER BY t.id
    LIMIT ${limit}`;
}

/** The door's entries of some tickets as they are now (confirmed ones only: a cancelled ticket has none). */
export async function doorEntriesOf(sql: Queryable, ticketIds: string[]): Promise<DoorListEntry[]> {
  if (ticketIds.length === 0) return [];
  return sql<DoorListEntry[]>`
    SELECT t.id::text AS ticket_id, t.door_code_hash, t.door_code_sealed, t.attendee_email AS email,
           t.attendee_first_name AS first_name, t.attendee_last_name AS last_name, t.scanned_at,
           (SELECT d.label FROM door_devices d WHERE d.id = t.scanned_device) AS device
    FROM tickets t
    WHERE t.id = ANY(${ticketIds}::bigint[])
      AND t.confirmed_at IS NOT NULL
      AND t.door_code_hash IS NOT NULL`;
}

/**
 * The concert's door-list salt, made at its first use: a new concert's list hashes with a new
 * salt, so last year's list on a door phone matches no code of this year. With no concert
 * stored under the id (nothing published) a salt of the moment: the list is empty anyway.
 */
export async function doorListSalt(sql: Queryable, concertId: number): Promise<string> {
  await sql`
    INSERT INTO door_list_salt (concert_id, salt)
    SELECT id, replace(gen_random_uuid()::text, '-', '') FROM concerts WHERE id = ${concertId}
    ON CONFLICT (concert_id) DO NOTHING`;
  // A statement of its own: it sees the salt another process made meanwhile.
  const [row] = await sql<
    { salt: string }[]
  >`SELECT salt FROM door_list_salt WHERE concert_id = ${concertId}`;
  return row?.salt ?? randomUUID().replaceAll('-', '');
}
