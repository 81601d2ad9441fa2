import type { Answers, TicketData } from '@concert/shared/api';
import type { Queryable, Sql } from '../../db/connect.js';
import type { DoorCodes } from './door-codes.js';
import { AppError } from '../../errors.js';
import { createBatcher, distinctItems } from '../../db/batch.js';
import { recordAudit } from '../audit/queries.js';
import { forgetSessionIdentity } from '../bankid/queries.js';
import { forgetSessionFlow } from '../flow/queries.js';
import { ticketScanUrl } from './scan-url.js';
import type { ConcertStatusReader } from '../concert/status.js';
import type { StaffMember } from '../staff/identity.js';
import {
  BANKID_TIMEOUT_MS,
  HOLD_EXTENSION_MINUTES,
  HOLD_EXTENSION_OFFER_SECONDS,
  HOLD_EXTENSIONS_MAX,
} from '@concert/shared/universal';
import type { TicketRow, TicketScope } from './queries/availability.js';
import { confirmFreeTicketForManualAttendee, confirmedTicketHolder } from './queries/confirmation.js';
import {
  extendHold,
  keepReservationForSign,
  pendingHoldOf,
  placeMany,
  registerMany,
  releaseHold,
  ticketHeldBy,
  type HoldTerms,
  type PendingHold,
} from './queries/holds.js';
import { bindHoldToPerson, type Identified } from './queries/identification.js';

const UNIQUE_VIOLATION = '23505';
/** The budget of live holds nobody has identified: 5 % of the capacity, at least 5 (or all of a smaller one). */
export const UNIDENTIFIED_HOLD_SHARE = 0.05;
const UNIDENTIFIED_HOLD_MIN = 5;
/**
 * A rush spread over a minute sends a register every few milliseconds, too few to fill the batches
 * in flight: each ran alone, one statement per arrival. A register that follows another within
 * this long waits for the ones behind it (db/batch.ts `gatherMs`); one alone goes at once. Each
 * batch costs the server two wakes (the gather's end, the statement's answer), and a wake between
 * a rush's spread-out requests costs more than the work it does (bench:wake): 16 ms gathers about
 * five places a batch at 333 arrivals a second; against 8 ms, 3.4 % less CPU per arrival side by
 * side (32 ms: 4.1 %, for twice the wait), a register's p50 in the rush 10 → 14 ms.
 */
const PLACE_GATHER_MS = 16;

export function unidentifiedBudget(capacity: number): number {
  return Math.max(Math.ceil(capacity * UNIDENTIFIED_HOLD_SHARE), Math.min(capacity, UNIDENTIFIED_HOLD_MIN));
}

/**
 * How long a reservation is kept once a BankID sign starts for it: the order's own lifetime (BankID
 * ends an order after 3 minutes), the last collect's cadence and a margin for the completing write.
 */
export const SIGN_KEEPS_RESERVATION_MS = BANKID_TIMEOUT_MS + 30_000;

function toTicketData(row: TicketRow): TicketData {
  return {
    ticketId: row.holdId ?? '',
    isConfirmed: row.confirmedAt !== null,
    validUntil: row.holdUntil?.getTime() ?? 0,
    reserved: row.reserved,
  };
}

/** A place without a ticket: what gets one is BankID's identification. */
function pendingTicketData(pending: PendingHold): TicketData {
  return {
    ticketId: pending.holdId,
    isConfirmed: false,
    validUntil: pending.holdUntil.getTime(),
    reserved: false,
  };
}

