/**
 * The work accounts of the dev IdP (CONTRACT.md §4), demo mode only. Their rights are not
 * here: the allowed domains decide who is staff, and roles and the copy-admin right live in
 * the staff table (given on first sight in demo: STAFF_OFFICE, STAFF_DOOR, STAFF_COPY_ADMINS).
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
