import type { Queryable, Sql } from '../../db/connect.js';
import { unauthenticated } from '../../errors.js';
import type { StaffRole } from '@concert/shared/api';
import type { StaffMember } from './member.js';

/**
 * Records a verified sign-in, by the account's tenant + object id: a new staff member on first
 * sight, else the e-mail and name refreshed. A row from before the ids were kept (same issuer +
 * subject, no ids) is taken over. The rights given on first sight by e-mail go only to the first
 * account seen with that e-mail: another account later carrying the same (editable) address
 * gets nothing. That first account gets the role the office invited its address with (the
 * invitation is then used up), else the role of the first-sight settings. Rights are never
 * changed here otherwise: only the office changes roles (setStaffRole), only copy admins the copy right.
 *
 * Several first sign-ins of one account at once (tabs, retries) are one: the insert does nothing
 * on any conflict (it waits for the other to commit), and the row is then refreshed instead.
 */
export async function recordStaffSighting(
  sql: Sql,
  s: {
    issuer: string;
    subject: string;
    tenantId: string;
    objectId: string;
    email: string;
    name: string | null;
    copyAdminOnFirstSight: boolean;
    roleOnFirstSight: StaffRole | null;
  },
): Promise<StaffMember> {
  return sql.begin(async (tx) => {
    await tx`
      UPDATE staff SET tenant_id = ${s.tenantId}, object_id = ${s.objectId}
      WHERE issuer = ${s.issuer} AND subject = ${s.subject} AND tenant_id IS NULL`;
    const [inserted] = await tx<StaffMember[]>`
      WITH first_with_email AS (
        SELECT NOT EXISTS (SELECT 1 FROM staff WHERE lower(email) = lower(${s.email})) AS yes
      ),
      invited AS (
        SELECT role FROM staff_invitations WHERE email_key = lower(${s.email})
      )
      INSERT INTO staff (issuer, subject, tenant_id, object_id, email, name, is_copy_admin, role)
      SELECT ${s.issuer}, ${s.subject}, ${s.tenantId}, ${s.objectId}, ${s.email}, ${s.name},
             ${s.copyAdminOnFirstSight} AND f.yes,
             CASE WHEN f.yes THEN COALESCE((SELECT role FROM invited), ${s.roleOnFirstSight}::text) END
      FROM first_with_email f
      ON CONFLICT DO NOTHING
      RETURNING id, email, name, role, is_copy_admin`;
    if (inserted) {
      // The invitation is used (the first account with the address got its role).
      await tx`DELETE FROM staff_invitations WHERE email_key = lower(${s.email})`;
      return inserted;
    }
    const [seen] = await tx<StaffMember[]>`
      UPDATE staff SET email = ${s.email}, name = ${s.name}, last_seen_at = now()
      WHERE tenant_id = ${s.tenantId} AND object_id = ${s.objectId}
      RETURNING id, email, name, role, is_copy_admin`;
    // Another account holds this issuer + subject (never so with Entra ID): no staff member.
    if (!seen) throw unauthenticated();
    return seen;
  });
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

/**
 * Gives the staff member with that e-mail the role (null: none); the rows changed with their
 * role before. `staffId` names the account when several carry the e-mail (the caller refuses
 * to change more than one).
 */
export async function setRoleByEmail(
  sql: Queryable,
  email: string,
  role: StaffRole | null,
  changedBy: string,
  staffId?: string,
): Promise<{ id: string; before: StaffRole | null }[]> {
  return sql<{ id: string; before: StaffRole | null }[]>`
    UPDATE staff s
    SET role = ${role},
        role_changed_by = ${changedBy},
        role_changed_at = now()
    FROM staff old
    WHERE old.id = s.id AND lower(s.email) = ${email.toLowerCase()}
      AND (${staffId ?? null}::uuid IS NULL OR s.id = ${staffId ?? null}::uuid)
    RETURNING s.id, old.role AS before`;
}

/** Every staff member who has signed in, for the office's list of who may do what. */
export async function listStaff(sql: Queryable): Promise<(StaffMember & { lastSeenAt: Date })[]> {
  return sql<(StaffMember & { lastSeenAt: Date })[]>`
    SELECT id, email, name, role, is_copy_admin, last_seen_at
    FROM staff
    ORDER BY lower(email), last_seen_at DESC
    LIMIT 1000`;
}

/**
 * Grants or revokes the right of the staff member with that e-mail (`staffId` names the account
 * when several carry it); the number of staff rows changed (the caller refuses more than one).
 */
export async function setCopyAdminByEmail(
  sql: Queryable,
  email: string,
  isCopyAdmin: boolean,
  changedBy: string,
  staffId?: string,
): Promise<number> {
  const rows = await sql`
    UPDATE staff
    SET is_copy_admin = ${isCopyAdmin},
        copy_admin_changed_by = ${changedBy},
        copy_admin_changed_at = now()
    WHERE lower(email) = ${email.toLowerCase()}
      AND (${staffId ?? null}::uuid IS NULL OR id = ${staffId ?? null}::uuid)
    RETURNING id`;
  return rows.length;
}
