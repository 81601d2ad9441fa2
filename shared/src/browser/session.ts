import type { SessionAnswer } from '../universal/api.js';
import { ApiError, createApiClient } from './api-client.js';

const STORAGE_KEY = 'concert.session';
/** Renewed this long before it expires (SPEC.md §4: about 5 minutes). */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

const sessionApi = createApiClient();
let current: SessionAnswer | undefined;
let pending: Promise<SessionAnswer> | undefined;
let announce: ((session: SessionAnswer) => void) | undefined;
/** Resolves with the first session this page has (made or renewed by anyone). */
const firstSession = new Promise<SessionAnswer>((resolve) => (announce = resolve));

function stored(): SessionAnswer | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SessionAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/** The visitor's anonymous session: created on first use, renewed for the same uid when close to expiry. */
export async function ensureSession(): Promise<SessionAnswer> {
  current ??= stored();
  if (current && current.expiresAt - Date.now() > RENEW_BEFORE_MS) return current;
  pending ??= sessionApi
    .createSession(current && current.expiresAt > Date.now() ? current.idToken : undefined)
    .then((session) => {
      current = session;
      announce?.(session);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
      } catch {
        // private mode: the session lives in memory only
      }
      return session;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/**
 * Takes over the session a resume reference names (the BankID app returned to this tab, maybe a new
 * one without the session): this page's session from now on. 'resumed'; 'askFirst' when this tab
 * holds a live session of its own and the reference names another (nothing replaced: ask the
 * visitor, then call again with `replace`); 'refused' for a reference this browser cannot redeem
 * (unknown, spent, expired, or made for another browser).
 */
export async function resumeSession(
  reference: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<'resumed' | 'askFirst' | 'refused'> {
  try {
    const session = await sessionApi.resumeSession({
      reference,
      browserKey: bankIdReturnKey(),
      holding: replace ? undefined : existingIdToken(),
      replace,
    });
    current = session;
    announce?.(session);
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    } catch {
      // private mode: the session lives in memory only
    }
    return 'resumed';
  } catch (err) {
    return err instanceof ApiError && err.status === 'ABORTED' ? 'askFirst' : 'refused';
  }
}

const RETURN_KEY = 'concert.bankidReturnKey';
let returnKeyInMemory: string | undefined;

/**
 * This browser's secret that BankID return references are bound to (issue 39 §9): sent when an
 * order with a way back starts and again to redeem its reference, so a reference someone else
 * started cannot be redeemed here. In localStorage, which the phone's new tab for the return shares.
 */
export function bankIdReturnKey(): string {
  try {
    const kept = localStorage.getItem(RETURN_KEY);
    if (kept && /^[A-Za-z0-9_-]{43}$/.test(kept)) return kept;
  } catch {
    // no storage: this page's memory
  }
  returnKeyInMemory ??= base64url(crypto.getRandomValues(new Uint8Array(32)));
  try {
    localStorage.setItem(RETURN_KEY, returnKeyInMemory);
  } catch {
    // private mode: only this page can redeem its reference
  }
  return returnKeyInMemory;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function currentIdToken(): Promise<string | undefined> {
  return (await ensureSession()).idToken;
}

/** The token of a still-valid session, synchronously, without making one (a beacon on pagehide cannot wait). */
export function existingIdToken(): string | undefined {
  current ??= stored();
  return current && current.expiresAt > Date.now() ? current.idToken : undefined;
}

/** The uid if a session exists, without creating one. */
export function existingSessionUid(): string | undefined {
  current ??= stored();
  return current?.uid;
}

/**
 * The token of a still-valid session, without making one: now if there is one, else once the
 * page has one (client logs count only from a session, and a page makes its session at idle).
 */
export async function sessionTokenWhenReady(): Promise<string> {
  current ??= stored();
  if (current && current.expiresAt > Date.now()) return current.idToken;
  return (await firstSession).idToken;
}

/** Admin routes sign the anonymous visitor out (SPEC.md §4). */
export function signOutVisitor(): void {
  current = undefined;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
