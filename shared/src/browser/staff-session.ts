/**
 * The MSAL side of staff sign-in, loaded the first time an admin page needs it (see
 * staff-auth.ts, its entry points; the account state both use is in staff-account.ts, so this
 * module never imports its loader). `@azure/msal-browser` is a Module Federation singleton and
 * this module lives in the shared `@concert/shared/browser` singleton, so the page has exactly
 * one PublicClientApplication. Its settings come from GET /api/staffAuthConfig (the dev IdP in
 * demo mode, Entra ID in production): the built apps carry no sign-in configuration.
 */
import type * as MsalBrowser from '@azure/msal-browser';
import type { Answer, FunctionName, Payload, StaffAuthConfig } from '../universal/api.js';
import type { ErrorId } from '@concert/shared/universal';
import { ApiError, createApiClient } from './api-client.js';
import { paths } from '@concert/shared/universal';
import { staffLanding } from '@concert/shared/staff-rights';
import { safeAdminRedirect } from './paths.js';
import {
  staffAccessAtom,
  staffAccountAtom,
  StaffSignInError,
  type StaffAccess,
  type StaffAccount,
} from './staff-account.js';
import { isSlowRequestAtom, store } from './state.js';
import { forgetDoorList } from './door-data.js';

type Msal = typeof MsalBrowser;

interface StaffAuth {
  msal: Msal;
  pca: MsalBrowser.PublicClientApplication;
  config: StaffAuthConfig;
  /** The sign-in that came back to this page failed (e.g. the user cancelled at the IdP). */
  redirectError?: unknown;
}

const REDIRECT_KEY = 'concert.staff.redirect';
/** MSAL errors that mean the IdP did not answer (network, TLS, discovery). */
const UNREACHABLE_CODES = new Set([
  'endpoints_resolution_error',
  'network_error',
  'no_network_connectivity',
  'get_request_failed',
  'post_request_failed',
  'openid_config_error',
]);

let started: Promise<StaffAuth> | undefined;
/** The running (or finished) getStaffProfile check of the signed-in account. */
let accessCheck: { account: string; result: Promise<StaffAccess> } | undefined;

const origin = () => window.location.origin;

/** Creates the one PublicClientApplication (once per page) and takes in a sign-in that has just come back. */
export function startStaffAuth(): Promise<StaffAuth> {
  started ??= start().catch((err: unknown) => {
    started = undefined; // a later attempt (e.g. the sign-in button) tries again
    store.set(staffAccountAtom, null);
    throw err;
  });
  return started;
}

async function start(): Promise<StaffAuth> {
  const [config, msal] = await Promise.all([loadConfig(), import('@azure/msal-browser')]);
  const pca = new msal.PublicClientApplication({
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      knownAuthorities: config.knownAuthorities,
      redirectUri: origin() + paths.admin.authCallback.getHref(),
      postLogoutRedirectUri: origin() + paths.admin.login.getHref(),
    },
    // Shared by the tabs a door phone opens from ticket QR codes, so each scan needs no new sign-in.
    cache: { cacheLocation: 'localStorage' },
    system: { protocolMode: config.protocolMode },
  });
  await pca.initialize();
  let redirectError: unknown;
  try {
    // The callback page handles the answer itself and then navigates to the remembered path.
    const result = await pca.handleRedirectPromise({ navigateToLoginRequestUrl: false });
    if (result?.account) pca.setActiveAccount(result.account);
  } catch (err) {
    redirectError = err;
  }
  if (!pca.getActiveAccount()) {
    const [only, ...others] = pca.getAllAccounts();
    if (only && others.length === 0) pca.setActiveAccount(only);
  }
  store.set(staffAccountAtom, toStaffAccount(pca.getActiveAccount()));
  return { msal, pca, config, redirectError };
}

/** The page's one PublicClientApplication, for msal-react's <MsalProvider> (staff-msal.tsx). */
export async function msalInstance(): Promise<MsalBrowser.PublicClientApplication> {
  return (await startStaffAuth()).pca;
}

/**
 * What msal-react reports (a sign-in or sign-out in this tab or another, an account removed)
 * becomes the page's staff account: the active account, or the only one in the cache.
 */