export function createTicketService(deps: {
  sql: Sql;
  /** The current concert's ticket rows (a getter: the office may change the capacity or publish another). */
  scope: TicketScope;
  holdMs: number;
  unidentifiedMs: number;
  status: ConcertStatusReader;
  /** The site's address: the door's scan URL a ticket page's QR code holds. */
  publicUrl: string;
  /** In the confirming transaction: what follows a confirmed ticket (its ticket e-mail, after the mail-out). */
  onTicketConfirmed?: (tx: Queryable, externalTicketId: string) => Promise<void>;
  /** Door codes at rest: minted, hashed, sealed. */
  doorCodes: DoorCodes;
}) {
  const { sql, status } = deps;
  // Read per claim: the concert's capacity and hold follow the office's changes (deps are getters).
  const terms: HoldTerms = {
    get scope() {
      return deps.scope;
    },
    get holdMs() {
      return deps.holdMs;
    },
    unidentifiedMs: deps.unidentifiedMs,
    get unidentifiedBudget() {
      return unidentifiedBudget(deps.scope.capacity);
    },
  };
  // Concurrent registers share one statement. A place (the rush, once the budget of unidentified
  // holds is spent) is one statement without a lock: two batches in flight, one running while the
  // next gathers (more only makes the batches smaller, and each statement costs the database about
  // 1 ms besides its rows). Claims against the budget take turns on one lock, so one batch of
  // those in flight is all that helps.
  const placeTogether = createBatcher(
    distinctItems((uids: string[]) => placeMany(sql, uids, terms)),
    { parallel: 2, maxSize: 64, gatherMs: PLACE_GATHER_MS },
  );
  const claimTogether = createBatcher(
    distinctItems((uids: string[]) => registerMany(sql, uids, terms)),
    { parallel: 1, maxSize: 64 },
  );

  /**
   * Holds one ticket for the session: its live hold again, else a free ticket while the budget
   * of unidentified holds lasts, else (tickets remain) a pending hold that gets its ticket when
   * BankID identifies the holder. A hold never renews: when it ends, the next is a new claim.
   */
  async function holdTicket(uid: string): Promise<TicketData> {
    const { concertStatus } = await status.read();
    if (concertStatus === 'Closed' || concertStatus === 'Done')
      throw new AppError('FAILED_PRECONDITION', 'noTicket');
    // A unique violation means the same session claimed twice at once in two processes' batches
    // (each batch is of distinct sessions, and the lock orders the batches): the whole batch
    // failed, so each of its sessions asks again, and then reads the hold the other call won.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const placed = await placeTogether(uid);
        const { own, pending, claimed } = placed.claim ? await claimTogether(uid) : placed;
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
    if (row && (row.confirmedAt || (row.holdExpiresAt && row.holdExpiresAt.getTime() > Date.now())))
      return toTicketData(row);
    const pending = await pendingHoldOf(sql, uid);
    return pending ? pendingTicketData(pending) : null;
  }

  /**
   * A BankID sign is starting: it must be for the session's live reservation, which is then kept
   * for the BankID order's lifetime at least (a signature in progress never loses its ticket).
   * Refused before anything is signed: a reservation that ran out is ticketExpired (the countdown's
   * time-up dialog said so), another id than the session's reservation is noTicketId, and without
   * any reservation (a place that never became one: sold out) it is noTicket.
   */
  async function reserveForSign(uid: string, ticketId: string): Promise<TicketData> {
    const kept = await keepReservationForSign(sql, uid, ticketId, SIGN_KEEPS_RESERVATION_MS);
    if (kept) return toTicketData(kept);
    const row = await ticketHeldBy(sql, uid);
    if (row && !row.confirmedAt && row.reserved)
      throw row.holdId === ticketId
        ? new AppError('ABORTED', 'ticketExpired')
        : new AppError('FAILED_PRECONDITION', 'noTicketId');
    throw new AppError('ABORTED', 'noTicket');
  }

  /** BankID identified the session's holder (inside the transaction that records it): a reservation now, or sold out. */
  async function holderIdentified(tx: Queryable, uid: string, personHash: string): Promise<Identified> {
    const outcome = await bindHoldToPerson(tx, uid, personHash, {
      scope: deps.scope,
      holdMs: deps.holdMs,
    });
    if (outcome === 'reserved') status.invalidate();
    return outcome;
  }

  /** More time for BankID near the hold's end (WCAG 2.2.1), a few times at most. */
  async function extendTicketHold(uid: string): Promise<Answers['extendHold']> {
    const extended = await extendHold(sql, uid, {
      offerMs: HOLD_EXTENSION_OFFER_SECONDS * 1000,
      extensionMs: HOLD_EXTENSION_MINUTES * 60_000,
      max: HOLD_EXTENSIONS_MAX,
    });
    if (!extended) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    return {
      ticketId: extended.holdId,
      isConfirmed: false,
      validUntil: extended.holdUntil.getTime(),
      reserved: extended.reserved,
      extensionsLeft: HOLD_EXTENSIONS_MAX - extended.extensions,
    };
  }

  /** The visitor starts over: the hold ends at once, and so do the session's identification and its saved place. */
  async function releaseTicket(uid: string): Promise<boolean> {
    await Promise.all([forgetSessionIdentity(sql, uid), forgetSessionFlow(sql, uid)]);
    const released = await releaseHold(sql, uid);
    // Counted again, not adjusted: while people wait the freed ticket is theirs, and the status stays Queue.
    if (released) status.invalidate();
    return released;
  }

  /**
   * A confirmed ticket for someone staff add by hand (a guest, a performer's plus-one): it is
   * claimed like any other ticket, so it takes one of the capacity's and can never oversell.
   */
  async function addManualAttendee(
    staff: StaffMember,
    attendee: { firstName: string; lastName: string; email: string },
  ): Promise<Answers['addManualAttendee']> {
    const ticket = await sql.begin(async (tx) => {
      const added = await confirmFreeTicketForManualAttendee(
        tx,
        deps.scope,
        attendee,
        staff.id,
        deps.doorCodes.mint(),
      );
      if (added)
        await recordAudit(tx, { staffId: staff.id, action: 'tickets.addManualAttendee', subject: added.id });
      if (added) await deps.onTicketConfirmed?.(tx, added.externalId);
      return added;
    });
    if (!ticket) throw new AppError('ABORTED', 'noTicket');
    status.adjust(1);
    return { attendeeId: ticket.id, externalTicketId: ticket.externalId };
  }

  /**
   * The attendee's ticket page (issue 29): by its door code, which only the ticket e-mail carries
   * (128 random bits: the address is the key, as the e-mail's scan link already is). Unknown: 404.
   */
  async function ticketPage(
    code: string,
  ): Promise<Omit<Answers['getTicket'], 'concert' | 'copyVariables'> & { concertId: number }> {
    const holder = await confirmedTicketHolder(sql, deps.doorCodes.hash(code));
    if (!holder) throw new AppError('NOT_FOUND', 'notFound');
    return { ...holder, code, scanUrl: ticketScanUrl(deps.publicUrl, code) };
  }

  return {
    holdTicket,
    extendTicketHold,
    currentHold,
    reserveForSign,
    holderIdentified,
    releaseTicket,
    addManualAttendee,
    ticketPage,
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
