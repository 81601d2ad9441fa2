import type { Context } from 'koa';
import type { Sql } from '../db/connect.js';
import { StaffTokenError, type StaffTokenVerifier } from '../integrations/identity/verify-staff-token.js';
import { AppError, unauthenticated } from '../errors.js';
import type { StaffMember } from '../modules/staff/identity.js';
import { recordStaffSighting, staffIsCopyAdmin } from '../modules/staff/queries.js';
import type { Caller } from './callable.js';
import { bearerToken } from './visitor-auth.js';

/** A sign-in is written to the staff table at most this often per issuer + subject (per process). */
const SIGHTING_INTERVAL_MS = 60_000;
const SIGHTINGS_KEPT = 1000;

/**
 * Staff authentication for callable functions: `Authorization: Bearer <token>` verified against
 * the work-account authority (401 noFirebaseToken when missing, invalid or expired), the e-mail
 * within the allowed domains (403 unauthorized_domain), and for copy functions the copy-admin
 * right as stored now (403 not_copy_admin). Staff are identified by the token's issuer + subject.
 */
export function createStaffAuthenticator(deps: {
  sql: Sql;
  verify: StaffTokenVerifier;
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

  return async function authenticateStaff(ctx: Context, audience: 'staff' | 'copyAdmin'): Promise<Caller> {
    const token = bearerToken(ctx);
    if (!token) throw unauthenticated();
    let verified;
    try {
      verified = await deps.verify(token);
    } catch (err) {
      if (err instanceof StaffTokenError && err.reason === 'unavailable') throw new AppError('UNAVAILABLE', 'timeout', { 'Retry-After': '3' });
      throw unauthenticated();
    }
    const email = verified.email;
    const domain = email?.slice(email.lastIndexOf('@') + 1);
    if (!email || !domain || !domains.has(domain)) throw new AppError('PERMISSION_DENIED', 'unauthorized_domain');

    const row = await sighting(verified.issuer, verified.subject, email, verified.name ?? null);
    // The right is read now, not from the sighting: a revoked right takes effect at once.
    const isCopyAdmin = audience === 'copyAdmin' ? await staffIsCopyAdmin(deps.sql, row.id) : row.isCopyAdmin;
    if (audience === 'copyAdmin' && !isCopyAdmin) throw new AppError('PERMISSION_DENIED', 'not_copy_admin');
    const member: StaffMember = { id: row.id, email: row.email, name: row.name, isCopyAdmin };
    return { callerId: member.id, staff: member };
  };
}
