import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for MSAL's PublicClientApplication: what the IdP and the cache would hold. */
interface FakeAccount {
  homeAccountId: string;
  username: string;
  name?: string;
  idTokenClaims?: Record<string, unknown>;
}

const msal = vi.hoisted(() => {
  const state = {
    accounts: [] as FakeAccount[],
    active: null as FakeAccount | null,
    redirectResult: null as { account: FakeAccount } | null,
    redirectError: null as { errorCode: string } | null,
    configs: [] as unknown[],
    loginRequests: [] as unknown[],
    logoutRequests: [] as unknown[],
    cleared: 0,
  };
  class InteractionRequiredAuthError extends Error {}
  class PublicClientApplication {
    constructor(config: unknown) {
      state.configs.push(config);
    }
    async initialize() {}
    async handleRedirectPromise() {
      if (state.redirectError) throw state.redirectError;
      return state.redirectResult;
    }
    setActiveAccount(account: typeof state.active) {
      state.active = account;
    }
    getActiveAccount() {
      return state.active;
    }
    getAllAccounts() {
      return state.accounts;
    }
    async clearCache() {
      state.cleared++;
      state.accounts = [];
    }
    async loginRedirect(request: unknown) {
      state.loginRequests.push(request);
    }
    async logoutRedirect(request: unknown) {
      state.logoutRequests.push(request);
    }
    async acquireTokenSilent() {
      return { accessToken: 'access-token' };
    }
  }
  return { state, InteractionRequiredAuthError, PublicClientApplication };
});
vi.mock('@azure/msal-browser', () => ({
  PublicClientApplication: msal.PublicClientApplication,
  InteractionRequiredAuthError: msal.InteractionRequiredAuthError,
}));

const CONFIG = {
  authority: 'https://localhost:9443',
  clientId: 'concert-staff',
  scopes: ['api://x/access'],
  protocolMode: 'OIDC',
  knownAuthorities: ['localhost:9443'],
};
const EDITOR = {
  homeAccountId: 'editor',
  username: 'editor@staff.example',
  name: 'Eda Editor',
  idTokenClaims: { email: 'editor@staff.example' },
};

/** The API's answer to getStaffProfile, and every call made with its Authorization header and body. */
let profileAnswer: { status: number; body: unknown };
let calls: { url: string; authorization?: string; body?: unknown }[];

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

