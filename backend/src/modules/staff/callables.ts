import { defineCallables } from '../../callables.js';
import { callingStaff } from './identity.js';
import type { StaffInvitations } from './invite.js';
import type { StaffService } from './service.js';

/** Staff's own rights (profile and isCopyAdmin for any staff member), roles and invitations for the office, the copy right for copy admins. */
export function staffCallables(staff: StaffService, invitations: StaffInvitations) {
  return defineCallables({
    isCopyAdmin: async (_payload, call) => staff.isCopyAdmin(callingStaff(call)),
    getStaffProfile: async ({ signedIn }, call) => staff.profile(callingStaff(call), signedIn === true),
    setCopyAdmin: async ({ email, isCopyAdmin, staffId }, call) =>
      staff.setCopyAdmin(callingStaff(call), email, isCopyAdmin, staffId),
    setStaffRole: async ({ email, role, staffId }, call) =>
      staff.setRole(callingStaff(call), email, role, staffId),
    listStaff: async () => staff.list(),
    listStaffInvitations: async () => invitations.list(),
    withdrawStaffInvitation: async ({ email }, call) => invitations.withdraw(callingStaff(call), email),
    staffSignOut: async (_payload, call) => staff.signOut(callingStaff(call)),
  });
}
