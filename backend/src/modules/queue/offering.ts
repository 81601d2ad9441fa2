import { createHash, randomBytes } from 'node:crypto';
import { holdMinutesText, paths, type Lang } from '@concert/shared/universal';
import type { Queryable, Sql } from '../../db/connect.js';
import type { ConcertStatusReader } from '../concert/status.js';
import { enqueueEmail } from '../outbox/queries.js';
import {
  holdTicketForOffer,
  releaseOfferTicket,
  reserveFreeTicketForOffer,
} from '../tickets/queries/offer-tickets.js';
import type { TicketScope } from '../tickets/queries/availability.js';
import { endOffer, endedOffers, insertOffer } from './queries/offers.js';
import { offerDeadline } from './offer-deadline.js';
import { nextWaitingEntry, queueSettings, type WaitingEntry } from './queries/entries.js';

/** An offer's link carries its code; the database keeps only this hash of it. */
export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');
/** One sweep at a time across all processes (pg_advisory_xact_lock key): offers go out in queue order. */
const SWEEP_LOCK = 0x71756575; // 'queu'
/** Offers made or ended per sweep at most (the next sweep goes on). */
const SWEEP_BATCH = 100;

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
  /** The current concert's ticket rows (a getter). */
  scope: TicketScope;
  /** A hold's lifetime: what the offered person gets from opening the link. */
  holdMs: number;
  /** QUEUE_OFFER_HOURS: the offer's link is valid this long unless the office set another value. */
  defaultOfferHours: number;
  publicUrl: string;
  status: ConcertStatusReader;
  /** When the concert's sale closes (epoch ms, concert/terms.ts): no offer is made from then on. */
  readonly salesCloseAt: number;
  /** The clock of offers (tests move it); holds keep the database's clock. */
  now?: () => Date;
}

/**
 * How an offer is made and passed on: a ticket reserved for the waiting list goes to the first
 * person waiting, by e-mail with a personal link (the e-mail leaves with the transaction); an
 * offer that ended passes its ticket to the next person, or back to the sale. The sweep does
 * both on a timer; the visitor's and the office's commands (offers.ts, offer-office.ts) use the
 * same steps.
 */
export function createOffering(deps: QueueOfferDeps) {
  const { sql } = deps;
  const now = deps.now ?? (() => new Date());

  /** The offer hours, and whether offers are held back: paused by the office, or the sale closed. */
  async function offerHours(tx: Queryable): Promise<{ hours: number; paused: boolean }> {
    const settings = await queueSettings(tx);
    return { hours: settings.offerHours ?? deps.defaultOfferHours, paused: settings.paused || saleClosed() };
  }

  const saleClosed = () => now().getTime() >= deps.salesCloseAt;

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
    // Made in the Stockholm night, it runs until the morning (offer-deadline.ts).
    const expiresAt = offerDeadline(offeredAt, hours);
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
        offerHours: formatHours((expiresAt.getTime() - offeredAt.getTime()) / 3_600_000, entry.lang),
        offerDeadline: formatDeadline(expiresAt, entry.lang),
        holdMinutes: holdMinutesText(deps.holdMs / 60_000, entry.lang),
      },
      dedupeKey: `queueOffer:${offer.id}`,
    });
    return offer;
  }

  /** The ticket of an offer that ended: to the next person waiting, else back to the sale. */
  async function passOn(tx: Queryable, offer: { id: string; ticketId: string; concertId: number }) {
    const { hours, paused } = await offerHours(tx);
    // Only a ticket of the current concert goes to its waiting list (an old concert's goes back).
    const current = offer.concertId === deps.scope.concertId;
    const next = paused || !current ? undefined : await nextWaitingEntry(tx, deps.scope.concertId);
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

  /** One free ticket to the first person waiting: the offer made, or undefined when either is missing. */
  async function offerNextFreeTicket(tx: Queryable, hours: number, offeredBy: string | null) {
    if (saleClosed()) return undefined;
    const entry = await nextWaitingEntry(tx, deps.scope.concertId);
    if (!entry) return undefined;
    const ticket = await reserveFreeTicketForOffer(tx, deps.scope);
    if (!ticket) return undefined;
    const offer = await makeOffer(tx, entry, ticket.id, hours, offeredBy);
    return { offerId: offer.id, entryId: entry.id, ticketId: ticket.id };
  }

  return { now, offerHours, makeOffer, passOn, sweep, offerNextFreeTicket };
}
export type Offering = ReturnType<typeof createOffering>;

/** Runs the sweep every `intervalMs` in this process; `stop` waits for a sweep under way. */
export function startQueueSweeper(
  offers: Pick<Offering, 'sweep'>,
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
