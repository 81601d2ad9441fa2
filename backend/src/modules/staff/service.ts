import type { Answers } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import type { StaffMember } from './identity.js';
import { setCopyAdminByEmail, staffIsCopyAdmin } from './queries.js';

/** Staff's rights: the copy-admin right, read and changed by copy admins. */
export function createStaffService({ sql }: { sql: Sql }) {
  /** Reads the right as stored now (a grant or revocation shows at once). */
  async function isCopyAdmin(staff: StaffMember): Promise<Answers['isCopyAdmin']> {
    return { isCopyAdmin: await staffIsCopyAdmin(sql, staff.id) };
  }

  /**
   * Grants or revokes the copy-admin right of a staff member who has signed in at least once
   * (unknown e-mail: 404). A copy admin cannot revoke their own right, so one always remains.
   */
  async function setCopyAdmin(staff: StaffMember, email: string, isCopyAdmin: boolean): Promise<Answers['setCopyAdmin']> {
    const target = email.toLowerCase();
    if (!isCopyAdmin && target === staff.email.toLowerCase()) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    const changed = await setCopyAdminByEmail(sql, target, isCopyAdmin, staff.email);
    if (changed === 0) throw notFound();
    return { email: target, isCopyAdmin };
  }

  return { isCopyAdmin, setCopyAdmin };
}
export type StaffService = ReturnType<typeof createStaffService>;