export function adoptStaffAccount(
  pca: MsalBrowser.IPublicClientApplication,
  accounts: readonly MsalBrowser.AccountInfo[],
): void {
  let active = pca.getActiveAccount();
  if (active && !accounts.some((account) => account.homeAccountId === active!.homeAccountId)) active = null;
  if (!active && accounts.length === 1) active = accounts[0]!;
  if (active !== pca.getActiveAccount()) pca.setActiveAccount(active);
  const next = toStaffAccount(active);
  const current = store.get(staffAccountAtom);
  if (next?.email !== current?.email || next?.name !== current?.name) {
    if (!next) accessCheck = undefined;
    store.set(staffAccountAtom, next);
  }
}

async function loadConfig(): Promise<StaffAuthConfig> {
  const response = await fetch('/api/staffAuthConfig', { cache: 'no-store' });
  if (!response.ok) throw new Error(`staffAuthConfig ${response.status}`);
  return (await response.json()) as StaffAuthConfig;
}

function toStaffAccount(account: MsalBrowser.AccountInfo | null): StaffAccount | null {
  if (!account) return null;
  const claims = account.idTokenClaims as { email?: unknown } | undefined;
  const email = typeof claims?.email === 'string' ? claims.email : account.username;
  return { email, name: account.name || email };
}

function rememberRedirect(redirect: string | undefined): void {
  try {
    if (redirect) sessionStorage.setItem(REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // storage blocked: after sign-in the default page is shown
  }
}

function takeRedirect(): string | undefined {
  try {
    const redirect = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
    return safeAdminRedirect(redirect);
  } catch {
    return undefined;
  }
}

function isUnreachable(err: unknown): boolean {
  if (err instanceof TypeError) return true; // fetch: network or certificate failure
  const code = (err as { errorCode?: unknown } | null)?.errorCode;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

/**
 * Leaves for the work-account sign-in; afterwards the callback page goes to `redirect` (an
 * admin path) or the copy editor. `prompt: 'login'` asks for the password again, so someone
 * refused a moment ago can use another account.
 */
export async function signIn(redirect?: string, options: { prompt?: 'login' } = {}): Promise<void> {
  rememberRedirect(safeAdminRedirect(redirect));
  store.set(staffAccessAtom, undefined);
  accessCheck = undefined;
  let auth: StaffAuth;
  try {
    auth = await startStaffAuth();
  } catch {
    throw new StaffSignInError('failed');
  }
  try {
    await auth.pca.loginRedirect({
      scopes: auth.config.scopes,
      prompt: options.prompt,
      redirectUri: origin() + paths.admin.authCallback.getHref(),
    });
  } catch (err) {
    throw new StaffSignInError(isUnreachable(err) ? 'idpUnreachable' : 'failed', auth.config.authority);
  }
}

let completing: Promise<string> | undefined;

/**
 * At /admin/auth-callback: takes in the sign-in, checks the account with the API once (an
 * account outside the allowed domains is signed out again; the sign-in is audited) and answers
 * where to go next: the remembered path, where the account's work is (staffLanding), or the
 * login page with the reason.
 */
export function completeSignIn(): Promise<string> {
  completing ??= (async () => {
    const redirect = takeRedirect();
    let auth: StaffAuth;
    try {
      auth = await startStaffAuth();
    } catch {
      return paths.admin.login.getHref(redirect, 'login_failed');
    }
    if (auth.redirectError) {
      const cancelled = (auth.redirectError as { errorCode?: unknown }).errorCode === 'access_denied';
      return paths.admin.login.getHref(redirect, cancelled ? undefined : 'login_failed');
    }
    if (!auth.pca.getActiveAccount()) return paths.admin.login.getHref(redirect);
    const access = await checkStaffAccess({ signedIn: true });
    if (access.refused === 'unauthorized_domain')
      return paths.admin.login.getHref(undefined, 'unauthorized_domain');
    if (redirect) return redirect;
    // A transient failure of the check: the office's page, whose own calls then say what is wrong.
    return access.refused ? paths.admin.dashboard.getHref() : staffLanding(access);
  })().finally(() => {
    completing = undefined;
  });
  return completing;
}

/** Signs out at the IdP too; the IdP sends the browser back to /admin/login. */
export async function signOut(): Promise<void> {
  const { pca } = await startStaffAuth();
  const token = await staffToken().catch(() => undefined);
  accessCheck = undefined;
  await forgetDoorList();
  // The server refuses this account's tokens from now on (a copied token stops working too).
  // Sent as the page leaves (keepalive, not awaited): nothing on the page (the door's poll)
  // runs with a refused token meanwhile; a failure does not keep anyone signed in at the IdP.
  if (token)
    void fetch('/api/staffSignOut', {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: {} }),
    }).catch(() => undefined);
  await pca.logoutRedirect({
    account: pca.getActiveAccount(),
    postLogoutRedirectUri: origin() + paths.admin.login.getHref(),
  });
}

