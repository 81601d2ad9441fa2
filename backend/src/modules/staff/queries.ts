import type { Queryable } from '../../db/connect.js';
import type { StaffMember } from './identity.js';

/**
 * Records a verified sign-in: a new staff member on first sight (with the copy-admin right
 * when `copyAdminOnFirstSight`), else the e-mail and name refreshed. The right itself is never
 * changed here: only a copy admin changes it (setCopyAdmin).
 */
export async function recordStaffSighting(
  sql: Queryable,
  s: { issuer: string; subject: string; email: string; name: string | null; copyAdminOnFirstSight: boolean },
): Promise<StaffMember> {
  const [row] = await sql<StaffMember[]>`
    INSERT INTO staff (issuer, subject, email, name, is_copy_admin)
    VALUES (${s.issuer}, ${s.subject}, ${s.email}, ${s.name}, ${s.copyAdminOnFirstSight})
    ON CONFLICT (issuer, subject) DO UPDATE
    SET email = EXCLUDED.email,
        name = EXCLUDED.name,
        last_seen_at = now()
    RETURNING id, email, name, is_copy_admin`;
  return row!;
}

export async function staffIsCopyAdmin(sql: Queryable, staffId: string): Promise<boolean> {
  const [row] = await sql<{ isCopyAdmin: boolean }[]>`
    SELECT is_copy_admin
    FROM staff
    WHERE id = ${staffId}`;
  return row?.isCopyAdmin ?? false;
}

/** Grants or revokes the right for every sign-in with that e-mail; the number of staff rows changed. */
export async function setCopyAdminByEmail(sql: Queryable, email: string, isCopyAdmin: boolean, changedBy: string): Promise<number> {
  const rows = await sql`
    UPDATE staff
    SET is_copy_admin = ${isCopyAdmin},
        copy_admin_changed_by = ${changedBy},
        copy_admin_changed_at = now()
    WHERE lower(email) = ${email.toLowerCase()}
    RETURNING id`;
  return rows.length;
}
