/** A visitor's hold: registering, more time, kept for a sign, and its end. */
import type postgres from 'postgres';
import type { Queryable, Sql } from '../../../db/connect.js';
import {
  HOLD_ENDED,
  RESERVED,
  TICKET_COLUMNS,
  freeTickets,
  publicShare,
  term,
  ticketsRemain,
  type TicketRow,
  type TicketScope,
} from './availability.js';

/** A hold waiting for a ticket until BankID identifies its holder. */
export interface PendingHold {
  holdId: string;
  holdUntil: Date;
}

export async function ticketHeldBy(sql: Queryable, uid: string): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    SELECT ${sql.unsafe(TICKET_COLUMNS)}
    FROM tickets
    WHERE holder_uid = ${uid}`;
  return row;
}

export async function pendingHoldOf(sql: Queryable, uid: string): Promise<PendingHold | undefined> {
  const [row] = await sql<PendingHold[]>`
    SELECT hold_id, hold_until
    FROM pending_holds
    WHERE session_uid = ${uid}
      AND hold_until > now()`;
  return row;
}

export interface Registered {
  own?: TicketRow;
  pending?: PendingHold;
  claimed?: TicketRow;
}

/** What `placeMany` answers a session: as `registerMany` does, or that a claim under the budget's lock may give it a ticket. */
export type Placed = Registered & { claim?: true };

export interface HoldTerms {
  /** The current concert's ticket rows. */
  scope: TicketScope;
  /** A hold's absolute lifetime. */
  holdMs: number;
  /** How long a hold lasts until BankID identifies its holder. */
  unidentifiedMs: number;
  /** How many live holds may be unidentified at once, all sessions together. */
  unidentifiedBudget: number;
}

type RegisterRow = TicketRow & { uid: string; kind: 'own' | 'claimed' | 'pending' | 'claim' };

/**
 * The start of a register statement for many sessions (both ways below): the sessions asked for
 * (`req`), each one's own hold (`own`: live or confirmed) or live pending hold (`pend`), those that
 * have neither (`need`, numbered), and how many of them may claim a ticket now (`room`): no more
 * than the budget of unidentified holds leaves, nor the public's share of the free tickets.
 */
function registerRequest(tx: Queryable, uids: readonly string[], terms: HoldTerms) {
  return tx`
    req AS (
      -- JSON, not a text[] parameter: the embedded database's driver runs without array types.
      -- Made an array before unnest: the planner then expects a few rows and looks each uid up
      -- in the holder index (from the JSON function it expects 100 and scans the whole table).
      SELECT uid, ord FROM unnest(ARRAY(SELECT jsonb_array_elements_text(${tx.json(uids as string[])}))) WITH ORDINALITY AS r(uid, ord)
    ), own AS (
      -- Looked up one session at a time (LATERAL … LIMIT 1 is never turned into a join), so each is
      -- an index probe whatever the planner thinks of the tables' sizes: a rush fills
      -- pending_holds faster than its statistics follow, and a hash join read all of it.
      SELECT req.uid, t.hold_id, t.external_id, t.hold_expires_at, t.hold_until, t.confirmed_at, t.reserved
      FROM req
      CROSS JOIN LATERAL (
        SELECT hold_id, external_id, hold_expires_at, hold_until, confirmed_at, ${tx.unsafe(RESERVED)} AS reserved
        FROM tickets
        WHERE holder_uid = req.uid
          AND ${tx.unsafe(HOLD_ENDED)} IS NOT TRUE
        LIMIT 1
      ) t
    ), pend AS (
      SELECT req.uid, p.hold_id, p.hold_until
      FROM req
      CROSS JOIN LATERAL (
        SELECT hold_id, hold_until
        FROM pending_holds
        WHERE session_uid = req.uid
          AND hold_until > now()
        LIMIT 1
      ) p
    ), need AS (
      SELECT uid, row_number() OVER (ORDER BY ord) AS n
      FROM req
      WHERE NOT EXISTS (SELECT 1 FROM own WHERE own.uid = req.uid)
        AND NOT EXISTS (SELECT 1 FROM pend WHERE pend.uid = req.uid)
    ), room AS (
      SELECT LEAST(
        (SELECT count(*) FROM need),
        GREATEST(0, ${term(tx, terms.unidentifiedBudget)} - (
          SELECT count(*)
          FROM tickets
          WHERE concert_id = ${term(tx, terms.scope.concertId)}
            AND confirmed_at IS NULL
            AND holder_uid IS NOT NULL
            AND holder_person_hash IS NULL
            AND offer_id IS NULL
            AND hold_expires_at > now()
        )),
        ${publicShare(tx, terms.scope)}
      ) AS n
    )`;
}

/**
 * A pending hold for each of `rows` (uids), as one INSERT. A live pending hold of the session
 * stays as it is (same id and end): a second register racing the first one, in another statement
 * or process, answers the place the first made, never a new one; one that ran out is replaced.
 */
function pendingHoldsFor(tx: Queryable, rows: postgres.Fragment, holdMs: number) {
  const live = tx`pending_holds.hold_until > now()`;
  return tx`
    INSERT INTO pending_holds (session_uid, hold_id, hold_until)
    SELECT uid, replace(gen_random_uuid()::text, '-', ''), now() + ${term(tx, holdMs)} * interval '1 millisecond'
    FROM ${rows}
    ON CONFLICT (session_uid) DO UPDATE
    SET hold_id = CASE WHEN ${live} THEN pending_holds.hold_id ELSE EXCLUDED.hold_id END,
        hold_until = CASE WHEN ${live} THEN pending_holds.hold_until ELSE EXCLUDED.hold_until END,
        extensions = CASE WHEN ${live} THEN pending_holds.extensions ELSE 0 END
    RETURNING session_uid AS uid, hold_id, hold_until`;
}

/**
 * The CTEs `waiting` (the sessions of `need` for which `when` holds and tickets remain beyond
 * `taking`, which the same statement claims, and beyond those the waiting queue needs first: each
 * may wait for one) and `pended` (their pending holds, a live one kept).
 */
function waitingPlaces(
  sql: Queryable,
  when: postgres.Fragment,
  taking: postgres.Fragment,
  terms: HoldTerms,
): postgres.Fragment {
  return sql`waiting AS (
      SELECT uid FROM need
      WHERE ${when}
        AND ${ticketsRemain(sql, terms.scope, taking)}
    ), pended AS (
      ${pendingHoldsFor(sql, sql`waiting`, terms.holdMs)}
    )`;
}

/** The rows every register statement answers with: each session's own hold, its pending hold, a new pending hold. */
function answerRows(sql: Queryable): postgres.Fragment {
  return sql`
    SELECT uid, hold_id, external_id, hold_expires_at, hold_until, confirmed_at, reserved, 'own' AS kind FROM own
    UNION ALL
    SELECT uid, hold_id, NULL, NULL, hold_until, NULL, false, 'pending' AS kind FROM pend
    UNION ALL
    SELECT uid, hold_id, NULL, NULL, hold_until, NULL, false, 'pending' AS kind FROM pended`;
}

/**
 * The answers of a register statement, in the order of `uids`. A session's own hold wins over a
 * place it also has (only a race leaves both): the ticket is what it holds.
 */
function byRequest(uids: readonly string[], rows: readonly RegisterRow[]): Placed[] {
  const byUid = new Map<string, Placed>();
  for (const { uid, kind, holdId, externalId, holdExpiresAt, holdUntil, confirmedAt, reserved } of rows) {
    if (kind === 'pending' && byUid.has(uid)) continue;
    byUid.set(
      uid,
      kind === 'claim'
        ? { claim: true }
        : kind === 'pending'
          ? { pending: { holdId: holdId!, holdUntil: holdUntil! } }
          : { [kind]: { holdId, externalId, holdExpiresAt, holdUntil, confirmedAt, reserved } },
    );
  }
  return uids.map((uid) => byUid.get(uid) ?? {});
}

/**
 * `register` for many sessions in one statement, no transaction and no lock (tickets/service.ts
 * batches them): each session's own live hold or pending hold if it has one; else, when the budget
 * of unidentified holds is spent (the rush: after its first 5 %) and tickets remain, a pending hold
 * (a place: it takes no ticket, so nothing needs to take turns). Sessions that may claim a ticket
 * now are answered `claim`: `registerMany` does that under the budget's lock. A session's own
 * ended hold lets go of its row here too (as `registerMany` does), so a place never points at one.
 * `uids` must be distinct. Answers in the order of `uids`.
 */
export async function placeMany(
  sql: Queryable,
  uids: readonly string[],
  terms: HoldTerms,
): Promise<Placed[]> {
  const rows = await sql<RegisterRow[]>`
    WITH ${registerRequest(sql, uids, terms)}, ended AS (
      UPDATE tickets
      SET holder_uid = NULL,
          hold_id = NULL,
          holder_person_hash = NULL
      WHERE holder_uid IN (SELECT uid FROM req)
        AND ${sql.unsafe(HOLD_ENDED)}
    ), ${waitingPlaces(sql, sql`(SELECT n FROM room) = 0`, sql`0`, terms)}
    ${answerRows(sql)}
    UNION ALL
    SELECT uid, NULL, NULL, NULL, NULL, NULL, false, 'claim' AS kind FROM need WHERE (SELECT n FROM room) > 0`;
  return byRequest(uids, rows);
}

/**
 * `register` for the sessions that may claim a ticket (`placeMany` answered `claim`), in one round
 * trip for many at once: each session's own live hold or pending hold if it has one (by now); else
 * a free ticket, while the budget of unidentified holds lasts; else, while tickets remain, a
 * pending hold that gets its ticket when BankID identifies the holder. `uids` must be distinct.
 * Answers in the order of `uids`.
 *
 * The budget is what a script cannot get past: every live hold nobody has identified counts
 * against it, whoever made it, so a thousand scripted sessions hold no more than the budget.
 * Its count must not race, so batches take a transaction-wide lock first (one batch at a
 * time across all processes) and count with a snapshot taken after it.
 */
export async function registerMany(
  sql: TransactionRunner,
  uids: readonly string[],
  terms: HoldTerms,
): Promise<Registered[]> {
  // The three statements go out together (postgres.js pipelines an array returned by the
  // transaction): one round trip instead of three, while the batches wait on each other. The
  // server still runs them in order, each with its own snapshot, so the count comes after the lock.
  const [, , rows] = await sql.begin((tx) => [
    tx`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`,
    // A session's own expired hold ends for good (no renewal): it frees the row first, since a
    // session names one row at most.
    tx`
      UPDATE tickets
      SET holder_uid = NULL,
          hold_id = NULL,
          holder_person_hash = NULL
      WHERE holder_uid IN (SELECT jsonb_array_elements_text(${tx.json(uids as string[])}))
        AND ${tx.unsafe(HOLD_ENDED)}`,
    tx<RegisterRow[]>`
      WITH ${registerRequest(tx, uids, terms)}, never_held AS (
        ${freeTickets(tx, terms.scope, 'neverHeld', tx`(SELECT n FROM room)`)}
      ), expired AS (
        -- Read only for what the never-held rows did not cover (LIMIT 0 reads nothing).
        ${freeTickets(tx, terms.scope, 'expired', tx`(SELECT n FROM room) - (SELECT count(*) FROM never_held)`)}
      ), free AS (
        SELECT id, row_number() OVER () AS n
        FROM (SELECT id FROM never_held UNION ALL SELECT id FROM expired) f
      ), claimed AS (
        UPDATE tickets t
        SET holder_uid = need.uid,
            hold_id = replace(gen_random_uuid()::text, '-', ''),
            holder_person_hash = NULL,
            offer_id = NULL,
            hold_extensions = 0,
            hold_until = now() + ${term(tx, terms.holdMs)} * interval '1 millisecond',
            hold_expires_at = now() + ${term(tx, Math.min(terms.unidentifiedMs, terms.holdMs))} * interval '1 millisecond'
        FROM free
        JOIN need USING (n)
        WHERE t.id = free.id
        RETURNING need.uid, t.hold_id, t.external_id, t.hold_expires_at, t.hold_until, t.confirmed_at, false AS reserved
      ), ${waitingPlaces(tx, tx`need.n > (SELECT count(*) FROM claimed)`, tx`(SELECT count(*) FROM claimed)`, terms)}
      ${answerRows(tx)}
      UNION ALL
      SELECT uid, hold_id, external_id, hold_expires_at, hold_until, confirmed_at, reserved, 'claimed' AS kind FROM claimed`,
  ]);
  return byRequest(uids, rows);
}

/** The lock that makes claims against the unidentified budget one at a time (pg_advisory_xact_lock key). */
const CLAIM_LOCK = 0x7469636b; // 'tick'

/** What registerMany needs of the connection: transactions. */
export type TransactionRunner = Pick<Sql, 'begin'>;

/**
 * Ends the session's unconfirmed hold, live or pending; true if a live ticket was freed. A ticket
 * held for a waiting-list offer stays the offered person's (going back to the start page must
 * not lose it): the offer ends by its decline link or when it runs out.
 */
export async function releaseHold(sql: Queryable, uid: string): Promise<boolean> {
  await sql`DELETE FROM pending_holds WHERE session_uid = ${uid}`;
  const rows = await sql`
    UPDATE tickets
    SET holder_uid = NULL,
        hold_id = NULL,
        holder_person_hash = NULL,
        hold_expires_at = NULL,
        hold_until = NULL
    WHERE holder_uid = ${uid}
      AND confirmed_at IS NULL
      AND offer_id IS NULL
    RETURNING hold_expires_at`;
  return rows.length > 0;
}

/**
 * A BankID sign is starting for the session's reservation `holdId`: the reservation, if still live,
 * is kept at least `minMs` from now (the BankID order's lifetime), so it cannot run out under a
 * signature in progress. Undefined when the session holds no live reservation with this id.
 */
export async function keepReservationForSign(
  sql: Queryable,
  uid: string,
  holdId: string,
  minMs: number,
): Promise<TicketRow | undefined> {
  const [row] = await sql<TicketRow[]>`
    UPDATE tickets
    SET hold_until = GREATEST(hold_until, now() + ${minMs} * interval '1 millisecond'),
        hold_expires_at = GREATEST(hold_expires_at, now() + ${minMs} * interval '1 millisecond')
    WHERE holder_uid = ${uid}
      AND hold_id = ${holdId}
      AND confirmed_at IS NULL
      AND hold_expires_at > now()
      AND ${sql.unsafe(RESERVED)}
    RETURNING ${sql.unsafe(TICKET_COLUMNS)}`;
  return row;
}

export interface ExtensionTerms {
  /** Offered only when less than this is left. */
  offerMs: number;
  extensionMs: number;
  max: number;
}

/**
 * More time for the session's hold (live or pending): its end moves by `extensionMs` when less
 * than `offerMs` is left and it has been extended fewer than `max` times. A hold nobody has
 * identified keeps its earlier unidentified end (more time is for BankID's sign).
 */
export async function extendHold(
  sql: Queryable,
  uid: string,
  terms: ExtensionTerms,
): Promise<{ holdId: string; holdUntil: Date; extensions: number; reserved: boolean } | undefined> {
  const [row] = await sql<{ holdId: string; holdUntil: Date; extensions: number; reserved: boolean }[]>`
    UPDATE tickets
    SET hold_until = hold_until + ${terms.extensionMs} * interval '1 millisecond',
        hold_expires_at = CASE
          WHEN holder_person_hash IS NOT NULL OR hold_expires_at >= hold_until THEN hold_until + ${terms.extensionMs} * interval '1 millisecond'
          ELSE hold_expires_at
        END,
        hold_extensions = hold_extensions + 1
    WHERE holder_uid = ${uid}
      AND confirmed_at IS NULL
      AND hold_expires_at > now()
      AND hold_until < now() + ${terms.offerMs} * interval '1 millisecond'
      AND hold_extensions < ${terms.max}
    RETURNING hold_id, hold_until, hold_extensions AS extensions, ${sql.unsafe(RESERVED)} AS reserved`;
  if (row) return row;
  const [pending] = await sql<{ holdId: string; holdUntil: Date; extensions: number; reserved: boolean }[]>`
    UPDATE pending_holds
    SET hold_until = hold_until + ${terms.extensionMs} * interval '1 millisecond',
        extensions = extensions + 1
    WHERE session_uid = ${uid}
      AND hold_until > now()
      AND hold_until < now() + ${terms.offerMs} * interval '1 millisecond'
      AND extensions < ${terms.max}
    RETURNING hold_id, hold_until, extensions, false AS reserved`;
  return pending;
}
