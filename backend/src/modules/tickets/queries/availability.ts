/**
 * What a ticket row counts as: taken, promised, reserved, free. The claim rule ("a free ticket")
 * is defined here once; holds, confirmation and offer tickets all claim through it.
 */
import type postgres from 'postgres';
import type { Queryable } from '../../../db/connect.js';

export interface TicketRow {
  /** The hold's identifier (what `register` answers as ticketId); null once confirmed. */
  holdId: string | null;
  /** The door code: only a confirmed ticket has one. */
  externalId: string | null;
  holdExpiresAt: Date | null;
  /** The hold's absolute end (hold_expires_at is earlier while nobody is identified). */
  holdUntil: Date | null;
  confirmedAt: Date | null;
  /**
   * The ticket is set aside for this holder until `holdUntil`: BankID identified them (nobody can
   * take it over) or it is a waiting-list offer's. An unidentified hold is only a place: an
   * identified person may take its row (see `bindHoldToPerson`), so it is never called reserved.
   */
  reserved: boolean;
}

/** Whether a row is set aside for its holder: the one definition of "reserved" (TicketRow.reserved). */
export const RESERVED = '(holder_person_hash IS NOT NULL OR offer_id IS NOT NULL)';
/**
 * Whether a row's hold has ended: never confirmed and run out. Its row is free again (see
 * `freeTickets`), and the holder's session and person it still names are let go. The one
 * spelling of the rule; used as `sql.unsafe(HOLD_ENDED)`, like RESERVED.
 */
export const HOLD_ENDED = '(confirmed_at IS NULL AND hold_expires_at <= now())';
/** Whether a row is free to claim: never confirmed, and never held or its hold ended (see `freeTickets`). */
const FREE_ROW = '(confirmed_at IS NULL AND (hold_expires_at IS NULL OR hold_expires_at <= now()))';
export const TICKET_COLUMNS = `hold_id, external_id, hold_expires_at, hold_until, confirmed_at, ${RESERVED} AS reserved`;

/**
 * The ticket rows a claim or a count reads: the current concert's, up to its capacity. Every
 * concert has rows 1..capacity of its own, so last year's tickets never count in this year's sale.
 * With no published concert the scope is empty (concert 0 has no rows).
 */
export interface TicketScope {
  readonly concertId: number;
  readonly capacity: number;
}

/**
 * A whole number written into a statement instead of sent as a parameter: a concert's terms (its
 * id, capacity, budget, hold lengths), which change rarely. The planner then knows them, so the
 * generic plan of a prepared statement is as good as a custom one and PostgreSQL stops planning
 * the statement on every run (register's: 1.7 ms of planning against 1.1 ms of running it).
 */
export function term(sql: Queryable, n: number) {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
  return sql.unsafe(String(n));
}

/** The one spelling of "a row of the scope" (see TicketScope). */
export function inScope(sql: Queryable, scope: TicketScope) {
  return sql`concert_id = ${term(sql, scope.concertId)} AND seq <= ${term(sql, scope.capacity)}`;
}

/** Makes sure the concert's rows 1..capacity exist; run at start and on a save so claims never insert. */
export async function ensureTicketRows(sql: Queryable, scope: TicketScope): Promise<void> {
  if (scope.capacity <= 0) return;
  await sql`
    INSERT INTO tickets (concert_id, seq)
    SELECT ${scope.concertId}, s FROM generate_series(1, ${scope.capacity}::int) AS s
    ON CONFLICT (concert_id, seq) DO NOTHING`;
}

/** What the concert's status is counted from (one statement; see each field). */
export interface TakenCount {
  /**
   * Tickets the public cannot have: confirmed tickets, live holds and offers within capacity, and
   * the free ones the waiting queue needs first (see `publicShare`). The concert is in Queue when
   * this reaches the capacity.
   */
  taken: number;
  /**
   * Tickets promised to someone: confirmed or reserved (an identified person's hold or an offer),
   * and those the waiting queue needs first. The rest is what an identification can still win
   * (a place nobody identified is taken over), so it is the "tickets left" a page shows.
   */
  promised: number;
}

export async function countTakenTickets(sql: Queryable, scope: TicketScope): Promise<TakenCount> {
  const { capacity } = scope;
  const [row] = await sql<TakenCount[]>`
    WITH c AS (
      SELECT count(*) AS held, count(*) FILTER (WHERE confirmed_at IS NOT NULL OR ${sql.unsafe(RESERVED)}) AS promised
      FROM tickets
      WHERE ${inScope(sql, scope)}
        AND (confirmed_at IS NOT NULL OR hold_expires_at > now())
    ), d AS (SELECT ${queueDemand(sql, scope)} AS n)
    SELECT LEAST(${capacity}::int, c.held + d.n)::int AS taken, LEAST(${capacity}::int, c.promised + d.n)::int AS promised
    FROM c, d`;
  return row ?? { taken: 0, promised: 0 };
}

