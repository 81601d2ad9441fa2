import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { TicketOffice } from './office.js';

/** The office's work on one ticket (office role: FUNCTION_CALLERS; door staff get 403 before these run). */
export function ticketOfficeCallables(office: TicketOffice) {
  return defineCallables({
    cancelTicket: async (payload, call) => office.cancelTicket(callingStaff(call), payload),
    transferTicket: async (payload, call) => office.transferTicket(callingStaff(call), payload),
    resendTicketEmail: async (payload, call) => office.resendTicketEmail(callingStaff(call), payload),
  });
}
