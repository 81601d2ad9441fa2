import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { OutboxService } from './service.js';

/** Staff's e-mail functions. */
export function outboxCallables(outbox: OutboxService) {
  return defineCallables({
    addEmailToQueue: async ({ email, name, emailType, ticketId, lang }, call) =>
      outbox.queueEmail(callingStaff(call), { email, name, emailType, ticketId, lang }),
    listOutbox: async () => outbox.outbox(),
  });
}
