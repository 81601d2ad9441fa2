import { defineCallables } from '../../callables.js';
import type { AttendeeService } from './service.js';

/** The attendee list and a ticket's history (office work). */
export function attendeeCallables(attendees: AttendeeService) {
  return defineCallables({
    listAttendees: async (payload) => attendees.list(payload),
    attendeeHistory: async ({ ticketId }) => attendees.history(ticketId),
  });
}
