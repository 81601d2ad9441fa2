import { defineCallables } from '../../callables.js';
import type { MembershipService } from './service.js';

/** What the visitor learns about their membership before signing. */
export function membershipCallables(membership: MembershipService) {
  return defineCallables({
    getPersonalInfo: async ({ personalNumber, email }, { callerId }) =>
      membership.personalInfo(callerId, personalNumber, email),
  });
}
