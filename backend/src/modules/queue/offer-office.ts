import type { Answers } from '@concert/shared/api';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { queueOverview, queueSettings, updateQueueSettings } from './queries/entries.js';
import type { Offering, QueueOfferDeps } from './offering.js';

/** Entries the office's list shows at most. */
const OVERVIEW_LIMIT = 1000;

/** The office's side of the waiting list: the list, an offer sent by hand, pause, the offer hours. Every change leaves an audit row. */
export function createQueueOffice(deps: QueueOfferDeps, offering: Offering) {
  const { sql } = deps;
  const { offerHours, offerNextFreeTicket, sweep } = offering;

  async function overview(): Promise<Answers['listQueue']> {
    const [{ rows, counts }, settings] = await Promise.all([
      queueOverview(sql, OVERVIEW_LIMIT, deps.scope.concertId),
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
      const offer = await offerNextFreeTicket(tx, hours, staff.id);
      if (offer)
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'queue.offerSent',
          subject: `offer:${offer.offerId}`,
          after: { ticketId: offer.ticketId, entryId: offer.entryId },
        });
      return offer;
    });
    if (!offered) throw new AppError('FAILED_PRECONDITION', 'noTicket');
    deps.status.invalidate();
    return { offerId: offered.offerId };
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

  return { overview, sendNext, setPaused, setOfferHours };
}
