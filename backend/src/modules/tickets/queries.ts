import type postgres from 'postgres';
import type { Queryable } from '../../db/connect.js';

export interface TicketRow {
  externalId: string;
  holdExpiresAt: Date | null;
  confirmedAt: Date | null;
}

/** Makes sure rows 1..capacity exist; run at start so claims never insert. */
export async function ensureTicketRows(sql: Queryable, capacity: number): Promise<void> {
  await sql`
    INSERT INTO tickets (seq)
    SELECT s FROM generate_series(1, ${capacity}::int) AS s
    ON CONFLICT (seq) DO NOTHING`;
}

/** Confirmed tickets plus live holds within capacity. */
export async function countTakenTickets(sql: Queryable, capacity: number): Promise<number> {
  const [row] = await sql<{ taken: number }[]>`
    SELECT count(*)::int AS taken
    FROM tickets
    WHERE seq <= ${capacity}
      AND (confirmed_at IS NOT NULL OR hold_expires_at > now())`;
  return row?.taken ?? 0;
}

export async function ticketHeldBy(sql: Queryable, uid: string): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    SELECT external_id, hold_expires_at, confirmed_at
    FROM tickets
    WHERE holder_uid = ${uid}`;
  return row;
}

/** Extends the caller's own expired hold if no one has claimed the row meanwhile. */
export async function renewOwnHold(sql: Queryable, uid: string, holdMs: number, capacity: number): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    UPDATE tickets
    SET hold_expires_at = now() + ${holdMs} * interval '1 millisecond'
    WHERE holder_uid = ${uid}
      AND confirmed_at IS NULL
      AND seq <= ${capacity}
    RETURNING external_id, hold_expires_at, confirmed_at`;
  return row;
}

export interface OwnOrClaimed {
  own?: TicketRow;
  claimed?: TicketRow;
}

/**
 * One round trip for the usual register of many sessions at once (see tickets/service.ts:
 * concurrent registers are batched): each session's own ticket if it has one, else a free one
 * claimed for it. Answers in the order of `uids`; a uid given twice, or claimed concurrently
 * by another statement, fails the statement with a unique violation (the caller retries alone).
 * Claiming N rows in one statement and one commit cost the database a fraction of N single
 * claims (measured directly: 3 000–3 900 single claims/s vs 14 000–26 000/s in batches of 8–64).
 */
export async function ownOrClaimedTickets(sql: Queryable, uids: readonly string[], holdMs: number, capacity: number): Promise<OwnOrClaimed[]> {
  const rows = await sql<(TicketRow & { uid: string; claimed: boolean })[]>`
    WITH req AS (
      -- JSON, not a text[] parameter: the embedded database's driver runs without array types.
      -- Made an array before unnest: the planner then expects a few rows and looks each uid up
      -- in the holder index (from the JSON function it expects 100 and scans the whole table).
      SELECT uid, ord FROM unnest(ARRAY(SELECT jsonb_array_elements_text(${sql.json(uids as string[])}))) WITH ORDINALITY AS r(uid, ord)
    ), own AS (
      SELECT t.holder_uid AS uid, t.external_id, t.hold_expires_at, t.confirmed_at
      FROM tickets t
      JOIN req ON t.holder_uid = req.uid
    ), need AS (
      SELECT uid, row_number() OVER (ORDER BY ord) AS n
      FROM req
      WHERE NOT EXISTS (SELECT 1 FROM own WHERE own.uid = req.uid)
    ), never_held AS (
      ${freeTickets(sql, capacity, 'neverHeld', sql`(SELECT count(*) FROM need)`)}
    ), expired AS (
      -- Read only for what the never-held rows did not cover (LIMIT 0 reads nothing).
      ${freeTickets(sql, capacity, 'expired', sql`(SELECT count(*) FROM need) - (SELECT count(*) FROM never_held)`)}
    ), free AS (
      SELECT id, row_number() OVER () AS n
      FROM (SELECT id FROM never_held UNION ALL SELECT id FROM expired) f
    ), claimed AS (
      UPDATE tickets t
      SET holder_uid = need.uid,
          hold_expires_at = now() + ${holdMs} * interval '1 millisecond'
      FROM free
      JOIN need USING (n)
      WHERE t.id = free.id
      RETURNING need.uid, t.external_id, t.hold_expires_at, t.confirmed_at
    )
    SELECT uid, external_id, hold_expires_at, confirmed_at, false AS claimed FROM own
    UNION ALL
    SELECT uid, external_id, hold_expires_at, confirmed_at, true AS claimed FROM claimed`;
  const byUid = new Map<string, OwnOrClaimed>();
  for (const { uid, claimed, externalId, holdExpiresAt, confirmedAt } of rows) {
    byUid.set(uid, { ...byUid.get(uid), [claimed ? 'claimed' : 'own']: { externalId, holdExpiresAt, confirmedAt } });
  }
  return uids.map((uid) => byUid.get(uid) ?? {});
}

