import type { StaffRole } from '@concert/shared/api';

/** The signed-in staff member of a staff call: who did it (audit, copy history) and what they may do (`mayDo`). */
export interface StaffMember {
  id: string;
  email: string;
  name: string | null;
  /** null: signed in, but given no work yet (an office member gives a role). */
  role: StaffRole | null;
  isCopyAdmin: boolean;
}
