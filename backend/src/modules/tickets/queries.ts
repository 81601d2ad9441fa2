import type { Sql } from '../../db/connect.js';

export interface TicketRow {
  externalId: string;
  holdExpiresAt: Date | null;
  confirmedAt: Date | null;
}

/** Makes sure rows 1..capacity exist; run at start so claims never insert. */
export async function ensureTicketRows(sql: Sql, capacity: number): Promise<void> {
  await sql`
    INSERT INTO tickets (seq)
    SELECT s FROM generate_series(1, ${capacity}::int) AS s
    ON CONFLICT (seq) DO NOTHING`;
}

/** Confirmed tickets plus live holds within capacity. */
export async function countTakenTickets(sql: Sql, capacity: number): Promise<number> {
  const [row] = await sql<{ taken: number }[]>`
    SELECT count(*)::int AS taken
    FROM tickets
    WHERE seq <= ${capacity}
      AND (confirmed_at IS NOT NULL OR hold_expires_at > now())`;
  return row?.taken ?? 0;
}

export async function ticketHeldBy(sql: Sql, uid: string): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    SELECT external_id, hold_expires_at, confirmed_at
    FROM tickets
    WHERE holder_uid = ${uid}`;
  return row;
}

/** Extends the caller's own expired hold if no one has claimed the row meanwhile. */
export async function renewOwnHold(sql: Sql, uid: string, holdMs: number, capacity: number): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    UPDATE tickets
    SET hold_expires_at = now() + ${holdMs} * interval '1 millisecond'
    WHERE holder_uid = ${uid}
      AND confirmed_at IS NULL
      AND seq <= ${capacity}
    RETURNING external_id, hold_expires_at, confirmed_at`;
  return row;
}

/** Claims one free ticket row for uid; none left within capacity → undefined. */
export async function claimFreeTicket(sql: Sql, uid: string, holdMs: number, capacity: number): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    UPDATE tickets
    SET holder_uid = ${uid},
        hold_expires_at = now() + ${holdMs} * interval '1 millisecond'
    WHERE id = (
      SELECT id
      FROM tickets
      WHERE seq <= ${capacity}
        AND confirmed_at IS NULL
        AND (hold_expires_at IS NULL OR hold_expires_at <= now())
      ORDER BY seq
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING external_id, hold_expires_at, confirmed_at`;
  return row;
}

export async function releaseHold(sql: Sql, uid: string): Promise<boolean> {
  const rows = await sql`
    UPDATE tickets
    SET holder_uid = NULL,
        hold_expires_at = NULL
    WHERE holder_uid = ${uid}
      AND confirmed_at IS NULL
    RETURNING id`;
  return rows.length > 0;
}
