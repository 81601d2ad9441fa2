import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { TicketService } from './service.js';

/** Holding, releasing and (for staff) handing out tickets. */
export function ticketCallables(tickets: TicketService) {
  return defineCallables({
    register: async (_payload, { callerId }) => tickets.holdTicket(callerId),
    extendHold: async (_payload, { callerId }) => tickets.extendTicketHold(callerId),
    deregisterClient: async (_payload, { callerId }) => ({ released: await tickets.releaseTicket(callerId) }),
    getTicket: async ({ code }) => tickets.ticketPage(code),
    addManualAttendee: async ({ firstName, lastName, email }, call) =>
      tickets.addManualAttendee(callingStaff(call), { firstName, lastName, email }),
  });
}
