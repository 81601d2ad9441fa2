import type { Queryable } from '../../db/connect.js';
import { AppError, unauthenticated } from '../../errors.js';
import type { VerifiedStaffToken } from '../../integrations/identity/verify-staff-token.js';
import { recordStaffSighting, staffIsCopyAdmin } from './queries.js';

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

/** A sign-in is written to the staff table at most this often per issuer + subject (per process). */
const SIGHTING_INTERVAL_MS = 60_000;
const SIGHTINGS_KEPT = 1000;

/**
 * Who is staff: a verified work account whose e-mail is within the allowed domains (else 403
 * unauthorized_domain), identified by the token's issuer + subject; for copy functions also
 * the copy-admin right as stored now (else 403 not_copy_admin).
 */
export function createStaffIdentity(deps: {
  sql: Queryable;
  allowedDomains: readonly string[];
  /** E-mails that get the copy-admin right on first sight. */
  copyAdminEmails: readonly string[];
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const domains = new Set(deps.allowedDomains.map((d) => d.toLowerCase()));
  const firstCopyAdmins = new Set(deps.copyAdminEmails.map((e) => e.toLowerCase()));
  const sightings = new Map<string, { row: StaffMember; at: number }>();

  async function sighting(issuer: string, subject: string, email: string, name: string | null): Promise<StaffMember> {
    const key = `${issuer}\n${subject}`;
    const seen = sightings.get(key);
    if (seen && now() - seen.at < SIGHTING_INTERVAL_MS) return seen.row;
    const row = await recordStaffSighting(deps.sql, { issuer, subject, email, name, copyAdminOnFirstSight: firstCopyAdmins.has(email) });
    if (sightings.size >= SIGHTINGS_KEPT) {
      for (const [k, v] of sightings) if (now() - v.at >= SIGHTING_INTERVAL_MS) sightings.delete(k);
      if (sightings.size >= SIGHTINGS_KEPT) sightings.clear();
    }
    sightings.set(key, { row, at: now() });
    return row;
  }

  return async function identifyStaff(account: VerifiedStaffToken, audience: 'staff' | 'copyAdmin'): Promise<StaffMember> {
    const email = account.email;
    const domain = email?.slice(email.lastIndexOf('@') + 1);
    // A guest may carry an allowed domain's address (an invited external account): never staff.
    if (account.guest || !email || !domain || !domains.has(domain)) throw new AppError('PERMISSION_DENIED', 'unauthorized_domain');

    const row = await sighting(account.issuer, account.subject, email, account.name ?? null);
    // The right is read now, not from the sighting: a revoked right takes effect at once.
    const isCopyAdmin = audience === 'copyAdmin' ? await staffIsCopyAdmin(deps.sql, row.id) : row.isCopyAdmin;
    if (audience === 'copyAdmin' && !isCopyAdmin) throw new AppError('PERMISSION_DENIED', 'not_copy_admin');
    return { id: row.id, email: row.email, name: row.name, isCopyAdmin };
  };
}
