import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { RetentionService } from './service.js';

/** What the erasure of the sale's personal data will do and when; running it early (office work). */
export function retentionCallables(retention: RetentionService) {
  return defineCallables({
    getErasurePlan: async () => retention.plan(),
    eraseSaleDataNow: async (_p, call) => retention.eraseEarly(callingStaff(call)),
  });
}