/**
 * "A free ticket", the one definition every claim uses (a visitor's hold, the signed
 * confirmation, an attendee staff add by hand, a waiting-list offer): a row within capacity,
 * not confirmed, and never held or its hold (or offer) expired. The rule lives here only, so
 * that no claim can count capacity differently from another (and sell more tickets than there
 * are). While people wait in the queue, the free rows go to them first: a claim by anyone but
 * the queue itself may take only the `publicShare`.
 *
 * Read as two ranges of the index on (concert_id, hold_expires_at NULLS FIRST, seq): never-held rows, or
 * expired holds longest-expired first, so a claim never walks the live holds. The rows come
 * locked; rows others are claiming are skipped. `limit` is SQL (a constant or a subquery) so
 * that a batch claim composes both ranges into one statement.
 */
export function freeTickets(
  sql: Queryable,
  scope: TicketScope,
  range: 'neverHeld' | 'expired',
  limit: postgres.Fragment,
) {
  return sql`
    SELECT id
    FROM tickets
    WHERE ${inScope(sql, scope)}
      AND ${range === 'neverHeld' ? sql`confirmed_at IS NULL AND hold_expires_at IS NULL` : sql.unsafe(HOLD_ENDED)}
    ORDER BY hold_expires_at NULLS FIRST, seq
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`;
}

/**
 * The waiting queue's demand: confirmed entries waiting for an offer (counted up to the capacity;
 * more could not be served anyway). Zero outside a sold-out sale, so the rush never counts more.
 */
export function queueDemand(sql: Queryable, scope: TicketScope) {
  return sql`(
    SELECT count(*)
    FROM (
      SELECT 1
      FROM queue_entries
      WHERE concert_id = ${term(sql, scope.concertId)}
        AND state = 'waiting'
        AND confirmed_at IS NOT NULL
      LIMIT ${term(sql, scope.capacity)}
    ) AS waiting
  )`;
}

/**
 * How many free tickets a claim other than the queue's may take: the free rows beyond the
 * waiting queue's demand (all of them while nobody waits; the free rows are counted only when
 * someone does). A ticket freed while someone waits is so never held by the public: it stays
 * for the queue's offer, whoever claims first.
 */
export function publicShare(sql: Queryable, scope: TicketScope) {
  return sql`(
    SELECT CASE
      WHEN d.n = 0 THEN ${term(sql, scope.capacity)}::bigint
      ELSE GREATEST(0, ${freeRowsUpTo(sql, scope, term(sql, scope.capacity))} - d.n)
    END
    FROM (SELECT ${queueDemand(sql, scope)} AS n) AS d
  )`;
}

/**
 * Whether tickets remain for a place to wait for (a pending hold): free rows beyond the `taking`
 * the same statement claims and beyond the waiting queue's demand. Equal to "capacity minus the
 * taken rows minus the demand minus `taking` is above zero" (a row of the scope is either taken or
 * free), read as a few entries of the claim index while tickets are plenty (never-held rows come
 * first) instead of a count of every taken row.
 */
export function ticketsRemain(sql: Queryable, scope: TicketScope, taking: postgres.Fragment) {
  return sql`(
    ${freeRowsUpTo(sql, scope, sql`${taking} + ${queueDemand(sql, scope)} + 1`)} > ${taking} + ${queueDemand(sql, scope)}
  )`;
}

/**
 * How many free rows the scope has, counted up to `limit` (SQL): the first entries of the claim
 * index (never-held rows first, then ended holds), never a count of every row.
 */
function freeRowsUpTo(sql: Queryable, scope: TicketScope, limit: postgres.Fragment) {
  return sql`(
    SELECT count(*)
    FROM (
      SELECT 1
      FROM tickets
      WHERE ${inScope(sql, scope)}
        AND ${sql.unsafe(FREE_ROW)}
      ORDER BY hold_expires_at NULLS FIRST, seq
      LIMIT ${limit}
    ) AS f
  )`;
}

/**
 * The id of one free ticket, locked: a never-held row, else the longest-expired hold (COALESCE
 * stops at the first non-null, so the expired range is read only when no row was never held).
 * `claimant` 'public' (anyone but the queue) gets one only from the public share.
 */
export function freeTicketRow(sql: Queryable, scope: TicketScope, claimant: 'public' | 'queue' = 'public') {
  const share = claimant === 'public' ? sql`${publicShare(sql, scope)} > 0` : sql`true`;
  return sql`
    SELECT CASE WHEN ${share} THEN COALESCE(
      (${freeTickets(sql, scope, 'neverHeld', sql`1`)}),
      (${freeTickets(sql, scope, 'expired', sql`1`)})
    ) END AS id`;
}
