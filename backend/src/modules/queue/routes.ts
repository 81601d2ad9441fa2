import { defineCallables } from '../../callables.js';
import { AppError } from '../../errors.js';
import type { QueueService } from './service.js';

/** Joining the queue when the tickets are gone (or members are queued). */
export function queueCallables(queue: QueueService) {
  return defineCallables({
    enterQueue: async ({ person, lang }, { callerId }) => {
      // The queue's confirmation and any later offer go by e-mail.
      if (!person.email) throw new AppError('INVALID_ARGUMENT', 'invalidEmail');
      return queue.enterQueue(callerId, { email: person.email, firstName: person.firstName, lastName: person.lastName }, lang);
    },
  });
}
