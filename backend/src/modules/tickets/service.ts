import type { Answers, TicketData } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { createBatcher } from '../../db/batch.js';
import type { ConcertStatusReader } from '../concert/status.js';
import type { StaffMember } from '../staff/identity.js';
import { claimFreeTicket, confirmFreeTicketForManualAttendee, ownOrClaimedTickets, releaseHold, renewOwnHold, type TicketRow } from './queries.js';

const UNIQUE_VIOLATION = '23505';

function toTicketData(row: TicketRow): TicketData {
  return {
    ticketId: row.externalId,
    isConfirmed: row.confirmedAt !== null,
    validUntil: row.holdExpiresAt?.getTime() ?? 0,
  };
}

export function createTicketService(deps: { sql: Sql; capacity: number; holdMs: number; status: ConcertStatusReader }) {
  const { sql, capacity, holdMs, status } = deps;
  // Concurrent registers share one statement; 4 batches in flight leave most of the pool (16)
  // to the other calls.
  const ownOrClaimedTogether = createBatcher((uids: string[]) => ownOrClaimedTickets(sql, uids, holdMs, capacity), { parallel: 4, maxSize: 64 });
  const ownOrClaimedAlone = async (uid: string) => (await ownOrClaimedTickets(sql, [uid], holdMs, capacity))[0] ?? {};

  /** Holds one ticket for the session: the same live hold again, the own expired hold renewed, or a free one claimed. */
  async function holdTicket(uid: string): Promise<TicketData> {
    const { concertStatus } = await status.read();
    if (concertStatus === 'Closed' || concertStatus === 'Done') throw new AppError('FAILED_PRECONDITION', 'noTicket');
    // A unique violation means the same session registered twice at once (in one batch or two):
    // the whole batch failed, so each of its sessions retries alone, and then reads the hold the
    // other call won.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const { own, claimed } = attempt === 0 ? await ownOrClaimedTogether(uid) : await ownOrClaimedAlone(uid);
        if (claimed) {
          status.adjust(1);
          return toTicketData(claimed);
        }
        if (own && (own.confirmedAt || (own.holdExpiresAt && own.holdExpiresAt.getTime() > Date.now()))) return toTicketData(own);
        const row = own && ((await renewOwnHold(sql, uid, holdMs, capacity)) || (await claimFreeTicket(sql, uid, holdMs, capacity)));
        if (!row) throw new AppError('ABORTED', 'noTicket');
        // A renewed own hold was counted free while expired; either way one more is taken now.
        status.adjust(1);
        return toTicketData(row);
      } catch (err) {
        if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      }
    }
    throw new AppError('ABORTED', 'noTicket');
  }

  async function releaseTicket(uid: string): Promise<boolean> {
    const released = await releaseHold(sql, uid);
    if (released) status.adjust(-1);
    return released;
  }

  /**
   * A confirmed ticket for someone staff add by hand (a guest, a performer's plus-one): it is
   * claimed like any other ticket, so it takes one of the capacity's and can never oversell.
   */
  async function addManualAttendee(staff: StaffMember, attendee: { firstName: string; lastName: string; email: string }): Promise<Answers['addManualAttendee']> {
    const ticket = await confirmFreeTicketForManualAttendee(sql, capacity, attendee, staff.id);
    if (!ticket) throw new AppError('ABORTED', 'noTicket');
    status.adjust(1);
    return { attendeeId: ticket.id, externalTicketId: ticket.externalId };
  }

  return { holdTicket, releaseTicket, addManualAttendee };
}
export type TicketService = ReturnType<typeof createTicketService>;
