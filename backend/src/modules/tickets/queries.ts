import type postgres from 'postgres';
import type { Queryable, Sql } from '../../db/connect.js';
import type { MintedDoorCode } from './door-codes.js';

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

/** A hold waiting for a ticket until BankID identifies its holder. */
export interface PendingHold {
  holdId: string;
  holdUntil: Date;
}

/** Whether a row is set aside for its holder: the one definition of "reserved" (TicketRow.reserved). */
const RESERVED = '(holder_person_hash IS NOT NULL OR offer_id IS NOT NULL)';
const TICKET_COLUMNS = `hold_id, external_id, hold_expires_at, hold_until, confirmed_at, ${RESERVED} AS reserved`;

/** Makes sure rows 1..capacity exist; run at start so claims never insert. */
export async function ensureTicketRows(sql: Queryable, capacity: number): Promise<void> {
  await sql`
    INSERT INTO tickets (seq)
    SELECT s FROM generate_series(1, ${capacity}::int) AS s
    ON CONFLICT (seq) DO NOTHING`;
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

export async function countTakenTickets(sql: Queryable, capacity: number): Promise<TakenCount> {
  const [row] = await sql<TakenCount[]>`
    WITH c AS (
      SELECT count(*) AS held, count(*) FILTER (WHERE confirmed_at IS NOT NULL OR ${sql.unsafe(RESERVED)}) AS promised
      FROM tickets
      WHERE seq <= ${capacity}
        AND (confirmed_at IS NOT NULL OR hold_expires_at > now())
    ), d AS (SELECT ${queueDemand(sql, capacity)} AS n)
    SELECT LEAST(${capacity}::int, c.held + d.n)::int AS taken, LEAST(${capacity}::int, c.promised + d.n)::int AS promised
    FROM c, d`;
  return row ?? { taken: 0, promised: 0 };
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

export interface HoldTerms {
  capacity: number;
  /** A hold's absolute lifetime. */
  holdMs: number;
  /** How long a hold lasts until BankID identifies its holder. */
  unidentifiedMs: number;
  /** How many live holds may be unidentified at once, all sessions together. */
  unidentifiedBudget: number;
}

/**
 * One round trip for the register of many sessions at once (tickets/service.ts batches
 * them): each session's own live hold or pending hold if it has one; else a free ticket,
 * while the budget of unidentified holds lasts; else, while tickets remain, a pending hold
 * that gets its ticket when BankID identifies the holder. Answers in the order of `uids`.
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
        AND confirmed_at IS NULL
        AND hold_expires_at <= now()`,
    tx<(TicketRow & { uid: string; kind: 'own' | 'claimed' | 'pending' })[]>`
      WITH req AS (
        -- JSON, not a text[] parameter: the embedded database's driver runs without array types.
        -- Made an array before unnest: the planner then expects a few rows and looks each uid up
        -- in the holder index (from the JSON function it expects 100 and scans the whole table).
        SELECT uid, ord FROM unnest(ARRAY(SELECT jsonb_array_elements_text(${tx.json(uids as string[])}))) WITH ORDINALITY AS r(uid, ord)
      ), own AS (
        SELECT t.holder_uid AS uid, t.hold_id, t.external_id, t.hold_expires_at, t.hold_until, t.confirmed_at,
          ${tx.unsafe(RESERVED)} AS reserved
        FROM tickets t
        JOIN req ON t.holder_uid = req.uid
      ), pend AS (
        SELECT p.session_uid AS uid, p.hold_id, p.hold_until
        FROM pending_holds p
        JOIN req ON p.session_uid = req.uid
        WHERE p.hold_until > now()
      ), need AS (
        SELECT uid, row_number() OVER (ORDER BY ord) AS n
        FROM req
        WHERE NOT EXISTS (SELECT 1 FROM own WHERE own.uid = req.uid)
          AND NOT EXISTS (SELECT 1 FROM pend WHERE pend.uid = req.uid)
      ), room AS (
        SELECT LEAST(
          (SELECT count(*) FROM need),
          GREATEST(0, ${terms.unidentifiedBudget} - (
            SELECT count(*)
            FROM tickets
            WHERE confirmed_at IS NULL
              AND holder_uid IS NOT NULL
              AND holder_person_hash IS NULL
              AND offer_id IS NULL
              AND hold_expires_at > now()
          )),
          ${publicShare(tx, terms.capacity)}
        ) AS n
      ), never_held AS (
        ${freeTickets(tx, terms.capacity, 'neverHeld', tx`(SELECT n FROM room)`)}
      ), expired AS (
        -- Read only for what the never-held rows did not cover (LIMIT 0 reads nothing).
        ${freeTickets(tx, terms.capacity, 'expired', tx`(SELECT n FROM room) - (SELECT count(*) FROM never_held)`)}
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
            hold_until = now() + ${terms.holdMs} * interval '1 millisecond',
            hold_expires_at = now() + ${Math.min(terms.unidentifiedMs, terms.holdMs)} * interval '1 millisecond'
        FROM free
        JOIN need USING (n)
        WHERE t.id = free.id
        RETURNING need.uid, t.hold_id, t.external_id, t.hold_expires_at, t.hold_until, t.confirmed_at, false AS reserved
      ), still_free AS (
        -- Tickets nobody holds beyond the ones just claimed and those the waiting queue needs
        -- first: a pending hold may wait for one.
        SELECT ${terms.capacity} - (
          SELECT count(*)
          FROM tickets
          WHERE seq <= ${terms.capacity}
            AND (confirmed_at IS NOT NULL OR hold_expires_at > now())
        ) - ${queueDemand(tx, terms.capacity)} - (SELECT count(*) FROM claimed) AS n
      ), pended AS (
        INSERT INTO pending_holds (session_uid, hold_id, hold_until)
        SELECT need.uid, replace(gen_random_uuid()::text, '-', ''), now() + ${terms.holdMs} * interval '1 millisecond'
        FROM need
        WHERE need.n > (SELECT count(*) FROM claimed)
          AND (SELECT n FROM still_free) > 0
        ON CONFLICT (session_uid) DO UPDATE
        SET hold_id = EXCLUDED.hold_id,
            hold_until = EXCLUDED.hold_until,
            extensions = 0
        RETURNING session_uid AS uid, hold_id, hold_until
      )
      SELECT uid, hold_id, external_id, hold_expires_at, hold_until, confirmed_at, reserved, 'own' AS kind FROM own
      UNION ALL
      SELECT uid, hold_id, NULL, NULL, hold_until, NULL, false, 'pending' AS kind FROM pend
      UNION ALL
      SELECT uid, hold_id, external_id, hold_expires_at, hold_until, confirmed_at, reserved, 'claimed' AS kind FROM claimed
      UNION ALL
      SELECT uid, hold_id, NULL, NULL, hold_until, NULL, false, 'pending' AS kind FROM pended`,
  ]);
  const byUid = new Map<string, Registered>();
  for (const { uid, kind, holdId, externalId, holdExpiresAt, holdUntil, confirmedAt, reserved } of rows) {
    byUid.set(
      uid,
      kind === 'pending'
        ? { pending: { holdId: holdId!, holdUntil: holdUntil! } }
        : { [kind]: { holdId, externalId, holdExpiresAt, holdUntil, confirmedAt, reserved } },
    );
  }
  return uids.map((uid) => byUid.get(uid) ?? {});
}

/** The lock that makes claims against the unidentified budget one at a time (pg_advisory_xact_lock key). */
const CLAIM_LOCK = 0x7469636b; // 'tick'

/** What registerMany needs of the connection: transactions. */
export type TransactionRunner = Pick<Sql, 'begin'>;

/** How BankID's identification left the session: a ticket reserved for the person, or none left for them. */
export type Identified = 'reserved' | 'soldOut';

/**
 * BankID has identified the session's holder, and that decides at once whether a ticket is
 * theirs. An older session of theirs that holds a ticket passes it to this one (one person, one
 * ticket); else the own hold is theirs to its absolute end (even if it had run out unidentified,
 * while no one else took the row); else they get a ticket now: a free one, or else the oldest
 * hold nobody has identified (an identified person comes before an anonymous place, so scripted
 * places can delay no one). The new reservation keeps the id `register` gave the session, and
 * lasts to the end of its place (a fresh `holdMs` if that has passed). When every ticket is
 * confirmed or reserved for someone identified, the session keeps nothing ('soldOut'): the
 * visitor learns it now, before any details or signing. Run in the transaction that records the
 * identification; the person's lock makes two identifications of one person take turns.
 */
export async function bindHoldToPerson(
  tx: Queryable,
  uid: string,
  personHash: string,
  terms: Pick<HoldTerms, 'capacity' | 'holdMs'>,
): Promise<Identified> {
  const { capacity } = terms;
  // Another session's live hold of this person (the lock keeps it from changing meanwhile).
  const theirsWhere = tx`
    holder_person_hash = ${personHash}
    AND confirmed_at IS NULL
    AND hold_expires_at > now()
    AND holder_uid IS DISTINCT FROM ${uid}`;
  // Issued together (one round trip); the server runs them in this order, the lock first. The
  // own hold is bound only if there is no other (then the other passes to this session below).
  const [, [theirs], , [own], [pending]] = await Promise.all([
    tx`SELECT pg_advisory_xact_lock(hashtext(${personHash}))`,
    tx<{ id: string }[]>`SELECT id FROM tickets WHERE ${theirsWhere} FOR UPDATE`,
    // An expired hold of the person names them no more (the unique index allows one).
    tx`
      UPDATE tickets
      SET holder_person_hash = NULL
      WHERE holder_person_hash = ${personHash}
        AND confirmed_at IS NULL
        AND hold_expires_at <= now()`,
    tx<{ id: string }[]>`
      UPDATE tickets
      SET holder_person_hash = ${personHash},
          hold_expires_at = hold_until
      WHERE holder_uid = ${uid}
        AND confirmed_at IS NULL
        AND hold_until > now()
        AND (hold_expires_at > now() OR ${publicShare(tx, capacity)} > 0)
        AND NOT EXISTS (SELECT 1 FROM tickets WHERE ${theirsWhere})
      RETURNING id`,
    // The session's place: its pending hold, even one run out (its id is what the visitor holds).
    tx<(PendingHold & { extensions: number })[]>`
      DELETE FROM pending_holds
      WHERE session_uid = ${uid}
      RETURNING hold_id, hold_until, extensions`,
  ]);
  if (theirs) {
    await releaseHold(tx, uid);
    await tx`UPDATE tickets SET holder_uid = ${uid} WHERE id = ${theirs.id}`;
    return 'reserved';
  }
  if (own) return 'reserved';
  // The session's old row, run out, must not keep naming it (a session names one row); its id
  // stays the session's if it had no pending one.
  const [old] = await tx<{ holdId: string | null; holdUntil: Date | null }[]>`
    UPDATE tickets t
    SET holder_uid = NULL, hold_id = NULL
    FROM (SELECT id, hold_id, hold_until FROM tickets WHERE holder_uid = ${uid} AND confirmed_at IS NULL FOR UPDATE) o
    WHERE t.id = o.id
    RETURNING o.hold_id, o.hold_until`;
  const place =
    pending ?? (old?.holdId ? { holdId: old.holdId, holdUntil: old.holdUntil, extensions: 0 } : undefined);
  const placeUntil = place?.holdUntil ?? null;
  const until = tx`CASE WHEN ${placeUntil}::timestamptz > now() THEN ${placeUntil}::timestamptz ELSE now() + ${terms.holdMs} * interval '1 millisecond' END`;
  const [claimed] = await tx`
    UPDATE tickets
    SET holder_uid = ${uid},
        hold_id = COALESCE(${place?.holdId ?? null}::text, replace(gen_random_uuid()::text, '-', '')),
        holder_person_hash = ${personHash},
        offer_id = NULL,
        hold_extensions = ${place?.extensions ?? 0},
        hold_until = ${until},
        hold_expires_at = ${until}
    WHERE id = COALESCE((${freeTicketRow(tx, capacity)}), (${oldestUnidentifiedHold(tx, capacity)}))
    RETURNING id`;
  return claimed ? 'reserved' : 'soldOut';
}

/**
 * The live hold nobody has identified that ends first, locked: what an identified person may take
 * over (never a ticket held for a waiting-list offer: that one is the offered person's).
 */
function oldestUnidentifiedHold(sql: Queryable, capacity: number) {
  return sql`
    SELECT id
    FROM tickets
    WHERE confirmed_at IS NULL
      AND holder_uid IS NOT NULL
      AND holder_person_hash IS NULL
      AND offer_id IS NULL
      AND hold_expires_at > now()
      AND seq <= ${capacity}
    ORDER BY hold_expires_at
    LIMIT 1
    FOR UPDATE SKIP LOCKED`;
}

/**
 * "A free ticket", the one definition every claim uses (a visitor's hold, the signed
 * confirmation, an attendee staff add by hand, a waiting-list offer): a row within capacity,
 * not confirmed, and never held or its hold (or offer) expired. The rule lives here only, so
 * that no claim can count capacity differently from another (and sell more tickets than there
 * are). While people wait in the queue, the free rows go to them first: a claim by anyone but
 * the queue itself may take only the `publicShare`.
 *
 * Read as two ranges of the index on (hold_expires_at NULLS FIRST, seq): never-held rows, or
 * expired holds longest-expired first, so a claim never walks the live holds. The rows come
 * locked; rows others are claiming are skipped. `limit` is SQL (a constant or a subquery) so
 * that a batch claim composes both ranges into one statement.
 */
function freeTickets(
  sql: Queryable,
  capacity: number,
  range: 'neverHeld' | 'expired',
  limit: postgres.Fragment,
) {
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
 * The waiting queue's demand: confirmed entries waiting for an offer (counted up to the capacity;
 * more could not be served anyway). Zero outside a sold-out sale, so the rush never counts more.
 */
function queueDemand(sql: Queryable, capacity: number) {
  return sql`(
    SELECT count(*)
    FROM (
      SELECT 1
      FROM queue_entries
      WHERE state = 'waiting'
        AND confirmed_at IS NOT NULL
      LIMIT ${capacity}
    ) AS waiting
  )`;
}

/**
 * How many free tickets a claim other than the queue's may take: the free rows beyond the
 * waiting queue's demand (all of them while nobody waits; the free rows are counted only when
 * someone does). A ticket freed while someone waits is so never held by the public: it stays
 * for the queue's offer, whoever claims first.
 */
function publicShare(sql: Queryable, capacity: number) {
  return sql`(
    SELECT CASE
      WHEN d.n = 0 THEN ${capacity}::bigint
      ELSE GREATEST(0, (
        SELECT count(*)
        FROM (
          SELECT 1
          FROM tickets
          WHERE seq <= ${capacity}
            AND confirmed_at IS NULL
            AND (hold_expires_at IS NULL OR hold_expires_at <= now())
          LIMIT ${capacity}
        ) AS f
      ) - d.n)
    END
    FROM (SELECT ${queueDemand(sql, capacity)} AS n) AS d
  )`;
}

/**
 * The id of one free ticket, locked: a never-held row, else the longest-expired hold (COALESCE
 * stops at the first non-null, so the expired range is read only when no row was never held).
 * `claimant` 'public' (anyone but the queue) gets one only from the public share.
 */
function freeTicketRow(sql: Queryable, capacity: number, claimant: 'public' | 'queue' = 'public') {
  const share = claimant === 'public' ? sql`${publicShare(sql, capacity)} > 0` : sql`true`;
  return sql`
    SELECT CASE WHEN ${share} THEN COALESCE(
      (${freeTickets(sql, capacity, 'neverHeld', sql`1`)}),
      (${freeTickets(sql, capacity, 'expired', sql`1`)})
    ) END AS id`;
}

/**
 * Reserves one free ticket for a waiting-list offer (run by the queue, in queue order): the row
 * names the offer and counts as taken until `until`; whoever held it before (an expired hold)
 * no longer does. The row's id, or undefined when none is free.
 */
export async function reserveFreeTicketForOffer(
  sql: Queryable,
  capacity: number,
): Promise<{ id: string } | undefined> {
  const [row] = await sql<{ id: string | null }[]>`${freeTicketRow(sql, capacity, 'queue')}`;
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

/** The offer's ticket as its row stands: confirmed, still held for it (and until when), or gone. */
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

/**
 * Claims a free ticket (as a visitor's hold would, so it counts against the capacity) and
 * confirms it at once for an attendee staff added by hand. None free: undefined.
 */
export async function confirmFreeTicketForManualAttendee(
  sql: Queryable,
  capacity: number,
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
    WHERE id = (${freeTicketRow(sql, capacity)})
    RETURNING id::text`;
  return row && { id: row.id, externalId: doorCode.code };
}

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
  capacity: number,
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
    AND seq <= ${capacity}
    AND (hold_expires_at > now() OR ${publicShare(sql, capacity)} > 0)`);
  if (own) return own;
  const rowId = ((await freeTicketRow(sql, capacity)) as unknown as { id: string | null }[])[0]?.id;
  if (!rowId) return undefined;
  // The session's old row (taken over by someone else) no longer names this session.
  await sql`UPDATE tickets SET holder_uid = NULL, hold_id = NULL, holder_person_hash = NULL WHERE holder_uid = ${uid} AND confirmed_at IS NULL`;
  await sql`DELETE FROM pending_holds WHERE session_uid = ${uid}`;
  const [row] = await confirm(sql`id = ${rowId}`);
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

/** Whose a confirmed ticket is, by its door code's keyed hash (the attendee's ticket page); undefined for anything else. */
export async function confirmedTicketHolder(
  sql: Queryable,
  doorCodeHash: string,
): Promise<{ firstName: string; lastName: string } | undefined> {
  const [row] = await sql<{ firstName: string | null; lastName: string | null }[]>`
    SELECT attendee_first_name AS first_name, attendee_last_name AS last_name
    FROM tickets
    WHERE door_code_hash = ${doorCodeHash}
      AND confirmed_at IS NOT NULL`;
  return row && { firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
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
