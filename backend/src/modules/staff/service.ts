import type { Answers, StaffRole } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from './identity.js';
import { staffWithEmailExists } from './invitations.js';
import type { StaffInvitations } from './invite.js';
import {
  listStaff,
  recordSignOut,
  setCopyAdminByEmail,
  setRoleByEmail,
  staffIsCopyAdmin,
} from './queries.js';

/** Staff's rights: the role (door, office) changed by the office, the copy-admin right changed by copy admins; each change audited. */
export function createStaffService({ sql, invitations }: { sql: Sql; invitations: StaffInvitations }) {
  /** Reads the right as stored now (a grant or revocation shows at once). */
  async function isCopyAdmin(staff: StaffMember): Promise<Answers['isCopyAdmin']> {
    return { isCopyAdmin: await staffIsCopyAdmin(sql, staff.id) };
  }

  /** The caller and their rights (read now by the identity); a fresh sign-in is audited. */
  async function profile(staff: StaffMember, signedIn: boolean): Promise<Answers['getStaffProfile']> {
    if (signedIn)
      await recordAudit(sql, {
        staffId: staff.id,
        action: 'staff.signIn',
        after: { role: staff.role, isCopyAdmin: staff.isCopyAdmin },
      });
    return { email: staff.email, name: staff.name, role: staff.role, isCopyAdmin: staff.isCopyAdmin };
  }

  /**
   * Grants or revokes the copy-admin right of a staff member who has signed in at least once
   * (unknown e-mail: 404). A copy admin cannot revoke their own right, so one always remains.
   */
  async function setCopyAdmin(
    staff: StaffMember,
    email: string,
    isCopyAdmin: boolean,
    staffId?: string,
  ): Promise<Answers['setCopyAdmin']> {
    const target = email.toLowerCase();
    if (!isCopyAdmin && target === staff.email.toLowerCase())
      throw new AppError('FAILED_PRECONDITION', 'invalidState');
    await sql.begin(async (tx) => {
      const changed = await setCopyAdminByEmail(tx, target, isCopyAdmin, staff.email, staffId);
      if (changed === 0) throw notFound();
      // Several accounts carry the address (the e-mail claim is editable): name the one meant.
      if (changed > 1) throw new AppError('FAILED_PRECONDITION', 'invalidState');
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'staff.setCopyAdmin',
        subject: target,
        after: { isCopyAdmin },
      });
    });
    return { email: target, isCopyAdmin };
  }

  /**
   * Gives a staff member who has signed in at least once a role, or none. An address never seen
   * is invited with the role instead (invite.ts; its first sign-in gets it), and none for it
   * withdraws its invitation (neither seen nor invited: 404). An office member cannot take their
   * own office role away, so one always remains.
   */
  async function setRole(
    staff: StaffMember,
    email: string,
    role: StaffRole | null,
    staffId?: string,
  ): Promise<Answers['setStaffRole']> {
    const target = email.toLowerCase();
    if (role !== 'office' && target === staff.email.toLowerCase())
      throw new AppError('FAILED_PRECONDITION', 'invalidState');
    const invited = staffId === undefined && !(await staffWithEmailExists(sql, target));
    if (invited && role === null) {
      await invitations.withdraw(staff, target);
      return { email: target, role, invited: false };
    }
    await sql.begin(async (tx) => {
      if (invited && role !== null) return invitations.invite(tx, staff, target, role);
      const changed = await setRoleByEmail(tx, target, role, staff.email, staffId);
      if (changed.length === 0) throw notFound();
      // Several accounts carry the address (the e-mail claim is editable): name the one meant.
      if (changed.length > 1) throw new AppError('FAILED_PRECONDITION', 'invalidState');
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'staff.setRole',
        subject: target,
        before: { role: changed[0]!.before },
        after: { role },
      });
    });
    return { email: target, role, invited };
  }

  /**
   * Sign-out on the server (the page calls it before leaving for the IdP's sign-out): every token
   * issued to the caller until now is refused from now on, by every backend process. Audited.
   */
  async function signOut(staff: StaffMember): Promise<Answers['staffSignOut']> {
    await sql.begin(async (tx) => {
      await recordSignOut(tx, staff.id);
      await recordAudit(tx, { staffId: staff.id, action: 'staff.signOut' });
    });
    return { signedOut: true };
  }

  async function list(): Promise<Answers['listStaff']> {
    return (await listStaff(sql)).map((s) => ({ ...s, lastSeenAt: s.lastSeenAt.toISOString() }));
  }

  return { isCopyAdmin, profile, setCopyAdmin, setRole, list, signOut };
}
export type StaffService = ReturnType<typeof createStaffService>;
