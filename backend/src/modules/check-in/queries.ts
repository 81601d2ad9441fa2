import type { Queryable } from '../../db/connect.js';

export interface ScanRow {
  ticketId: string;
  firstName: string | null;
  lastName: string | null;
  scannedAt: Date;
  firstScan: boolean;
}

/**
 * Lets a confirmed ticket in, in one statement: the row is locked first, so of two doors
 * scanning at once one sets scanned_at (firstScan) and the other, after waiting for the lock,
 * reads the committed first scan (a locking read sees the newest row version). Unknown or
 * unconfirmed ticket: undefined.
 */
export async function scanConfirmedTicket(sql: Queryable, externalId: string, staffId: string): Promise<ScanRow | undefined> {
  const [row] = await sql<ScanRow[]>`
    WITH ticket AS (
      SELECT id, scanned_at, attendee_first_name, attendee_last_name
      FROM tickets
      WHERE external_id = ${externalId}
        AND confirmed_at IS NOT NULL
      FOR UPDATE
    ),
    scan AS (
      UPDATE tickets AS t
      SET scanned_at = now(),
          scanned_by = ${staffId}
      FROM ticket
      WHERE t.id = ticket.id
        AND ticket.scanned_at IS NULL
      RETURNING t.id, t.scanned_at
    )
    SELECT ticket.id::text AS ticket_id,
           ticket.attendee_first_name AS first_name,
           ticket.attendee_last_name AS last_name,
           COALESCE(scan.scanned_at, ticket.scanned_at) AS scanned_at,
           scan.id IS NOT NULL AS first_scan
    FROM ticket
    LEFT JOIN scan ON scan.id = ticket.id`;
  return row;
}
