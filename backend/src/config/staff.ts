/** Staff sign-in's configuration: the identity provider, the API's audience and who holds which role. */
import type { z } from 'zod';
import type { envSchema } from './env.js';
import { commaList } from './values.js';

/** Demo defaults of staff sign-in: the dev IdP's client and API. */
const DEMO_STAFF_CLIENT_ID = 'concert-staff';

const DEMO_STAFF_API_AUDIENCE = 'api://concert-staff';

const DEMO_COPY_ADMINS = 'editor@staff.example';

const DEMO_OFFICE = 'editor@staff.example,office@org.example';

const DEMO_DOOR = 'door@org.example';

export interface StaffConfig {
  /** Unset in demo mode until the dev IdP has started (its port may be chosen at start). */
  authority?: string;
  clientId: string;
  apiAudience: string;
  apiScope: string;
  issuer?: string;
  jwksUri?: string;
  protocolMode?: 'AAD' | 'OIDC';
  /** Lower-case e-mails granted the copy-admin right on first sign-in. */
  copyAdminEmails: string[];
  /** Lower-case e-mails given the office role, or the door role, on first sign-in. */
  officeEmails: string[];
  doorEmails: string[];
}

export function staffConfig(e: z.infer<typeof envSchema>, production: boolean): StaffConfig {
  const apiAudience = e.STAFF_API_AUDIENCE ?? DEMO_STAFF_API_AUDIENCE;
  return {
    authority: e.STAFF_AUTHORITY?.replace(/\/+$/, ''),
    clientId: e.STAFF_CLIENT_ID ?? DEMO_STAFF_CLIENT_ID,
    apiAudience,
    apiScope: e.STAFF_API_SCOPE ?? `${apiAudience}/access_as_user`,
    issuer: e.STAFF_ISSUER,
    jwksUri: e.STAFF_JWKS_URI,
    protocolMode: e.STAFF_PROTOCOL_MODE,
    copyAdminEmails: emails(e.STAFF_COPY_ADMINS ?? (production ? '' : DEMO_COPY_ADMINS)),
    officeEmails: emails(e.STAFF_OFFICE ?? (production ? '' : DEMO_OFFICE)),
    doorEmails: emails(e.STAFF_DOOR ?? (production ? '' : DEMO_DOOR)),
  };
}

const emails = (list: string) => commaList(list).map((m) => m.toLowerCase());
