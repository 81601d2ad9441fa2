import { defineCallables } from '../../callables.js';
import { AppError } from '../../errors.js';
import { callingStaff } from '../staff/identity.js';
import type { QueueOfferService } from './offers.js';
import type { QueueService } from './service.js';

/**
 * Asking for a place in the queue when the tickets are gone (or members are queued), confirming
 * it, its place and leaving it; the offers of freed tickets; and the office's hand on them.
 */
export function queueCallables(queue: QueueService, offers: QueueOfferService) {
  return defineCallables({
    enterQueue: async ({ person, lang }, { callerId, ip }) => {
      // The confirmation link and any later offer go by e-mail.
      if (!person.email) throw new AppError('INVALID_ARGUMENT', 'invalidEmail');
      return queue.enterQueue(
        callerId,
        ip,
        { email: person.email, firstName: person.firstName, lastName: person.lastName },
        lang,
      );
    },
    confirmQueuePlace: async ({ code }) => {
      const confirmed = await queue.confirmPlace(code);
      // A new person waiting may be offered a free ticket at once (before the answer, so what
      // follows sees the offer; a failed sweep is retried by the next one and fails nothing here).
      await offers.sweep().catch(() => undefined);
      return confirmed;
    },
    queuePlace: async ({ code }, { callerId }) => offers.place(callerId, code),
    leaveQueue: async ({ code }, { callerId }) => offers.leave(callerId, code),
    openQueueOffer: async ({ code }, { callerId }) => offers.open(callerId, code),
    declineQueueOffer: async ({ code }, { callerId }) => offers.decline(callerId, code),
    listQueue: async () => offers.overview(),
    sendNextQueueOffer: async (_payload, call) => offers.sendNext(callingStaff(call)),
    setQueueOffersPaused: async ({ paused }, call) => offers.setPaused(callingStaff(call), paused),
    setQueueOfferHours: async ({ hours }, call) => offers.setOfferHours(callingStaff(call), hours),
  });
}
