import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { CheckInService } from './service.js';

/** The door's functions (door or office staff: FUNCTION_CALLERS, checked by the transport before they run). */
export function checkInCallables(checkIn: CheckInService) {
  return defineCallables({
    scanTicket: async ({ externalTicketId }, call) =>
      checkIn.scanTicket(callingStaff(call), externalTicketId),
    checkIn: async (payload, call) => checkIn.checkIn(callingStaff(call), payload),
    undoCheckIn: async (payload, call) => checkIn.undoCheckIn(callingStaff(call), payload),
    syncCheckIns: async (payload, call) => checkIn.syncCheckIns(callingStaff(call), payload),
    registerDoorDevice: async (payload, call) => checkIn.registerDoorDevice(callingStaff(call), payload),
    doorStatus: async (payload, call) => {
      callingStaff(call);
      return checkIn.doorStatus(payload);
    },
    doorList: async (payload, call) => {
      callingStaff(call);
      return checkIn.doorList(payload);
    },
  });
}
