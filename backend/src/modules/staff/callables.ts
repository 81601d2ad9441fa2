import { defineCallables } from '../../callables.js';
import { callingStaff } from './identity.js';
import type { StaffService } from './service.js';

/** Staff's own rights (profile and isCopyAdmin for any staff member), roles for the office, the copy right for copy admins. */
export function staffCallables(staff: StaffService) {
  return defineCallables({
    isCopyAdmin: async (_payload, call) => staff.isCopyAdmin(callingStaff(call)),
    getStaffProfile: async ({ signedIn }, call) => staff.profile(callingStaff(call), signedIn === true),
    setCopyAdmin: async ({ email, isCopyAdmin, staffId }, call) =>
      staff.setCopyAdmin(callingStaff(call), email, isCopyAdmin, staffId),
    setStaffRole: async ({ email, role, staffId }, call) =>
      staff.setRole(callingStaff(call), email, role, staffId),
    listStaff: async () => staff.list(),
    staffSignOut: async (_payload, call) => staff.signOut(callingStaff(call)),
  });
}
