/**
 * Staff sign-in with a work account (MSAL, redirect flow), shared by the shell and the staff
 * remotes: the signed-in account as jotai atoms and hooks, and the entry points of sign-in,
 * sign-out, tokens and staff API calls. Everything that needs MSAL lives in staff-session.ts,
 * loaded (with MSAL itself) the first time an admin page asks for the staff account, so the
 * visitor pages carry only this small module.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { Answer, FunctionName, Payload } from '../universal/api.js';
import { paths } from '@concert/shared/universal';
import {
  staffAccessAtom,
  staffAccountAtom,
  StaffSignInError,
  type StaffAccess,
  type StaffAccount,
} from './staff-account.js';
import type * as StaffSession from './staff-session.js';
import { store } from './state.js';

export {
  staffAccessAtom,
  staffAccountAtom,
  StaffSignInError,
  type StaffAccess,
  type StaffAccount,
} from './staff-account.js';

let loading: Promise<typeof StaffSession> | undefined;

function session(): Promise<typeof StaffSession> {
  loading ??= import('./staff-session.js').catch((err: unknown) => {
    loading = undefined; // e.g. offline: a later attempt loads it again
    throw err;
  });
  return loading;
}

/** Starts MSAL once per page (config, the one PublicClientApplication, a sign-in that has just come back). */
export async function startStaffAuth(): Promise<void> {
  try {
    await (await session()).startStaffAuth();
  } catch (err) {
    store.set(staffAccountAtom, null);
    throw err;
  }
}

/**
 * Leaves for the work-account sign-in; afterwards the callback page goes to `redirect` (an
 * admin path) or the copy editor. `prompt: 'login'` asks for the password again, so someone
 * refused a moment ago can use another account. Rejects with a StaffSignInError.
 */
export async function signIn(redirect?: string, options: { prompt?: 'login' } = {}): Promise<void> {
  const loaded = await session().catch(() => {
    throw new StaffSignInError('failed');
  });
  return loaded.signIn(redirect, options);
}

/** At /admin/auth-callback: where to go now that the sign-in has come back (see staff-session.ts). */
export async function completeSignIn(): Promise<string> {
  const loaded = await session().catch(() => undefined);
  return loaded ? loaded.completeSignIn() : paths.admin.login.getHref(undefined, 'login_failed');
}

/** Signs out at the IdP too; the IdP sends the browser back to /admin/login. */
export async function signOut(): Promise<void> {
  return (await session()).signOut();
}

/** An access token for the API's scope, renewed silently; undefined without a signed-in account. */
export async function staffToken(options: { forceRefresh?: boolean } = {}): Promise<string | undefined> {
  return (await session()).staffToken(options);
}

/** Asks the API once per sign-in what the account may do (an account outside the allowed domains is signed out). */
export async function checkStaffAccess(): Promise<StaffAccess> {
  return (await session()).checkStaffAccess();
}

/** The API client of the staff pages: the staff member's access token on every call. */
export const staffApi = {
  async call<N extends FunctionName>(name: N, payload: Payload<N>): Promise<Answer<N>> {
    return (await session()).staffApi.call(name, payload);
  },
};

/** The page's one PublicClientApplication (started once), for msal-react's <MsalProvider>. */
export async function staffMsalInstance() {
  return (await session()).msalInstance();
}

/** msal-react's accounts become the page's staff account (see staff-session.ts). */
export async function adoptStaffAccount(...args: Parameters<typeof StaffSession.adoptStaffAccount>) {
  (await session()).adoptStaffAccount(...args);
}

/** The signed-in staff account (undefined while MSAL starts); using it on a page starts MSAL. */
export function useStaffAccount(): StaffAccount | null | undefined {
  const account = useAtomValue(staffAccountAtom);
  useEffect(() => {
    startStaffAuth().catch(() => {
      // shown as "not signed in"; the sign-in button reports the reason
    });
  }, []);
  return account;
}

/** The account's access (undefined while unknown); checked with the API once per sign-in. */
export function useStaffAccess(): StaffAccess | undefined {
  const account = useStaffAccount();
  const access = useAtomValue(staffAccessAtom);
  useEffect(() => {
    if (account) void checkStaffAccess();
  }, [account]);
  return access;
}