/** Forgets the account in this browser only (the API refused it); the IdP's session stays. */
async function signOutHere(): Promise<void> {
  const { pca } = await startStaffAuth();
  await forgetDoorList();
  await pca.clearCache({ account: pca.getActiveAccount() });
  pca.setActiveAccount(null);
  accessCheck = undefined;
  store.set(staffAccountAtom, null);
}

/**
 * An access token for the API's scope, renewed silently (refresh token) when needed. When the
 * IdP wants the user again, the browser leaves for the sign-in and comes back to this page.
 * Without a signed-in account there is no token (the API answers 401).
 */
export async function staffToken(options: { forceRefresh?: boolean } = {}): Promise<string | undefined> {
  const { msal, pca, config } = await startStaffAuth();
  const account = pca.getActiveAccount();
  if (!account) return undefined;
  try {
    return (
      await pca.acquireTokenSilent({ scopes: config.scopes, account, forceRefresh: options.forceRefresh })
    ).accessToken;
  } catch (err) {
    if (err instanceof msal.InteractionRequiredAuthError) {
      rememberRedirect(safeAdminRedirect(location.pathname + location.search));
      await pca.acquireTokenRedirect({
        scopes: config.scopes,
        account,
        redirectUri: origin() + paths.admin.authCallback.getHref(),
      });
      return new Promise<never>(() => {}); // the page is leaving
    }
    // The IdP could not be reached: a transient failure, tried again by the client's retries.
    throw new ApiError('UNAVAILABLE', 'timeout');
  }
}

const onSlowChange = (slow: boolean) => store.set(isSlowRequestAtom, slow);
const client = createApiClient({ getToken: () => staffToken(), onSlowChange });
const renewingClient = createApiClient({ getToken: () => staffToken({ forceRefresh: true }), onSlowChange });

/** The API client of the staff pages: the staff member's access token on every call. */
export const staffApi = {
  async call<N extends FunctionName>(name: N, payload: Payload<N>): Promise<Answer<N>> {
    try {
      return await client.call(name, payload);
    } catch (err) {
      // A token the API no longer accepts (e.g. keys rotated): once more with a fresh one.
      if (!(err instanceof ApiError && err.status === 'UNAUTHENTICATED')) throw err;
      return renewingClient.call(name, payload);
    }
  },
};

/**
 * Asks the API once per sign-in (and page load) what the account may do. Outside the allowed
 * domains (403 unauthorized_domain) the account is signed out here; a token the API refuses
 * altogether signs out too, so the login page asks again.
 */
export async function checkStaffAccess(options: { signedIn?: boolean } = {}): Promise<StaffAccess> {
  const { pca } = await startStaffAuth();
  const account = pca.getActiveAccount()?.homeAccountId;
  if (!account) return { refused: 'noFirebaseToken' };
  if (accessCheck?.account === account && !options.signedIn) return accessCheck.result;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    // No network (the door page works offline): a transient failure at once, not after the
    // retries; the page opens and its own calls say what they can do. Asked again when online.
    const offline: StaffAccess = { refused: 'timeout' };
    store.set(staffAccessAtom, offline);
    window.addEventListener('online', () => void checkStaffAccess(), { once: true });
    return offline;
  }
  const result = staffApi.call('getStaffProfile', { signedIn: options.signedIn }).then(
    ({ role, isCopyAdmin }): StaffAccess => ({ role, isCopyAdmin }),
    async (err: unknown): Promise<StaffAccess> => {
      const refused: ErrorId = err instanceof ApiError ? err.errorId : 'unknownError';
      // The guards learn why before the account disappears, so they show the right message.
      store.set(staffAccessAtom, { refused });
      if (refused === 'unauthorized_domain' || refused === 'noFirebaseToken') await signOutHere();
      else if (accessCheck?.result === result) accessCheck = undefined; // transient: ask again next time
      return { refused };
    },
  );
  accessCheck = { account, result };
  const access = await result;
  store.set(staffAccessAtom, access);
  return access;
}
