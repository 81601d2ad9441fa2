/**
 * The work accounts of the dev IdP (CONTRACT.md §4), demo mode only. Their rights are not
 * here: the allowed domains decide who is staff, and roles and the copy-admin right live in
 * the staff table (given on first sight in demo: STAFF_OFFICE, STAFF_DOOR, STAFF_COPY_ADMINS).
 */
export interface DevAccount {
  /** The token subject; stable, so the staff row survives restarts. */
  id: string;
  email: string;
  name: string;
  password: string;
}

export const DEV_ACCOUNT_PASSWORD = 'demo';

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  { id: 'dev-editor', email: 'editor@staff.example', name: 'Eda Editor', password: DEV_ACCOUNT_PASSWORD },
  { id: 'dev-office', email: 'office@org.example', name: 'Olga Office', password: DEV_ACCOUNT_PASSWORD },
  { id: 'dev-door', email: 'door@org.example', name: 'Dora Door', password: DEV_ACCOUNT_PASSWORD },
  {
    id: 'dev-outsider',
    email: 'someone@outside.example',
    name: 'Otto Outsider',
    password: DEV_ACCOUNT_PASSWORD,
  },
];
