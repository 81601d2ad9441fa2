import { createHash } from 'node:crypto';

/**
 * The work accounts of the dev IdP (CONTRACT.md §4), demo mode only. Their rights are not
 * here: the allowed domains decide who is staff, and roles and the copy-admin right live in
 * the staff table (given on first sight in demo: STAFF_OFFICE, STAFF_DOOR, STAFF_COPY_ADMINS,
 * or by the office's invitation). Besides the fixture accounts, any address at an allowed
 * domain signs in with the same password (an invited volunteer can be tried; e2e tests each
 * use their own address).
 */
export interface DevAccount {
  /** The token subject; stable, so the staff row survives restarts. */
  id: string;
  /** The account's object id (`oid`), as Entra ID gives every account: with `tid`, who staff are. */
  oid: string;
  email: string;
  name: string;
  password: string;
}

export const DEV_ACCOUNT_PASSWORD = 'demo';

/** The dev IdP's tenant id (`tid`): the demo organisation's "directory". */
export const DEV_TENANT_ID = '00000000-0000-4000-8000-00000000de70';

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  {
    id: 'dev-editor',
    oid: '00000000-0000-4000-8000-000000000001',
    email: 'editor@staff.example',
    name: 'Eda Editor',
    password: DEV_ACCOUNT_PASSWORD,
  },
  {
    id: 'dev-office',
    oid: '00000000-0000-4000-8000-000000000002',
    email: 'office@org.example',
    name: 'Olga Office',
    password: DEV_ACCOUNT_PASSWORD,
  },
  {
    id: 'dev-door',
    oid: '00000000-0000-4000-8000-000000000003',
    email: 'door@org.example',
    name: 'Dora Door',
    password: DEV_ACCOUNT_PASSWORD,
  },
  {
    id: 'dev-outsider',
    oid: '00000000-0000-4000-8000-000000000004',
    email: 'someone@outside.example',
    name: 'Otto Outsider',
    password: DEV_ACCOUNT_PASSWORD,
  },
];

/**
 * The accounts the dev IdP knows: the fixtures, and any address at an allowed domain, made on
 * first use with ids derived from the address (the same account, and staff row, every time).
 */
export function devAccountBook(fixtures: readonly DevAccount[], allowedDomains: readonly string[]) {
  const byEmail = new Map(fixtures.map((a) => [a.email.toLowerCase(), a]));
  const byId = new Map(fixtures.map((a) => [a.id, a]));
  const domains = new Set(allowedDomains.map((d) => d.toLowerCase()));
  return {
    fixtures,
    /** The account of an address (a fixture's, or a new one at an allowed domain); undefined: none. */
    byEmail(email: string): DevAccount | undefined {
      const address = email.trim().toLowerCase();
      const known = byEmail.get(address);
      if (known) return known;
      const at = address.lastIndexOf('@');
      if (at < 1 || !domains.has(address.slice(at + 1))) return undefined;
      const account = addressAccount(address);
      byEmail.set(address, account);
      byId.set(account.id, account);
      return account;
    },
    byId: (id: string) => byId.get(id),
  };
}
export type DevAccountBook = ReturnType<typeof devAccountBook>;

function addressAccount(email: string): DevAccount {
  const h = createHash('sha256').update(`dev-idp:${email}`).digest('hex');
  return {
    id: `dev-${h.slice(0, 24)}`,
    oid: `${h.slice(24, 32)}-${h.slice(32, 36)}-4${h.slice(37, 40)}-8${h.slice(41, 44)}-${h.slice(44, 56)}`,
    email,
    name: email.slice(0, email.indexOf('@')),
    password: DEV_ACCOUNT_PASSWORD,
  };
}
