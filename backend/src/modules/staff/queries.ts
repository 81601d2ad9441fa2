import type { Queryable } from '../../db/connect.js';
import type { StaffRole } from '@concert/shared/api';
import type { StaffMember } from './identity.js';

/**
 * Records a verified sign-in: a new staff member on first sight (with the role and copy-admin
 * right given on first sight), else the e-mail and name refreshed. Rights are never changed
 * here: only the office changes roles (setStaffRole), only copy admins the copy right.
 */
export async function recordStaffSighting(
  sql: Queryable,
  s: {
    issuer: string;
    subject: string;
    email: string;
    name: string | null;
    copyAdminOnFirstSight: boolean;
    roleOnFirstSight: StaffRole | null;
  },
): Promise<StaffMember> {
  const [row] = await sql<StaffMember[]>`
    INSERT INTO staff (issuer, subject, email, name, is_copy_admin, role)
    VALUES (${s.issuer}, ${s.subject}, ${s.email}, ${s.name}, ${s.copyAdminOnFirstSight}, ${s.roleOnFirstSight})
    ON CONFLICT (issuer, subject) DO UPDATE
    SET email = EXCLUDED.email,
        name = EXCLUDED.name,
        last_seen_at = now()
    RETURNING id, email, name, role, is_copy_admin`;
  return row!;
}

/** The staff member's rights as stored now, and when they last signed out (epoch ms, 0: never). */
export async function staffRights(
  sql: Queryable,
  staffId: string,
): Promise<Pick<StaffMember, 'role' | 'isCopyAdmin'> & { signedOutAt: number }> {
  const [row] = await sql<(Pick<StaffMember, 'role' | 'isCopyAdmin'> & { signedOutAt: number })[]>`
    SELECT role, is_copy_admin, COALESCE(floor(extract(epoch FROM signed_out_at) * 1000), 0)::float8 AS signed_out_at
    FROM staff
    WHERE id = ${staffId}`;
  return row ?? { role: null, isCopyAdmin: false, signedOutAt: 0 };
}

/** Signs the staff member out on the server: tokens issued until now are refused from now on. */
export async function recordSignOut(sql: Queryable, staffId: string): Promise<void> {
  await sql`UPDATE staff SET signed_out_at = now() WHERE id = ${staffId}`;
}

export async function staffIsCopyAdmin(sql: Queryable, staffId: string): Promise<boolean> {
  return (await staffRights(sql, staffId)).isCopyAdmin;
}

/** Gives every sign-in with that e-mail the role (null: none); the rows changed with their role before. */
export async function setRoleByEmail(
  sql: Queryable,
  email: string,
  role: StaffRole | null,
  changedBy: string,
): Promise<{ id: string; before: StaffRole | null }[]> {
  return sql<{ id: string; before: StaffRole | null }[]>`
    UPDATE staff s
    SET role = ${role},
        role_changed_by = ${changedBy},
        role_changed_at = now()
    FROM staff old
    WHERE old.id = s.id AND lower(s.email) = ${email.toLowerCase()}
    RETURNING s.id, old.role AS before`;
}

/** Every staff member who has signed in, for the office's list of who may do what. */
export async function listStaff(sql: Queryable): Promise<(Omit<StaffMember, 'id'> & { lastSeenAt: Date })[]> {
  return sql<(Omit<StaffMember, 'id'> & { lastSeenAt: Date })[]>`
    SELECT email, name, role, is_copy_admin, last_seen_at
    FROM staff
    ORDER BY lower(email), last_seen_at DESC
    LIMIT 1000`;
}

/** Grants or revokes the right for every sign-in with that e-mail; the number of staff rows changed. */
export async function setCopyAdminByEmail(
  sql: Queryable,
  email: string,
  isCopyAdmin: boolean,
  changedBy: string,
): Promise<number> {
  const rows = await sql`
    UPDATE staff
    SET is_copy_admin = ${isCopyAdmin},
        copy_admin_changed_by = ${changedBy},
        copy_admin_changed_at = now()
    WHERE lower(email) = ${email.toLowerCase()}
    RETURNING id`;
  return rows.length;
}
