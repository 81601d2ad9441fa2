import type { Answers, StaffRole } from '@concert/shared/api';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from './identity.js';
import { deleteInvitation, listInvitations, saveInvitation } from './invitations.js';

/**
 * Invitations (issue 40 §3): a role for an address that has not signed in yet, applied at its
 * first sign-in (queries.ts recordStaffSighting). Only addresses within the allowed domains
 * (others could never sign in: INVALID_ARGUMENT unauthorized_domain, nothing saved). Addresses
 * are compared case-insensitively. Every invitation and withdrawal is audited.
 */
export function createStaffInvitations({
  sql,
  allowedDomains,
}: {
  sql: Sql;
  allowedDomains: readonly string[];
}) {
  const domains = new Set(allowedDomains.map((d) => d.toLowerCase()));

  /** Invites the (lower-cased) address with the role, in the caller's transaction. */
  async function invite(tx: Queryable, staff: StaffMember, email: string, role: StaffRole) {
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (!domains.has(domain)) throw new AppError('INVALID_ARGUMENT', 'unauthorized_domain');
    const { before } = await saveInvitation(tx, { email, role, invitedBy: staff.id });
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'staff.invite',
      subject: email,
      before: { role: before },
      after: { role },
    });
  }

  /** Withdraws the address's invitation (none: 404), audited. */
  async function withdraw(staff: StaffMember, email: string): Promise<Answers['withdrawStaffInvitation']> {
    const target = email.toLowerCase();
    await sql.begin(async (tx) => {
      const role = await deleteInvitation(tx, target);
      if (role === undefined) throw notFound();
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'staff.withdrawInvitation',
        subject: target,
        before: { role },
        after: { role: null },
      });
    });
    return { email: target, withdrawn: true };
  }

  async function list(): Promise<Answers['listStaffInvitations']> {
    return (await listInvitations(sql)).map((i) => ({ ...i, invitedAt: i.invitedAt.toISOString() }));
  }

  return { invite, withdraw, list };
}
export type StaffInvitations = ReturnType<typeof createStaffInvitations>;
