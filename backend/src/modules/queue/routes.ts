import { defineCallables } from '../../callables.js';
import { AppError } from '../../errors.js';
import type { QueueService } from './service.js';

/** Asking for a place in the queue when the tickets are gone (or members are queued), and confirming it. */
export function queueCallables(queue: QueueService) {
  return defineCallables({
    enterQueue: async ({ person, lang }, { callerId, ip }) => {
      // The confirmation link and any later offer go by e-mail.
      if (!person.email) throw new AppError('INVALID_ARGUMENT', 'invalidEmail');
      return queue.enterQueue(callerId, ip, { email: person.email, firstName: person.firstName, lastName: person.lastName }, lang);
    },
    confirmQueuePlace: async ({ code }) => queue.confirmPlace(code),
  });
}
