import type { FunctionCaller, StaffRole } from './api.js';
import { paths } from '@concert/shared/universal';

/** Who may call a staff function or open a staff page: any staff member, door work, office work, or copy admins. */
export type StaffAudience = Exclude<FunctionCaller, 'visitor'>;

export interface StaffRights {
  /** null: signed in, but given no work yet. */
  role: StaffRole | null;
  isCopyAdmin: boolean;
}

/** The one rule of what staff may do (the API enforces it, the pages follow it): office work includes the door's. */
export function mayDo(rights: StaffRights, audience: StaffAudience): boolean {
  switch (audience) {
    case 'staff':
      return true;
    case 'door':
      return rights.role === 'door' || rights.role === 'office';
    case 'office':
      return rights.role === 'office';
    case 'copyAdmin':
      return rights.isCopyAdmin;
  }
}

/**
 * Where staff land after sign-in without a `redirect` (CONTRACT.md §3): door staff at the door,
 * the office on its dashboard, a copy admin without office rights in the copy editor; someone
 * with no work here yet on the login page, told to ask the office.
 */
export function staffLanding(rights: StaffRights): string {
  if (rights.role === 'office') return paths.admin.dashboard.getHref();
  if (rights.role === 'door') return paths.admin.door.getHref();
  if (rights.isCopyAdmin) return paths.admin.copy.getHref();
  return paths.admin.login.getHref(undefined, 'permissionDenied');
}

/** Which work an admin page is for: the door's pages, the copy editor, and the office's for everything else. */
export function adminPageAudience(pathname: string): StaffAudience {
  const door = [paths.admin.door.getHref(), '/admin/scan/'];
  if (door.some((p) => pathname === p || (p.endsWith('/') && pathname.startsWith(p)))) return 'door';
  const copy = paths.admin.copy.getHref();
  if (pathname === copy || pathname.startsWith(`${copy}/`)) return 'copyAdmin';
  return 'office';
}
