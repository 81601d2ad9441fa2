import { mayDo, type StaffAudience } from '@concert/shared/staff-rights';
import type { Sql } from '../../db/connect.js';
import { AppError, unauthenticated } from '../../errors.js';
import type { VerifiedStaffToken } from '../../integrations/identity/verify-staff-token.js';
import type { StaffMember } from './member.js';
import { recordStaffSighting, staffRights } from './queries.js';

export type { StaffAudience };
export type { StaffMember };

/** The staff member a staff function was called by; the transport sets it after verifying the token. */
export function callingStaff(call: { staff?: StaffMember }): StaffMember {
  if (!call.staff) throw unauthenticated();
  return call.staff;
}

/** A sign-in is written to the staff table at most this often per issuer + subject (per process). */
const SIGHTING_INTERVAL_MS = 60_000;
const SIGHTINGS_KEPT = 1000;

/** Rights a staff member gets the first time they sign in (how the first office member and copy admin exist). */
export interface FirstSightRights {
  /** E-mails that get the copy-admin right on first sight. */
  copyAdminEmails: readonly string[];
  /** E-mails that get the office role on first sight. */
  officeEmails: readonly string[];
  /** E-mails that get the door role on first sight. */
  doorEmails: readonly string[];
}

/**
 * Who is staff: a verified work account whose e-mail is within the allowed domains (else 403
 * unauthorized_domain), identified by the token's tenant + object id (`tid` + `oid`; a token
 * without them: 401). Functions for door or office
 * work also need the role, copy functions the copy-admin right, as stored now (else 403
 * permissionDenied, or not_copy_admin): a revoked right takes effect at once.
 */
export function createStaffIdentity(
  deps: {
    sql: Sql;
    allowedDomains: readonly string[];
    now?: () => number;
  } & FirstSightRights,
) {
  const now = deps.now ?? Date.now;
  const domains = new Set(deps.allowedDomains.map((d) => d.toLowerCase()));
  const lower = (emails: readonly string[]) => new Set(emails.map((e) => e.toLowerCase()));
  const firstCopyAdmins = lower(deps.copyAdminEmails);
  const firstOffice = lower(deps.officeEmails);
  const firstDoor = lower(deps.doorEmails);
  const sightings = new Map<string, { row: StaffMember; at: number }>();

  async function sighting(
    issuer: string,
    subject: string,
    tenantId: string,
    objectId: string,
    email: string,
    name: string | null,
  ): Promise<StaffMember> {
    const key = `${tenantId}\n${objectId}\n${issuer}\n${subject}`;
    const seen = sightings.get(key);
    if (seen && now() - seen.at < SIGHTING_INTERVAL_MS) return seen.row;
    const roleOnFirstSight = firstOffice.has(email) ? 'office' : firstDoor.has(email) ? 'door' : null;
    const row = await recordStaffSighting(deps.sql, {
      issuer,
      subject,
      tenantId,
      objectId,
      email,
      name,
      copyAdminOnFirstSight: firstCopyAdmins.has(email),
      roleOnFirstSight,
    });
    if (sightings.size >= SIGHTINGS_KEPT) {
      for (const [k, v] of sightings) if (now() - v.at >= SIGHTING_INTERVAL_MS) sightings.delete(k);
      if (sightings.size >= SIGHTINGS_KEPT) sightings.clear();
    }
    sightings.set(key, { row, at: now() });
    return row;
  }

  return async function identifyStaff(
    account: VerifiedStaffToken,
    audience: StaffAudience,
  ): Promise<StaffMember> {
    const email = account.email;
    const domain = email?.slice(email.lastIndexOf('@') + 1);
    // A guest may carry an allowed domain's address (an invited external account): never staff.
    if (account.guest || !email || !domain || !domains.has(domain))
      throw new AppError('PERMISSION_DENIED', 'unauthorized_domain');

    // Who the account is: Entra ID's immutable tenant + object id, never the editable e-mail.
    if (!account.tenantId || !account.objectId) throw unauthenticated();
    const row = await sighting(
      account.issuer,
      account.subject,
      account.tenantId,
      account.objectId,
      email,
      account.name ?? null,
    );
    // Rights are read now, not from the sighting: a revoked right and a sign-out (in any
    // process) take effect at once. After a sign-out a token needs a sign-in newer than it
    // (`auth_time`, issue 39 §11): one issued in or before the sign-out's second is refused, and so
    // is a newer one refreshed from a sign-in before it (a refresh token taken before the
    // sign-out), or one that does not say when its sign-in was. Sign in again for a new one.
    const rights = await staffRights(deps.sql, row.id);
    const signedOut = Math.floor(rights.signedOutAt / 1000);
    if (
      rights.signedOutAt > 0 &&
      (account.issuedAt <= signedOut || account.authTime === undefined || account.authTime <= signedOut)
    )
      throw unauthenticated();
    const member: StaffMember = {
      id: row.id,
      email: row.email,
      name: row.name,
      role: rights.role,
      isCopyAdmin: rights.isCopyAdmin,
    };
    if (!mayDo(member, audience))
      throw new AppError(
        'PERMISSION_DENIED',
        audience === 'copyAdmin' ? 'not_copy_admin' : 'permissionDenied',
      );
    return member;
  };
}
