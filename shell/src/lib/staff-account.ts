import type { StaffAccess, StaffAccount } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { mayDo, staffLanding, type StaffAudience } from '@concert/shared/staff-rights';

/** What an admin route shows: wait (sign-in state not known yet), the page, or another page. */
export type StaffGate = { show: 'wait' } | { show: 'page' } | { show: 'redirect'; to: string };

/**
 * The access rules of the admin routes (SPEC.md §6, CONTRACT.md §3): nobody signed in → login
 * with redirect = the wanted path; an account the API refused for its domain → login with that
 * reason (it has been signed out); a page for work the account does not do (`mayDo`): the
 * office's dashboard sends them where their work is, the copy editor says not_copy_admin, any
 * other page permissionDenied. The API enforces the same rules on every call; this only decides
 * what to show.
 */
export function staffGate(input: {
  account: StaffAccount | null | undefined;
  access: StaffAccess | undefined;
  /** The wanted path with its query. */
  path: string;
  audience: StaffAudience;
}): StaffGate {
  const { account, access } = input;
  if (access?.refused === 'unauthorized_domain')
    return { show: 'redirect', to: paths.admin.login.getHref(undefined, 'unauthorized_domain') };
  if (account === undefined) return { show: 'wait' };
  if (account === null) return { show: 'redirect', to: paths.admin.login.getHref(input.path) };
  if (input.audience === 'staff') return { show: 'page' };
  if (access === undefined) return { show: 'wait' };
  // A transient failure of the check shows the page; its own calls then report what is wrong.
  if (access.refused) return { show: 'page' };
  if (mayDo(access, input.audience)) return { show: 'page' };
  if (input.audience === 'copyAdmin')
    return { show: 'redirect', to: paths.admin.login.getHref(undefined, 'not_copy_admin') };
  if (input.path === paths.admin.dashboard.getHref()) return { show: 'redirect', to: staffLanding(access) };
  return { show: 'redirect', to: paths.admin.login.getHref(undefined, 'permissionDenied') };
}
