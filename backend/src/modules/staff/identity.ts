import { unauthenticated } from '../../errors.js';

/** The signed-in staff member of a staff call: who did it (audit, copy history) and what they may do. */
export interface StaffMember {
  id: string;
  email: string;
  name: string | null;
  isCopyAdmin: boolean;
}

/** The staff member a staff function was called by; the transport sets it after verifying the token. */
export function callingStaff(call: { staff?: StaffMember }): StaffMember {
  if (!call.staff) throw unauthenticated();
  return call.staff;
}
