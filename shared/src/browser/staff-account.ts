/**
 * The signed-in staff account as state: what both staff-auth.ts (the small entry points every
 * page may load) and staff-session.ts (the MSAL side, loaded lazily) read and write. It lives
 * apart from both so the lazy module never imports its loader back (no import cycle).
 */
import { atom } from 'jotai';
import type { ErrorId } from '@concert/shared/universal';
import type { StaffRights } from '@concert/shared/staff-rights';

/** The signed-in staff member as the screens show them. */
export interface StaffAccount {
  email: string;
  name: string;
}

/** What the API says about the signed-in account: its role and copy-admin right, or why it was refused. */
export type StaffAccess = (StaffRights & { refused?: undefined }) | { refused: ErrorId };

/** undefined while MSAL starts (the answer is not known yet), null when nobody is signed in. */
export const staffAccountAtom = atom<StaffAccount | null | undefined>(undefined);
/** The account's access as last checked with getStaffProfile; undefined until then. */
export const staffAccessAtom = atom<StaffAccess | undefined>(undefined);

/** Why a sign-in could not start: the IdP cannot be reached (e.g. its certificate is not accepted yet), or anything else. */
export class StaffSignInError extends Error {
  constructor(
    readonly reason: 'idpUnreachable' | 'failed',
    /** The IdP's address, for a link that lets the browser accept its certificate. */
    readonly authority?: string,
  ) {
    super(reason);
    this.name = 'StaffSignInError';
  }
}