/** Claims one free ticket row for uid; none left within capacity → undefined. */
export async function claimFreeTicket(sql: Queryable, uid: string, holdMs: number, capacity: number): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    UPDATE tickets
    SET holder_uid = ${uid},
        hold_expires_at = now() + ${holdMs} * interval '1 millisecond'
    WHERE id = (${freeTicketRow(sql, capacity)})
    RETURNING external_id, hold_expires_at, confirmed_at`;
  return row;
}

/**
 * "A free ticket", the one definition every claim uses (a visitor's hold, the signed
 * confirmation, an attendee staff add by hand): a row within capacity, not confirmed, and
 * never held or its hold expired. The rule lives here only, so that no claim can count
 * capacity differently from another (and sell more tickets than there are).
 *
 * Read as two ranges of the index on (hold_expires_at NULLS FIRST, seq): never-held rows, or
 * expired holds longest-expired first, so a claim never walks the live holds. The rows come
 * locked; rows others are claiming are skipped. `limit` is SQL (a constant or a subquery) so
 * that a batch claim composes both ranges into one statement.
 */
function freeTickets(sql: Queryable, capacity: number, range: 'neverHeld' | 'expired', limit: postgres.Fragment) {
  return sql`
    SELECT id
    FROM tickets
    WHERE seq <= ${capacity}
      AND confirmed_at IS NULL
      AND ${range === 'neverHeld' ? sql`hold_expires_at IS NULL` : sql`hold_expires_at <= now()`}
    ORDER BY hold_expires_at NULLS FIRST, seq
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`;
}

/**
 * The id of one free ticket, locked: a never-held row, else the longest-expired hold (COALESCE
 * stops at the first non-null, so the expired range is read only when no row was never held).
 */
function freeTicketRow(sql: Queryable, capacity: number) {
  return sql`
    SELECT COALESCE(
      (${freeTickets(sql, capacity, 'neverHeld', sql`1`)}),
      (${freeTickets(sql, capacity, 'expired', sql`1`)})
    ) AS id`;
}

/**
 * Claims a free ticket (as a visitor's hold would, so it counts against the capacity) and
 * confirms it at once for an attendee staff added by hand. None free: undefined.
 */
export async function confirmFreeTicketForManualAttendee(
  sql: Queryable,
  capacity: number,
  attendee: { firstName: string; lastName: string; email: string },
  staffId: string,
): Promise<{ id: string; externalId: string } | undefined> {
  const [row] = await sql<{ id: string; externalId: string }[]>`
    UPDATE tickets
    SET confirmed_at = now(),
        holder_uid = NULL,
        hold_expires_at = NULL,
        manually_added = true,
        attendee_first_name = ${attendee.firstName},
        attendee_last_name = ${attendee.lastName},
        attendee_email = ${attendee.email},
        added_by = ${staffId}
    WHERE id = (${freeTicketRow(sql, capacity)})
    RETURNING id::text, external_id`;
  return row;
}

export async function releaseHold(sql: Queryable, uid: string): Promise<boolean> {
  const rows = await sql`
    UPDATE tickets
    SET holder_uid = NULL,
        hold_expires_at = NULL
    WHERE holder_uid = ${uid}
      AND confirmed_at IS NULL
    RETURNING id`;
  return rows.length > 0;
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
  capacity: number,
  attendee: Attendee,
): Promise<{ externalId: string } | undefined> {
  const [own] = await sql<{ id: string; externalId: string }[]>`
    SELECT id, external_id
    FROM tickets
    WHERE external_id = ${ticketId}
      AND holder_uid = ${uid}
      AND confirmed_at IS NULL
      AND seq <= ${capacity}
    FOR UPDATE`;
  const rowId = own?.id ?? ((await freeTicketRow(sql, capacity)) as unknown as { id: string | null }[])[0]?.id;
  if (!rowId) return undefined;
  if (!own) {
    // The session's old row (taken over by someone else) no longer names this session.
    await sql`UPDATE tickets SET holder_uid = NULL WHERE holder_uid = ${uid} AND confirmed_at IS NULL`;
  }
  const [row] = await sql<{ externalId: string }[]>`
    UPDATE tickets
    SET confirmed_at = now(),
        holder_uid = NULL,
        hold_expires_at = NULL,
        person_id = ${attendee.personId},
        attendee_first_name = ${attendee.firstName},
        attendee_last_name = ${attendee.lastName},
        attendee_email = ${attendee.email}
    WHERE id = ${rowId}
    RETURNING external_id`;
  return row;
}

export async function personHasTicket(sql: Queryable, personalNumberHash: string): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM tickets t
    JOIN persons p ON p.id = t.person_id
    WHERE p.personal_number_hash = ${personalNumberHash}
      AND t.confirmed_at IS NOT NULL`;
  return !!row;
}
