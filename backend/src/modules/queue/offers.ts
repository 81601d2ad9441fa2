import type { Answers } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { releaseHold } from '../tickets/queries/holds.js';
import {
  holdOfferTicketForSession,
  offerHoldOfSession,
  offerTicketState,
} from '../tickets/queries/offer-tickets.js';
import { endOffer, liveOfferOfEntry, markOfferOpened, offerByCode, type OfferRow } from './queries/offers.js';
import { entryByConfirmCode, entryPlace, leaveWaiting } from './queries/entries.js';
import { offeredEmail } from './queries/offer-email.js';
import { createOffering, codeHash, type QueueOfferDeps } from './offering.js';
import { createQueueOffice } from './offer-office.js';

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
  const { sql } = deps;
  const offering = createOffering(deps);
  const { now, passOn, sweep } = offering;

  function refuseEnded(offer: OfferRow | undefined): asserts offer is OfferRow {
    if (!offer) throw new AppError('FAILED_PRECONDITION', 'offerExpired');
    if (offer.state === 'accepted') throw new AppError('FAILED_PRECONDITION', 'offerUsed');
    if (offer.state !== 'offered') throw new AppError('FAILED_PRECONDITION', 'offerExpired');
  }

  /**
   * The offered person opened the link: the ticket is held for this session from now (the
   * countdown starts here). The same session again gets the same hold; another session is
   * refused (the link is single use), and so is a link that ran out or was declined. The answer
   * names the address the offer was sent to, for the page to fill in (never in the link).
   */
  async function open(sessionUid: string, code: string): Promise<Answers['openQueueOffer']> {
    const held = await sql.begin(async (tx) => {
      const offer = await offerByCode(tx, codeHash(code));
      refuseEnded(offer);
      if (offer.openedAt) {
        if (offer.sessionUid !== sessionUid) throw new AppError('FAILED_PRECONDITION', 'offerUsed');
        const row = await offerHoldOfSession(tx, offer.ticketId, offer.id, sessionUid);
        if (!row) throw new AppError('FAILED_PRECONDITION', 'offerExpired');
        return { ...row, email: await offeredEmail(tx, offer.entryId) };
      }
      if (offer.expiresAt.getTime() <= now().getTime())
        throw new AppError('FAILED_PRECONDITION', 'offerExpired');
      // One hold per session: a hold the session had from the sale gives way to the offer's.
      if (await releaseHold(tx, sessionUid)) deps.status.adjust(-1);
      const row = await holdOfferTicketForSession(tx, offer.ticketId, offer.id, sessionUid, deps.holdMs);
      if (!row) throw new AppError('FAILED_PRECONDITION', 'offerExpired');
      await markOfferOpened(tx, offer.id, sessionUid, now());
      return { holdId: row.holdId!, holdUntil: row.holdUntil!, email: await offeredEmail(tx, offer.entryId) };
    });
    return {
      ticketId: held.holdId,
      isConfirmed: false,
      validUntil: held.holdUntil.getTime(),
      reserved: true,
      email: held.email ?? '',
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
    // A sign that completed first wins: the ticket is theirs (the row stays locked until the end).
    if ((await offerTicketState(tx, offer.ticketId, offer.id)).confirmed)
      throw new AppError('FAILED_PRECONDITION', 'offerUsed');
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

  return { sweep, open, decline, place, leave, ...createQueueOffice(deps, offering) };
}
export type QueueOfferService = ReturnType<typeof createQueueOfferService>;
