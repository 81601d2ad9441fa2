import { createHash, randomBytes } from 'node:crypto';
import type { Answers, TicketData } from '@concert/shared/api';
import { holdMinutesText, paths, type Lang } from '@concert/shared/universal';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import type { ConcertStatusReader } from '../concert/status.js';
import { recordAudit } from '../audit/queries.js';
import { enqueueEmail } from '../outbox/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { releaseHold } from '../tickets/queries/holds.js';
import {
  holdOfferTicketForSession,
  holdTicketForOffer,
  releaseOfferTicket,
  reserveFreeTicketForOffer,
} from '../tickets/queries/offer-tickets.js';
import {
  endOffer,
  endedOffers,
  insertOffer,
  liveOfferOfEntry,
  markOfferOpened,
  offerByCode,
  type OfferRow,
} from './queries/offers.js';
import {
  entryByConfirmCode,
  entryPlace,
  leaveWaiting,
  nextWaitingEntry,
  queueOverview,
  queueSettings,
  updateQueueSettings,
  type WaitingEntry,
} from './queries/entries.js';

const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');
/** One sweep at a time across all processes (pg_advisory_xact_lock key): offers go out in queue order. */
const SWEEP_LOCK = 0x71756575; // 'queu'
/** Offers made or ended per sweep at most (the next sweep goes on). */
const SWEEP_BATCH = 100;
/** Entries the office's list shows at most. */
const OVERVIEW_LIMIT = 1000;

/** When the link of an offer ends, as the e-mail says it (Swedish time). */
function formatDeadline(at: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);
}

function formatHours(hours: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', { maximumFractionDigits: 2 }).format(hours);
}

export interface QueueOfferDeps {
  sql: Sql;
  capacity: number;
  /** A hold's lifetime: what the offered person gets from opening the link. */
  holdMs: number;
  /** QUEUE_OFFER_HOURS: the offer's link is valid this long unless the office set another value. */
  defaultOfferHours: number;
  publicUrl: string;
  status: ConcertStatusReader;
  /** The clock of offers (tests move it); holds keep the database's clock. */
  now?: () => Date;
}

/**
 * The waiting list that moves. While confirmed people wait, a ticket that becomes free is not
 * the public's (tickets/queries/availability.ts `publicShare`): the sweep offers it to the first of them, by
 * e-mail with a personal link valid for the offer hours and a decline link. Opening the link
 * holds the ticket for the session that opened it (single use), for a full hold from then; an
 * offer that runs out, or is declined, goes to the next person at once (the same ticket, passed
 * on in the same transaction), or back to the sale when nobody waits.
 *
 * The sweep runs on a timer in every process; a transaction-wide advisory lock lets one run at a
 * time (the others wait their turn, then find nothing left to do), and the rows it changes are
 * locked (offers with SKIP LOCKED), so
 * opening, declining and the sweep never act on one offer at once.
 */
