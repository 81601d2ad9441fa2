import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { CheckInService } from './service.js';

/** The door's functions (staff only: FUNCTION_CALLERS, checked by the transport before they run). */
export function checkInCallables(checkIn: CheckInService) {
  return defineCallables({
    scanTicket: async ({ externalTicketId }, call) => checkIn.scanTicket(callingStaff(call), externalTicketId),
  });
}
