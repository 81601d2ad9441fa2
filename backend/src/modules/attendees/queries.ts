import type postgres from 'postgres';
import type { AttendeeSort, SortDirection, TicketOrigin } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';

export interface AttendeeRecord {
  ticketId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The door code's keyed hash and sealed copy (the service opens the code). */
  doorCodeHash: string | null;
  doorCodeSealed: string | null;
  origin: TicketOrigin;
  confirmedAt: Date;
  checkedInAt: Date | null;
  cancelledAt: Date | null;
  /** The keyset position: confirmed_at in microseconds since the epoch (exact, unlike a Date). */
  position: string;
}

export interface AttendeeFilter {
  /** The concert whose tickets are listed (the current one). */
  concertId: number;
  search?: string;
  /** The search's keyed hash, as a door code (a whole code finds its ticket). */
  searchCodeHash?: string;
  origin?: TicketOrigin;
  checkedIn?: boolean;
  /** Rows after this keyset position (newest first): [confirmed_at µs, ticket id]. */
  after?: { position: string; ticketId: string };
  /** Another order than newest first: by a column, a page at a time by offset. */
  order?: { sort: AttendeeSort; dir: SortDirection; offset: number };
}

/**
 * The columns the office sorts by (ties by ticket id, the same way, so pages never overlap).
 * The name as the list shows it, first name first, case-insensitive; erased names last.
 */
function orderBy(sql: Queryable, { sort, dir }: { sort: AttendeeSort; dir: SortDirection }) {
  const way = dir === 'asc' ? sql`ASC` : sql`DESC`;
  const key = {
    confirmedAt: sql`a.confirmed_at`,
    name: sql`NULLIF(lower(trim(COALESCE(a.first_name, '') || ' ' || COALESCE(a.last_name, ''))), '')`,
    checkedInAt: sql`a.checked_in_at`,
  }[sort];
  return sql`ORDER BY ${key} ${way} NULLS LAST, a.ticket_id::bigint ${way}`;
}

/**
 * How a confirmed ticket was obtained, the one definition: added by staff; else a new member
 * if its person's mandate began with a signed amount (no old amount); else a raise.
 */
function originOf(sql: Queryable) {
  return sql`
    CASE
      WHEN t.manually_added THEN 'manual'
      WHEN EXISTS (
        SELECT 1
        FROM autogiro_mandates a
        JOIN mandate_amount_history h ON h.mandate_id = a.id
        WHERE a.person_id = t.person_id
          AND h.old_amount IS NULL
          AND h.bankid_transaction_id IS NOT NULL
      ) THEN 'newMember'
      ELSE 'raise'
    END`;
}

/**
 * The list holds confirmed tickets and those the office cancelled (issue 40: shown as cancelled),
 * each at its confirmation time (a cancelled one's as it was).
 */
const CONFIRMED_AT = 'COALESCE(t.confirmed_at, t.cancelled_confirmed_at)';
const LISTED = '(t.confirmed_at IS NOT NULL OR t.cancelled_at IS NOT NULL)';

function attendeeColumns(sql: Queryable) {
  return sql`
    t.id::text AS ticket_id,
    t.attendee_first_name AS first_name,
    t.attendee_last_name AS last_name,
    t.attendee_email AS email,
    t.door_code_hash,
    t.door_code_sealed,
    ${originOf(sql)} AS origin,
    ${sql.unsafe(CONFIRMED_AT)} AS confirmed_at,
    t.scanned_at AS checked_in_at,
    t.cancelled_at,
    (extract(epoch FROM ${sql.unsafe(CONFIRMED_AT)}) * 1000000)::bigint::text AS position`;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of confirmed tickets, newest first, after a keyset position; one more than `limit` tells there is a next page. */
export async function attendeePage(
  sql: Queryable,
  filter: AttendeeFilter,
  limit: number,
): Promise<AttendeeRecord[]> {
  const conditions: postgres.Fragment[] = [
    sql`t.concert_id = ${filter.concertId}`,
    sql`${sql.unsafe(LISTED)}`,
  ];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(sql`(
      (COALESCE(t.attendee_first_name, '') || ' ' || COALESCE(t.attendee_last_name, '')) ILIKE ${pattern}
      OR t.attendee_email ILIKE ${pattern}
      OR t.door_code_hash = ${filter.searchCodeHash ?? null}
    )`);
  }
  if (filter.checkedIn !== undefined)
    conditions.push(filter.checkedIn ? sql`t.scanned_at IS NOT NULL` : sql`t.scanned_at IS NULL`);
  if (filter.after) {
    conditions.push(
      sql`(${sql.unsafe(CONFIRMED_AT)}, t.id) < ('epoch'::timestamptz + ${filter.after.position}::bigint * interval '1 microsecond', ${filter.after.ticketId}::bigint)`,
    );
  }
  const where = conditions.reduce((acc, c) => sql`${acc} AND ${c}`);
  if (filter.order) {
    return sql<AttendeeRecord[]>`
      SELECT *
      FROM (
        SELECT ${attendeeColumns(sql)}
        FROM tickets t
        WHERE ${where}
      ) a
      ${filter.origin ? sql`WHERE a.origin = ${filter.origin}` : sql``}
      ${orderBy(sql, filter.order)}
      LIMIT ${limit + 1}
      OFFSET ${filter.order.offset}`;
  }
  return sql<AttendeeRecord[]>`
    SELECT *
    FROM (
      SELECT ${attendeeColumns(sql)}
      FROM tickets t
      WHERE ${where}
      ORDER BY ${sql.unsafe(CONFIRMED_AT)} DESC, t.id DESC
    ) a
    ${filter.origin ? sql`WHERE a.origin = ${filter.origin}` : sql``}
    LIMIT ${limit + 1}`;
}

export async function attendeeByTicket(
  sql: Queryable,
  ticketId: string,
): Promise<AttendeeRecord | undefined> {
  const [row] = await sql<AttendeeRecord[]>`
    SELECT ${attendeeColumns(sql)}
    FROM tickets t
    WHERE t.id = ${ticketId}
      AND ${sql.unsafe(LISTED)}`;
  return row;
}

export interface TicketEventRow {
  at: Date;
  what: string;
  staff: string | null;
}

/**
 * What happened to a ticket: the audit rows about it (check-in, undo, added by hand …), its
 * ticket e-mail (queued, sent) and, when no audit row tells it, the check-in on the ticket.
 */
export async function ticketEvents(sql: Queryable, ticketId: string): Promise<TicketEventRow[]> {
  return sql<TicketEventRow[]>`
    SELECT at, what, staff
    FROM (
      SELECT a.at, a.action AS what, s.email AS staff
      FROM audit_log a
      LEFT JOIN staff s ON s.id = a.staff_id
      WHERE a.subject = ${ticketId}
      UNION ALL
      SELECT m.created_at, 'mailQueued', NULL
      FROM ticket_mailout_emails m
      WHERE m.ticket_id = ${ticketId}
      UNION ALL
      SELECT o.sent_at, 'mailSent', NULL
      FROM ticket_mailout_emails m
      JOIN email_outbox o ON o.id = m.outbox_id
      WHERE m.ticket_id = ${ticketId}
        AND o.sent_at IS NOT NULL
      UNION ALL
      SELECT t.scanned_at, 'checkedIn', s.email
      FROM tickets t
      LEFT JOIN staff s ON s.id = t.scanned_by
      WHERE t.id = ${ticketId}
        AND t.scanned_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.subject = ${ticketId} AND a.action LIKE 'checkIn.%')
    ) e
    ORDER BY at`;
}
