import type { StaffAccess, StaffAccount } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';

/** What an admin route shows: wait (sign-in state not known yet), the page, or another page. */
export type StaffGate = { show: 'wait' } | { show: 'page' } | { show: 'redirect'; to: string };

/**
 * The access rules of the admin routes (SPEC.md §6): nobody signed in → login with redirect =
 * the wanted path; an account the API refused for its domain → login with that reason (it has
 * been signed out); the copy editor also needs the copy-admin right (isCopyAdmin). The API
 * enforces the same rules on every call; this only decides what to show.
 */
export function staffGate(input: {
  account: StaffAccount | null | undefined;
  access: StaffAccess | undefined;
  /** The wanted path with its query. */
  path: string;
  needsCopyAdmin: boolean;
}): StaffGate {
  const { account, access } = input;
  if (access?.refused === 'unauthorized_domain') return { show: 'redirect', to: paths.admin.login.getHref(undefined, 'unauthorized_domain') };
  if (account === undefined) return { show: 'wait' };
  if (account === null) return { show: 'redirect', to: paths.admin.login.getHref(input.path) };
  if (!input.needsCopyAdmin) return { show: 'page' };
  if (access === undefined) return { show: 'wait' };
  // A transient failure of the check shows the page; its own calls then report what is wrong.
  if (access.refused) return { show: 'page' };
  return access.isCopyAdmin ? { show: 'page' } : { show: 'redirect', to: paths.admin.login.getHref(undefined, 'not_copy_admin') };
}
