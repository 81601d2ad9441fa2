import type { SessionAnswer } from '../universal/api.js';
import { CHALLENGE_TTL_MS } from '@concert/shared/universal';
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
let markPrepared!: () => void;
/** Resolves once this page prepares a session of its own (a visitor page, not a BankID return's). */
const preparing = new Promise<void>((resolve) => (markPrepared = resolve));
/** A challenge solved ahead for the page's next new session, and when it was fetched. */
let solution: { altcha: Promise<string>; at: number } | undefined;
/** A call is opening the session itself: resolves with the session it brought, if any. */
let opening:
  { done: Promise<SessionAnswer | undefined>; settle: (s: SessionAnswer | undefined) => void } | undefined;
/**
 * A solution is spent well before its challenge expires (CHALLENGE_TTL_MS): a page read longer
 * solves a new one, so the server never refuses what the page sends.
 */
const SOLUTION_FRESH_MS = CHALLENGE_TTL_MS - 2 * 60_000;

function stored(): SessionAnswer | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SessionAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/** The page's session from now on: kept for reloads of this tab, and announced to whoever waits. */
function keep(session: SessionAnswer): SessionAnswer {
  current = session;
  announce?.(session);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // private mode: the session lives in memory only
  }
  return session;
}

const hasLiveSession = (): boolean => existingIdToken() !== undefined;

/** The solved challenge for the next new session: the one solved ahead while fresh, else solved now. */
function solved(): Promise<string> {
  if (!solution || Date.now() - solution.at > SOLUTION_FRESH_MS) {
    const altcha = sessionApi.solveChallenge();
    solution = { altcha, at: Date.now() };
    altcha.catch(() => {
      if (solution?.altcha === altcha) solution = undefined;
    });
  }
  return solution.altcha;
}

/**
 * While a visitor reads the start page: the proof of work of their session done ahead, so the
 * first call (register, at the click) opens the session at once, without a request of its own.
 * A live session close to its end is renewed instead.
 */
export function prepareSession(): void {
  markPrepared();
  if (hasLiveSession()) void ensureSession().catch(() => undefined);
  else void solved().catch(() => undefined);
}

/**
 * For the visitor API client (api.ts): a call made while the page has no session opens it
 * itself with the solution prepared ahead (api-client.ts's `opensSession`). Undefined: the call
 * sends a token instead (the page has a session, or one is being made).
 */
export const opensSession = {
  async take(): Promise<string | undefined> {
    if (hasLiveSession() || opening || pending) return undefined;
    let settle!: (s: SessionAnswer | undefined) => void;
    const done = new Promise<SessionAnswer | undefined>((resolve) => (settle = resolve));
    opening = { done, settle };
    try {
      return await solved();
    } catch {
      opensSession.settle({});
      return undefined;
    }
  },
  settle({ session, refused }: { session?: SessionAnswer; refused?: boolean }): void {
    // Spent (a session came of it) or refused: the next new session needs a new solution. Else
    // (no answer) it is kept: sent again, it names the session the lost answer may have opened.
    if (session || refused) solution = undefined;
    if (session) keep(session);
    const was = opening;
    opening = undefined;
    was?.settle(session);
  },
};

/** The visitor's anonymous session: created on first use, renewed for the same uid when close to expiry. */
export async function ensureSession(): Promise<SessionAnswer> {
  current ??= stored();
  if (current && current.expiresAt - Date.now() > RENEW_BEFORE_MS) return current;
  // A call is opening the session: its session, or one made here if it brought none.
  if (opening && !current) {
    const opened = await opening.done;
    if (opened) return opened;
  }
  pending ??= (async () => {
    const renewing = current && current.expiresAt > Date.now() ? current.idToken : undefined;
    try {
      const session = await sessionApi.createSession(renewing, solved);
      solution = undefined;
      return keep(session);
    } catch (err) {
      // A refused solution (expired): the next try solves a new one.
      if (err instanceof ApiError && err.status === 'INVALID_ARGUMENT') solution = undefined;
      throw err;
    }
  })().finally(() => {
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
    keep(session);
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
 * The token of a still-valid session for a report: now if there is one, else once the page has
 * one; a visitor page that prepares its session (prepareSession: not a staff page, nor one that
 * takes over the session of a BankID return) makes it then, since its first call may never come.
 */
export async function sessionTokenWhenReady(): Promise<string> {
  if (hasLiveSession()) return current!.idToken;
  await Promise.race([firstSession, preparing]);
  return (await ensureSession()).idToken;
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
