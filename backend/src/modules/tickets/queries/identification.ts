/** A hold and the person BankID identified: one person, one ticket; the identified before the anonymous. */
import type { Queryable } from '../../../db/connect.js';
import { HOLD_ENDED, freeTicketRow, inScope, publicShare, type TicketScope } from './availability.js';
import { releaseHold, type HoldTerms, type PendingHold } from './holds.js';

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
  terms: Pick<HoldTerms, 'scope' | 'holdMs'>,
): Promise<Identified> {
  const { scope } = terms;
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
    tx<
      { id: string; holderUid: string | null }[]
    >`SELECT id, holder_uid FROM tickets WHERE ${theirsWhere} FOR UPDATE`,
    // An expired hold of the person names them no more (the unique index allows one).
    tx`
      UPDATE tickets
      SET holder_person_hash = NULL
      WHERE holder_person_hash = ${personHash}
        AND ${tx.unsafe(HOLD_ENDED)}`,
    tx<{ id: string }[]>`
      UPDATE tickets
      SET holder_person_hash = ${personHash},
          hold_expires_at = hold_until
      WHERE holder_uid = ${uid}
        AND confirmed_at IS NULL
        AND hold_until > now()
        AND (hold_expires_at > now() OR ${publicShare(tx, scope)} > 0)
        AND NOT EXISTS (SELECT 1 FROM tickets WHERE ${theirsWhere})
      RETURNING id`,
    // The session's place: its pending hold, even one run out (its id is what the visitor holds).
    tx<(PendingHold & { extensions: number; live: boolean })[]>`
      DELETE FROM pending_holds
      WHERE session_uid = ${uid}
      RETURNING hold_id, hold_until, extensions, hold_until > now() AS live`,
  ]);
  if (theirs) {
    // A waiting-list offer this session opened is what the person acts on now: it stays theirs and
    // the other session's ticket goes (one person, one ticket; releaseHold keeps an offer's row,
    // and a session names one row, so the other could not move here).
    const [offer] = await tx<{ id: string }[]>`
      SELECT id FROM tickets
      WHERE holder_uid = ${uid}
        AND confirmed_at IS NULL
        AND offer_id IS NOT NULL
        AND hold_expires_at > now()
      FOR UPDATE`;
    if (offer && theirs.holderUid) {
      await releaseHold(tx, theirs.holderUid);
      await tx`UPDATE tickets SET holder_person_hash = ${personHash}, hold_expires_at = hold_until WHERE id = ${offer.id}`;
      return 'reserved';
    }
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
  // The id the visitor holds: a live place's, else the old row's (a row still naming the session
  // came after any place of its that ran out), else a place that ran out.
  const oldPlace = old?.holdId ? { holdId: old.holdId, holdUntil: old.holdUntil, extensions: 0 } : undefined;
  const place = pending?.live ? pending : (oldPlace ?? pending);
  const placeUntil = place?.holdUntil ?? null;
  const until = tx`CASE WHEN ${placeUntil}::timestamptz > now() THEN ${placeUntil}::timestamptz ELSE now() + ${terms.holdMs} * interval '1 millisecond' END`;
  // A live anonymous hold taken over keeps its session's place as a pending hold, under the same
  // id and end: when that visitor identifies in turn, what they hold is still the id register gave.
  // It replaces any place the session also had (one that ran out; or, after a race, a live one:
  // register answers the row before it). What is kept is read from the row as locked, not as the
  // statement's snapshot had it: the holder may have changed in between.
  const [claimed] = await tx`
    WITH claimed AS (
      UPDATE tickets t
      SET holder_uid = ${uid},
          hold_id = COALESCE(${place?.holdId ?? null}::text, replace(gen_random_uuid()::text, '-', '')),
          holder_person_hash = ${personHash},
          offer_id = NULL,
          hold_extensions = ${place?.extensions ?? 0},
          hold_until = ${until},
          hold_expires_at = ${until}
      FROM (
        -- A free ticket, else the oldest unidentified hold (LIMIT 1: the second is not read when
        -- the first has a row). A free row's ended hold takes no one's place.
        SELECT id, holder_uid, hold_id, hold_until, hold_extensions, false AS live
        FROM tickets
        WHERE id = (${freeTicketRow(tx, scope)})
        UNION ALL
        SELECT * FROM (${oldestUnidentifiedHold(tx, scope)}) oldest
        LIMIT 1
      ) before
      WHERE t.id = before.id
      RETURNING t.id, before.holder_uid, before.hold_id, before.hold_until, before.hold_extensions, before.live
    ), displaced AS (
      INSERT INTO pending_holds (session_uid, hold_id, hold_until, extensions)
      SELECT holder_uid, hold_id, hold_until, hold_extensions
      FROM claimed
      WHERE live AND holder_uid IS NOT NULL AND hold_id IS NOT NULL
      ON CONFLICT (session_uid) DO UPDATE
      SET hold_id = EXCLUDED.hold_id,
          hold_until = EXCLUDED.hold_until,
          extensions = EXCLUDED.extensions
    )
    SELECT id FROM claimed`;
  return claimed ? 'reserved' : 'soldOut';
}

/**
 * The live hold nobody has identified that ends first, locked, with its holder's place as locked:
 * what an identified person may take over (never a ticket held for a waiting-list offer: that one
 * is the offered person's).
 */
function oldestUnidentifiedHold(sql: Queryable, scope: TicketScope) {
  return sql`
    SELECT id, holder_uid, hold_id, hold_until, hold_extensions, true AS live
    FROM tickets
    WHERE confirmed_at IS NULL
      AND holder_uid IS NOT NULL
      AND holder_person_hash IS NULL
      AND offer_id IS NULL
      AND hold_expires_at > now()
      AND ${inScope(sql, scope)}
    ORDER BY hold_expires_at
    LIMIT 1
    FOR UPDATE SKIP LOCKED`;
}