export function createQueueOfferService(deps: QueueOfferDeps) {
  const { sql, capacity } = deps;
  const now = deps.now ?? (() => new Date());

  async function offerHours(tx: Queryable): Promise<{ hours: number; paused: boolean }> {
    const settings = await queueSettings(tx);
    return { hours: settings.offerHours ?? deps.defaultOfferHours, paused: settings.paused };
  }

  /** Offers `ticketId` (already reserved for the queue, or passed on) to `entry`: the row is theirs until the link ends; the e-mail goes with the transaction. */
  async function makeOffer(
    tx: Queryable,
    entry: WaitingEntry,
    ticketId: string,
    hours: number,
    offeredBy: string | null,
  ) {
    const code = randomBytes(32).toString('base64url');
    const hash = codeHash(code);
    const offeredAt = now();
    const expiresAt = new Date(offeredAt.getTime() + hours * 3_600_000);
    const offer = await insertOffer(tx, {
      entryId: entry.id,
      ticketId,
      codeHash: hash,
      offeredAt,
      expiresAt,
      offeredBy,
    });
    await holdTicketForOffer(tx, ticketId, offer.id, expiresAt);
    const href = `${deps.publicUrl}${paths.visitor.queueOffer.getHref(entry.lang)}?code=${code}`;
    await enqueueEmail(tx, {
      to: entry.email,
      lang: entry.lang,
      type: 'queueOffer',
      vars: {
        firstName: entry.firstName,
        offerUrl: href,
        declineUrl: `${href}&action=decline`,
        offerHours: formatHours(hours, entry.lang),
        offerDeadline: formatDeadline(expiresAt, entry.lang),
        holdMinutes: holdMinutesText(deps.holdMs / 60_000, entry.lang),
      },
      dedupeKey: `queueOffer:${offer.id}`,
    });
    return offer;
  }

  /** The ticket of an offer that ended: to the next person waiting, else back to the sale. */
  async function passOn(tx: Queryable, offer: { id: string; ticketId: string }) {
    const { hours, paused } = await offerHours(tx);
    const next = paused ? undefined : await nextWaitingEntry(tx);
    if (next) await makeOffer(tx, next, offer.ticketId, hours, null);
    else await releaseOfferTicket(tx, offer.ticketId, offer.id);
  }

  /** Ends the offers that ran out and passes their tickets on, then offers free tickets to those waiting (unless paused). */
  async function sweep(): Promise<{ expired: number; offered: number }> {
    const result = await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${SWEEP_LOCK})`;
      let expired = 0;
      for (const offer of await endedOffers(tx, now(), SWEEP_BATCH)) {
        if (!(await endOffer(tx, offer.id, 'expired', now()))) continue;
        expired++;
        if (!offer.ticketConfirmed) await passOn(tx, offer);
      }
      const { hours, paused } = await offerHours(tx);
      let offered = 0;
      while (!paused && offered < SWEEP_BATCH && (await offerNextFreeTicket(tx, hours, null))) offered++;
      return { expired, offered };
    });
    if (result.expired || result.offered) deps.status.invalidate();
    return result;
  }

  /** One free ticket to the first person waiting; false when either is missing. */
  async function offerNextFreeTicket(
    tx: Queryable,
    hours: number,
    offeredBy: string | null,
  ): Promise<boolean> {
    const entry = await nextWaitingEntry(tx);
    if (!entry) return false;
    const ticket = await reserveFreeTicketForOffer(tx, capacity);
    if (!ticket) return false;
    await makeOffer(tx, entry, ticket.id, hours, offeredBy);
    return true;
  }

  function refuseEnded(offer: OfferRow | undefined): asserts offer is OfferRow {
    if (!offer) throw new AppError('FAILED_PRECONDITION', 'offerExpired');
    if (offer.state === 'accepted') throw new AppError('FAILED_PRECONDITION', 'offerUsed');
    if (offer.state !== 'offered') throw new AppError('FAILED_PRECONDITION', 'offerExpired');
  }

  /**
   * The offered person opened the link: the ticket is held for this session from now (the
   * countdown starts here). The same session again gets the same hold; another session is
   * refused (the link is single use), and so is a link that ran out or was declined.
   */
  async function open(sessionUid: string, code: string): Promise<TicketData> {
    const held = await sql.begin(async (tx) => {
      const offer = await offerByCode(tx, codeHash(code));
      refuseEnded(offer);
      if (offer.openedAt) {
        if (offer.sessionUid !== sessionUid) throw new AppError('FAILED_PRECONDITION', 'offerUsed');
        const [row] = await tx<{ holdId: string; holdUntil: Date }[]>`
          SELECT hold_id, hold_until FROM tickets
          WHERE id = ${offer.ticketId} AND offer_id = ${offer.id} AND holder_uid = ${sessionUid} AND hold_expires_at > now() AND confirmed_at IS NULL`;
        if (!row) throw new AppError('FAILED_PRECONDITION', 'offerExpired');
        return row;
      }
      if (offer.expiresAt.getTime() <= now().getTime())
        throw new AppError('FAILED_PRECONDITION', 'offerExpired');
      // One hold per session: a hold the session had from the sale gives way to the offer's.
      if (await releaseHold(tx, sessionUid)) deps.status.adjust(-1);
      const row = await holdOfferTicketForSession(tx, offer.ticketId, offer.id, sessionUid, deps.holdMs);
      if (!row) throw new AppError('FAILED_PRECONDITION', 'offerExpired');
      await markOfferOpened(tx, offer.id, sessionUid, now());
      return { holdId: row.holdId!, holdUntil: row.holdUntil! };
    });
    return {
      ticketId: held.holdId,
      isConfirmed: false,
      validUntil: held.holdUntil.getTime(),
      reserved: true,
    };
  }

  /**
   * Declines a live offer (its link or the decline link); its ticket goes on at once. Declined or
   * ended already: fine. An offer opened in a session is declined only from that session (a
   * forwarded or leaked link cannot take a ticket away from the person signing for it): else
   * 400 offerUsed, and nothing changes.
   */
  async function decline(sessionUid: string, code: string): Promise<Answers['declineQueueOffer']> {
    await sql.begin(async (tx) => {
      const offer = await offerByCode(tx, codeHash(code));
      if (!offer) throw new AppError('FAILED_PRECONDITION', 'offerExpired');
      if (offer.state === 'accepted') throw new AppError('FAILED_PRECONDITION', 'offerUsed');
      if (offer.state !== 'offered') return;
      refuseOtherSession(offer, sessionUid);
      await declineLive(tx, offer);
    });
    deps.status.invalidate();
    return { declined: true };
  }

  function refuseOtherSession(offer: OfferRow, sessionUid: string) {
    if (offer.openedAt && offer.sessionUid !== sessionUid)
      throw new AppError('FAILED_PRECONDITION', 'offerUsed');
  }

  async function declineLive(tx: Queryable, offer: OfferRow) {
    await tx`SELECT 1 FROM tickets WHERE id = ${offer.ticketId} FOR UPDATE`;
    const [row] = await tx<
      { confirmed: boolean }[]
    >`SELECT confirmed_at IS NOT NULL AS confirmed FROM tickets WHERE id = ${offer.ticketId}`;
    // A sign that completed first wins: the ticket is theirs.
    if (row?.confirmed) throw new AppError('FAILED_PRECONDITION', 'offerUsed');
    await endOffer(tx, offer.id, 'declined', now());
    await passOn(tx, offer);
  }

  /** The person's place: by the code of the confirmation link (its page), or else the session's latest request (inQueue). */
  async function place(sessionUid: string, code: string | undefined): Promise<Answers['queuePlace']> {
    const found = await entryPlace(sql, code ? { confirmCodeHash: codeHash(code) } : { sessionUid });
    if (!found) throw new AppError('NOT_FOUND', 'notFound');
    return {
      state: found.confirmed ? found.state : 'unconfirmed',
      position: found.position,
      waiting: found.waiting,
      offerExpiresAt: found.offerExpiresAt?.getTime() ?? null,
    };
  }

  /**
   * One click: the person leaves the queue (a live offer of theirs is declined and passes on; one
   * opened in another session only from that session, as decline).
   */
  async function leave(sessionUid: string, code: string): Promise<Answers['leaveQueue']> {
    await sql.begin(async (tx) => {
      const entry = await entryByConfirmCode(tx, codeHash(code));
      if (!entry) throw new AppError('FAILED_PRECONDITION', 'invalidState');
      if (entry.state === 'waiting') return void (await leaveWaiting(tx, entry.id, now()));
      if (entry.state === 'offered') {
        const offer = await liveOfferOfEntry(tx, entry.id);
        if (offer) refuseOtherSession(offer, sessionUid);
        if (offer) await declineLive(tx, offer);
      }
    });
    deps.status.invalidate();
    return { left: true };
  }

  // ── The office ──

  async function overview(): Promise<Answers['listQueue']> {
    const [{ rows, counts }, settings] = await Promise.all([
      queueOverview(sql, OVERVIEW_LIMIT),
      queueSettings(sql),
    ]);
    let position = 0;
    return {
      paused: settings.paused,
      offerHours: settings.offerHours ?? deps.defaultOfferHours,
      counts,
      entries: rows.map((r) => ({
        entryId: r.entryId,
        state: r.state,
        position: r.state === 'waiting' ? ++position : null,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        confirmedAt: r.confirmedAt.toISOString(),
        changedAt: r.stateChangedAt?.toISOString() ?? null,
        offerOpened: r.offerOpenedAt !== null,
        offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null,
        offeredByHand: r.offeredBy !== null,
      })),
    };
  }

  /**
   * The office sends the next offer by hand (also while paused): a free ticket to the first
   * person waiting. Nobody waiting or no ticket free: FAILED_PRECONDITION.
   */
  async function sendNext(staff: StaffMember): Promise<Answers['sendNextQueueOffer']> {
    const offered = await sql.begin(async (tx) => {
      const { hours } = await offerHours(tx);
      const entry = await nextWaitingEntry(tx);
      if (!entry) return undefined;
      const ticket = await reserveFreeTicketForOffer(tx, capacity);
      if (!ticket) return undefined;
      const offer = await makeOffer(tx, entry, ticket.id, hours, staff.id);
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'queue.offerSent',
        subject: `offer:${offer.id}`,
        after: { ticketId: ticket.id, entryId: entry.id },
      });
      return offer;
    });
    if (!offered) throw new AppError('FAILED_PRECONDITION', 'noTicket');
    deps.status.invalidate();
    return { offerId: offered.id };
  }

  async function setPaused(staff: StaffMember, paused: boolean): Promise<Answers['setQueueOffersPaused']> {
    await sql.begin(async (tx) => {
      const before = await updateQueueSettings(tx, { paused });
      await recordAudit(tx, {
        staffId: staff.id,
        action: paused ? 'queue.paused' : 'queue.resumed',
        before: { paused: before.paused },
        after: { paused },
      });
    });
    if (!paused) void sweep().catch(() => undefined);
    return { paused };
  }

  async function setOfferHours(staff: StaffMember, hours: number): Promise<Answers['setQueueOfferHours']> {
    await sql.begin(async (tx) => {
      const before = await updateQueueSettings(tx, { offerHours: hours });
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'queue.offerHoursSet',
        before: { offerHours: before.offerHours ?? deps.defaultOfferHours },
        after: { offerHours: hours },
      });
    });
    return { offerHours: hours };
  }

  return { sweep, open, decline, place, leave, overview, sendNext, setPaused, setOfferHours };
}
export type QueueOfferService = ReturnType<typeof createQueueOfferService>;

/** Runs the sweep every `intervalMs` in this process; `stop` waits for a sweep under way. */
export function startQueueSweeper(
  offers: Pick<QueueOfferService, 'sweep'>,
  intervalMs: number,
  onError: (err: unknown) => void,
) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = offers.sweep().catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
