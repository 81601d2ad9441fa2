import type { StaffRole } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';

/** An address invited before its first sign-in, as the office's list shows it. */
export interface StaffInvitationRow {
  email: string;
  role: StaffRole;
  /** The e-mail of the staff member who invited (null: their row is gone). */
  invitedBy: string | null;
  invitedAt: Date;
}

/**
 * Invites the address (or changes its invitation's role): the role it gets at its first sign-in.
 * The role it had been invited with before (null: a new invitation).
 */
export async function saveInvitation(
  sql: Queryable,
  invitation: { email: string; role: StaffRole; invitedBy: string },
): Promise<{ before: StaffRole | null }> {
  const [old] = await sql<{ role: StaffRole }[]>`
    SELECT role FROM staff_invitations WHERE email_key = ${invitation.email.toLowerCase()} FOR UPDATE`;
  await sql`
    INSERT INTO staff_invitations (email_key, email, role, invited_by)
    VALUES (${invitation.email.toLowerCase()}, ${invitation.email}, ${invitation.role}, ${invitation.invitedBy})
    ON CONFLICT (email_key) DO UPDATE
    SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by, invited_at = now()`;
  return { before: old?.role ?? null };
}

/** Withdraws the address's invitation: the role it had (undefined: there was none). */
export async function deleteInvitation(sql: Queryable, email: string): Promise<StaffRole | undefined> {
  const [row] = await sql<{ role: StaffRole }[]>`
    DELETE FROM staff_invitations WHERE email_key = ${email.toLowerCase()} RETURNING role`;
  return row?.role;
}

/** Every open invitation, for the office's staff page. */
export async function listInvitations(sql: Queryable): Promise<StaffInvitationRow[]> {
  return sql<StaffInvitationRow[]>`
    SELECT i.email, i.role, s.email AS invited_by, i.invited_at
    FROM staff_invitations i LEFT JOIN staff s ON s.id = i.invited_by
    ORDER BY i.email_key
    LIMIT 1000`;
}

/** Whether an account already carries the address (then the office changes its role, no invitation). */
export async function staffWithEmailExists(sql: Queryable, email: string): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM staff WHERE lower(email) = ${email.toLowerCase()} LIMIT 1`;
  return row !== undefined;
}
