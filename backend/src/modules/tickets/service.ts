import type { Answers, TicketData } from '@concert/shared/api';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { createBatcher } from '../../db/batch.js';
import { recordAudit } from '../audit/queries.js';
import { forgetSessionIdentity } from '../bankid/queries.js';
import type { ConcertStatusReader } from '../concert/status.js';
import type { StaffMember } from '../staff/identity.js';
import { HOLD_EXTENSION_MINUTES, HOLD_EXTENSION_OFFER_SECONDS, HOLD_EXTENSIONS_MAX } from '@concert/shared/universal';
import {
  bindHoldToPerson,
  extendHold,
  confirmFreeTicketForManualAttendee,
  pendingHoldIdOf,
  pendingHoldOf,
  registerMany,
  releaseHold,
  ticketHeldBy,
  type HoldTerms,
  type PendingHold,
  type TicketRow,
} from './queries.js';

const UNIQUE_VIOLATION = '23505';
/** The budget of live holds nobody has identified: 5 % of the capacity, at least 5 (or all of a smaller one). */
export const UNIDENTIFIED_HOLD_SHARE = 0.05;
const UNIDENTIFIED_HOLD_MIN = 5;

export function unidentifiedBudget(capacity: number): number {
  return Math.max(Math.ceil(capacity * UNIDENTIFIED_HOLD_SHARE), Math.min(capacity, UNIDENTIFIED_HOLD_MIN));
}

function toTicketData(row: TicketRow): TicketData {
  return {
    ticketId: row.holdId ?? '',
    isConfirmed: row.confirmedAt !== null,
    validUntil: row.holdUntil?.getTime() ?? 0,
  };
}

function pendingTicketData(pending: PendingHold): TicketData {
  return { ticketId: pending.holdId, isConfirmed: false, validUntil: pending.holdUntil.getTime() };
}

export function createTicketService(deps: {
  sql: Sql;
  capacity: number;
  holdMs: number;
  unidentifiedMs: number;
  status: ConcertStatusReader;
  /** In the confirming transaction: what follows a confirmed ticket (its ticket e-mail, after the mail-out). */
  onTicketConfirmed?: (tx: Queryable, externalTicketId: string) => Promise<void>;
}) {
  const { sql, capacity, status } = deps;
  const terms: HoldTerms = { capacity, holdMs: deps.holdMs, unidentifiedMs: deps.unidentifiedMs, unidentifiedBudget: unidentifiedBudget(capacity) };
  // Concurrent registers share one statement; batches take turns on one lock (the budget's count
  // must not race), so one batch in flight per process is all that helps.
  const registerTogether = createBatcher((uids: string[]) => registerMany(sql, uids, terms), { parallel: 1, maxSize: 64 });
  const registerAlone = async (uid: string) => (await registerMany(sql, [uid], terms))[0] ?? {};

  /**
   * Holds one ticket for the session: its live hold again, else a free ticket while the budget
   * of unidentified holds lasts, else (tickets remain) a pending hold that gets its ticket when
   * BankID identifies the holder. A hold never renews: when it ends, the next is a new claim.
   */
  async function holdTicket(uid: string): Promise<TicketData> {
    const { concertStatus } = await status.read();
    if (concertStatus === 'Closed' || concertStatus === 'Done') throw new AppError('FAILED_PRECONDITION', 'noTicket');
    // A unique violation means the same session registered twice at once (in one batch or two):
    // the whole batch failed, so each of its sessions retries alone, and then reads the hold the
    // other call won.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const { own, pending, claimed } = attempt === 0 ? await registerTogether(uid) : await registerAlone(uid);
        if (claimed) status.adjust(1);
        const row = claimed ?? own;
        if (row) return toTicketData(row);
        if (pending) return pendingTicketData(pending);
        throw new AppError('ABORTED', 'noTicket');
      } catch (err) {
        if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      }
    }
    throw new AppError('ABORTED', 'noTicket');
  }

  /** The session's hold as the visitor sees it (live, pending, or confirmed), or null. */
  async function currentHold(uid: string): Promise<TicketData | null> {
    const row = await ticketHeldBy(sql, uid);
    if (row && (row.confirmedAt || (row.holdExpiresAt && row.holdExpiresAt.getTime() > Date.now()))) return toTicketData(row);
    const pending = await pendingHoldOf(sql, uid);
    return pending ? pendingTicketData(pending) : null;
  }

  /**
   * The hold id the session last had, even if that hold has run out meanwhile: a sign may still
   * start for it (the ticket is confirmed if it is free at the end, else the sign is refused).
   */
  async function lastHoldId(uid: string): Promise<string | null> {
    const row = await ticketHeldBy(sql, uid);
    if (row && !row.confirmedAt && row.holdId) return row.holdId;
    return (await pendingHoldIdOf(sql, uid)) ?? null;
  }

  /** BankID identified the session's holder (inside the transaction that records it). */
  async function holderIdentified(tx: Queryable, uid: string, personHash: string): Promise<void> {
    const outcome = await bindHoldToPerson(tx, uid, personHash, capacity);
    if (outcome === 'held') status.invalidate();
  }

  /** More time for BankID near the hold's end (WCAG 2.2.1), a few times at most. */
  async function extendTicketHold(uid: string): Promise<Answers['extendHold']> {
    const extended = await extendHold(sql, uid, {
      offerMs: HOLD_EXTENSION_OFFER_SECONDS * 1000,
      extensionMs: HOLD_EXTENSION_MINUTES * 60_000,
      max: HOLD_EXTENSIONS_MAX,
    });
    if (!extended) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    return { ticketId: extended.holdId, isConfirmed: false, validUntil: extended.holdUntil.getTime(), extensionsLeft: HOLD_EXTENSIONS_MAX - extended.extensions };
  }

  /** The visitor starts over: the hold ends at once, and so does the session's identification. */
  async function releaseTicket(uid: string): Promise<boolean> {
    await forgetSessionIdentity(sql, uid);
    const released = await releaseHold(sql, uid);
    // Counted again, not adjusted: while people wait the freed ticket is theirs, and the status stays Queue.
    if (released) status.invalidate();
    return released;
  }

  /**
   * A confirmed ticket for someone staff add by hand (a guest, a performer's plus-one): it is
   * claimed like any other ticket, so it takes one of the capacity's and can never oversell.
   */
  async function addManualAttendee(staff: StaffMember, attendee: { firstName: string; lastName: string; email: string }): Promise<Answers['addManualAttendee']> {
    const ticket = await sql.begin(async (tx) => {
      const added = await confirmFreeTicketForManualAttendee(tx, capacity, attendee, staff.id);
      if (added) await recordAudit(tx, { staffId: staff.id, action: 'tickets.addManualAttendee', subject: added.id });
      if (added) await deps.onTicketConfirmed?.(tx, added.externalId);
      return added;
    });
    if (!ticket) throw new AppError('ABORTED', 'noTicket');
    status.adjust(1);
    return { attendeeId: ticket.id, externalTicketId: ticket.externalId };
  }

  return { holdTicket, extendTicketHold, currentHold, lastHoldId, holderIdentified, releaseTicket, addManualAttendee };
}
export type TicketService = ReturnType<typeof createTicketService>;
