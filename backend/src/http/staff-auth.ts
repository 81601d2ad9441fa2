import type { Sql } from '../db/connect.js';
import { AppError, unauthenticated } from '../errors.js';
import { StaffTokenError, type StaffTokenVerifier } from '../integrations/identity/verify-staff-token.js';
import { createStaffIdentity, type FirstSightRights, type StaffAudience } from '../modules/staff/identity.js';
import type { Caller } from './callable.js';
import { bearerOf } from './visitor-auth.js';

/**
 * Staff authentication for callable functions: `Authorization: Bearer <token>` verified against
 * the work-account authority (401 noFirebaseToken when missing, invalid or expired; 503 when the
 * authority cannot be reached), then who is staff and with which right is the staff module's
 * rule (modules/staff/identity.ts).
 */
export function createStaffAuthenticator(
  deps: {
    sql: Sql;
    verify: StaffTokenVerifier;
    allowedDomains: readonly string[];
    now?: () => number;
  } & FirstSightRights,
) {
  const identifyStaff = createStaffIdentity(deps);

  /** `authorization`: the request's Authorization header. */
  return async function authenticateStaff(
    authorization: string | undefined,
    audience: StaffAudience,
  ): Promise<Caller> {
    const token = bearerOf(authorization);
    if (!token) throw unauthenticated();
    let verified;
    try {
      verified = await deps.verify(token);
    } catch (err) {
      if (err instanceof StaffTokenError && err.reason === 'unavailable')
        throw new AppError('UNAVAILABLE', 'timeout', { 'Retry-After': '3' });
      throw unauthenticated();
    }
    const staff = await identifyStaff(verified, audience);
    return { callerId: staff.id, staff };
  };
}
