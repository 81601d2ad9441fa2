import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { MailoutService } from './service.js';

/** The ticket mail-out (office work). */
export function mailoutCallables(mailouts: MailoutService) {
  return defineCallables({
    getMailout: async () => mailouts.state(),
    scheduleMailout: async ({ sendAt }, call) => mailouts.schedule(callingStaff(call), sendAt),
    cancelMailout: async (_p, call) => mailouts.cancel(callingStaff(call)),
    retryMailout: async (_p, call) => mailouts.retry(callingStaff(call)),
    previewMailout: async ({ lang }, call) => mailouts.preview(callingStaff(call), lang),
    sendMailoutTest: async ({ lang }, call) => mailouts.sendTest(callingStaff(call), lang),
  });
}
