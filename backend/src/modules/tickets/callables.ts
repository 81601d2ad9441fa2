import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import { AppError } from '../../errors.js';
import { publicConcert } from '../concert/facts.js';
import type { ConcertStore } from '../concert/store.js';
import type { TicketService } from './service.js';

/** Holding, releasing and (for staff) handing out tickets. */
export function ticketCallables(tickets: TicketService, concerts: Pick<ConcertStore, 'byId'>) {
  return defineCallables({
    register: async (_payload, { callerId }) => tickets.holdTicket(callerId),
    extendHold: async (_payload, { callerId }) => tickets.extendTicketHold(callerId),
    deregisterClient: async (_payload, { callerId }) => ({ released: await tickets.releaseTicket(callerId) }),
    // A ticket shows its own concert's facts: after next year's is published, last year's ticket
    // still says when and where it was (until the erasure removes it).
    getTicket: async ({ code }) => {
      const { concertId, ...ticket } = await tickets.ticketPage(code);
      const concert = await concerts.byId(concertId);
      if (!concert) throw new AppError('NOT_FOUND', 'notFound');
      return { ...ticket, concert: publicConcert(concert), copyVariables: concert.copyVariables };
    },
    addManualAttendee: async ({ firstName, lastName, email }, call) =>
      tickets.addManualAttendee(callingStaff(call), { firstName, lastName, email }),
  });
}