beforeEach(() => {
  vi.resetModules();
  Object.assign(msal.state, {
    accounts: [],
    active: null,
    redirectResult: null,
    redirectError: null,
    configs: [],
    loginRequests: [],
    logoutRequests: [],
    cleared: 0,
  });
  profileAnswer = {
    status: 200,
    body: {
      result: { email: 'editor@staff.example', name: 'Eda Editor', role: 'office', isCopyAdmin: true },
    },
  };
  calls = [];
  vi.stubGlobal('window', { location: { origin: 'http://localhost:8080' } });
  vi.stubGlobal('location', { origin: 'http://localhost:8080', pathname: '/admin/copy', search: '' });
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({
        url,
        authorization: (init?.headers as Record<string, string> | undefined)?.Authorization,
        body,
      });
      if (url === '/api/staffAuthConfig') return Response.json(CONFIG);
      if (url === '/api/getStaffProfile')
        return Response.json(profileAnswer.body, { status: profileAnswer.status });
      return Response.json({ error: { status: 'NOT_FOUND', message: 'notFound' } }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function load() {
  const auth = await import('./staff-auth.js');
  const { store } = await import('./state.js');
  return { ...auth, store };
}

function signedInThroughRedirect(account: FakeAccount = EDITOR) {
  msal.state.accounts = [account];
  msal.state.redirectResult = { account };
}

describe('staff sign-in', () => {
  it('configures one MSAL instance from /api/staffAuthConfig, with the callback and login pages as redirect URIs', async () => {
    const { startStaffAuth } = await load();
    await Promise.all([startStaffAuth(), startStaffAuth()]);
    expect(msal.state.configs).toEqual([
      {
        auth: {
          clientId: 'concert-staff',
          authority: CONFIG.authority,
          knownAuthorities: CONFIG.knownAuthorities,
          redirectUri: 'http://localhost:8080/admin/auth-callback',
          postLogoutRedirectUri: 'http://localhost:8080/admin/login',
        },
        cache: { cacheLocation: 'localStorage' },
        system: { protocolMode: 'OIDC' },
      },
    ]);
  });

  it('publishes the account: undefined while starting, then the signed-in account or null', async () => {
    const { startStaffAuth, staffAccountAtom, store } = await load();
    expect(store.get(staffAccountAtom)).toBeUndefined();
    msal.state.accounts = [EDITOR];
    await startStaffAuth();
    expect(store.get(staffAccountAtom)).toEqual({ email: 'editor@staff.example', name: 'Eda Editor' });
  });

  it('signIn remembers only an admin path and asks for the API scope', async () => {
    const { signIn } = await load();
    await signIn('/admin/scan/abc', { prompt: 'login' });
    expect(sessionStorage.getItem('concert.staff.redirect')).toBe('/admin/scan/abc');
    expect(msal.state.loginRequests).toEqual([
      { scopes: CONFIG.scopes, prompt: 'login', redirectUri: 'http://localhost:8080/admin/auth-callback' },
    ]);
    await signIn('https://evil.example/');
    expect(sessionStorage.getItem('concert.staff.redirect')).toBeNull();
  });

  it('after sign-in goes to the remembered path, or where the account works (office, door, copy only, nothing)', async () => {
    sessionStorage.setItem('concert.staff.redirect', '/admin/sendEmail');
    signedInThroughRedirect();
    const { completeSignIn, staffAccessAtom, store } = await load();
    expect(await completeSignIn()).toBe('/admin/sendEmail');
    expect(store.get(staffAccessAtom)).toEqual({ role: 'office', isCopyAdmin: true });
    const profileCall = calls.find((c) => c.url === '/api/getStaffProfile');
    expect(profileCall?.authorization).toBe('Bearer access-token');
    // The sign-in itself is told to the API, which audits it.
    expect(profileCall?.body).toMatchObject({ data: { signedIn: true } });

    const landings: [role: string | null, isCopyAdmin: boolean, path: string][] = [
      ['office', true, '/admin'],
      ['door', false, '/admin/door'],
      [null, true, '/admin/copy'],
      [null, false, '/admin/login?error=permissionDenied'],
    ];
    for (const [role, isCopyAdmin, path] of landings) {
      vi.resetModules();
      profileAnswer = {
        status: 200,
        body: { result: { email: 'x@staff.example', name: null, role, isCopyAdmin } },
      };
      expect(await (await load()).completeSignIn(), `${role} ${isCopyAdmin}`).toBe(path);
    }
  });

  it('signs an account outside the allowed domains out and sends it to login with unauthorized_domain', async () => {
    signedInThroughRedirect({ homeAccountId: 'outsider', username: 'someone@outside.example' });
    profileAnswer = {
      status: 403,
      body: { error: { status: 'PERMISSION_DENIED', message: 'unauthorized_domain' } },
    };
    const { completeSignIn, staffAccessAtom, staffAccountAtom, store } = await load();
    expect(await completeSignIn()).toBe('/admin/login?error=unauthorized_domain');
    expect(msal.state.cleared).toBe(1);
    expect(msal.state.active).toBeNull();
    expect(store.get(staffAccountAtom)).toBeNull();
    expect(store.get(staffAccessAtom)).toEqual({ refused: 'unauthorized_domain' });
  });

  it('a sign-in cancelled at the IdP returns to login without an error; another failure with one', async () => {
    sessionStorage.setItem('concert.staff.redirect', '/admin/copy');
    msal.state.redirectError = { errorCode: 'access_denied' };
    expect(await (await load()).completeSignIn()).toBe('/admin/login?redirect=%2Fadmin%2Fcopy');

    vi.resetModules();
    msal.state.redirectError = { errorCode: 'invalid_grant' };
    expect(await (await load()).completeSignIn()).toBe('/admin/login?error=login_failed');
  });

  it('asks the API about the account once, however many guards want to know', async () => {
    msal.state.accounts = [EDITOR];
    const { checkStaffAccess } = await load();
    const answers = await Promise.all([checkStaffAccess(), checkStaffAccess(), checkStaffAccess()]);
    expect(answers).toEqual(Array.from({ length: 3 }, () => ({ role: 'office', isCopyAdmin: true })));
    expect(calls.filter((c) => c.url === '/api/getStaffProfile')).toHaveLength(1);
  });

  it('signOut ends the session at the IdP, which returns to /admin/login', async () => {
    msal.state.accounts = [EDITOR];
    const { signOut } = await load();
    await signOut();
    expect(msal.state.logoutRequests).toEqual([
      { account: EDITOR, postLogoutRedirectUri: 'http://localhost:8080/admin/login' },
    ]);
  });
});
