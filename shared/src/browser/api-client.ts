import type {
  Answer,
  BankIdQrFrame,
  ConcertStatusAnswer,
  FunctionName,
  Payload,
  SessionAnswer,
} from '../universal/api.js';
// Through the package, not '../universal': the shared singleton, not a second copy in this bundle.
import type { SessionChallenge } from '@concert/shared/proof-of-work';
import {
  isErrorId,
  RETRY_WAITS_MS,
  SLOW_REQUEST_MS,
  TRANSIENT_STATUSES,
  type ErrorId,
  type ErrorStatus,
  type Lang,
} from '@concert/shared/universal';

/** A refusal from the API, or `timeout` when the transient retries ran out. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly errorId: ErrorId,
    /** The server's `message` as sent, also when it is no error id: e.g. the field name of a refused value (saveConcert). */
    readonly sentMessage: string = errorId,
    /** The session the refused call opened for itself (see `opensSession`), if it did. */
    readonly session?: SessionAnswer,
  ) {
    super(errorId);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken?: () => Promise<string | undefined>;
  /** Called with true once a request has taken longer than 8 s, and false when no slow request is left. */
  onSlowChange?: (slow: boolean) => void;
  retryWaitsMs?: readonly number[];
  slowMs?: number;
  fetch?: typeof fetch;
  userAgent?: string;
  /**
   * A call made while the page has no session yet opens it itself (docs/contract.md): `take`
   * gives the solved challenge to send instead of a token (undefined: send the token, as
   * `getToken` makes it), `settle` what the call brought back: the session, if its answer (a
   * refusal's too) carried one, or `refused` when the solution itself was refused.
   */
  opensSession?: {
    take(): Promise<string | undefined>;
    settle(outcome: { session?: SessionAnswer; refused?: boolean }): void;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The typed client of CONTRACT.md §2 with the retry policy of SPEC.md §7: transient statuses
 * (and a lost connection) are tried again after 3 s and then 5 s; after that the call fails
 * with `timeout`. A request slower than 8 s raises the 'be patient' flag while it lasts.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '/api';
  const waits = options.retryWaitsMs ?? RETRY_WAITS_MS;
  const slowMs = options.slowMs ?? SLOW_REQUEST_MS;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let slowCount = 0;

  async function withSlowFlag<T>(work: () => Promise<T>): Promise<T> {
    let slow = false;
    const timer = setTimeout(() => {
      slow = true;
      if (slowCount++ === 0) options.onSlowChange?.(true);
    }, slowMs);
    try {
      return await work();
    } finally {
      clearTimeout(timer);
      if (slow && --slowCount === 0) options.onSlowChange?.(false);
    }
  }

  async function once(path: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, init);
    } catch {
      throw new ApiError('UNAVAILABLE', 'timeout');
    }
    const body = (await response.json().catch(() => undefined)) as
      | { result?: unknown; error?: { status?: ErrorStatus; message?: string }; session?: SessionAnswer }
      | undefined;
    if (response.ok) return body;
    const status = body?.error?.status ?? (response.status >= 500 ? 'UNAVAILABLE' : 'INTERNAL');
    const id = body?.error?.message;
    throw new ApiError(
      status,
      isErrorId(id) ? id : 'unknownError',
      typeof id === 'string' ? id : undefined,
      body?.session,
    );
  }

  async function withRetries(path: string, init: () => Promise<RequestInit>): Promise<unknown> {
    return withSlowFlag(async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once(path, await init());
        } catch (err) {
          const transient = err instanceof ApiError && TRANSIENT_STATUSES.includes(err.status);
          if (!transient) throw err;
          if (attempt >= waits.length) throw new ApiError('DEADLINE_EXCEEDED', 'timeout');
          await sleep(waits[attempt]!);
        }
      }
    });
  }

  const jsonHeaders = async (withToken: boolean): Promise<Record<string, string>> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = withToken ? await options.getToken?.() : undefined;
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  };

  async function solveChallenge(): Promise<string> {
    const [challenge, { solveSessionChallenge }] = await Promise.all([
      withRetries('/session/challenge', async () => ({ method: 'GET' })) as Promise<SessionChallenge>,
      import('@concert/shared/proof-of-work'),
    ]);
    return solveSessionChallenge(challenge);
  }

  /**
   * A call that opens the page's session itself, with a solved challenge instead of a token: sent
   * again as it is after a lost answer (the solution names one session, so the retry finds what
   * the first attempt made). Undefined when the solution itself was refused (an expired one):
   * the call is then made the usual way.
   */
  async function callOpeningSession(
    path: string,
    data: unknown,
    altcha: string,
    opens: NonNullable<ApiClientOptions['opensSession']>,
  ): Promise<{ result: unknown } | undefined> {
    const body = JSON.stringify({ data, session: { altcha } });
    try {
      const answer = (await withRetries(path, async () => ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      }))) as { result: unknown; session?: SessionAnswer };
      opens.settle({ session: answer.session });
      return answer;
    } catch (err) {
      // A refusal that carries no session: the session was not opened, the solution refused.
      const refused = err instanceof ApiError && !err.session && err.status === 'INVALID_ARGUMENT';
      opens.settle({ session: err instanceof ApiError ? err.session : undefined, refused });
      if (refused) return undefined;
      throw err;
    }
  }

  return {
    /** Calls a callable function; the user agent is added to every payload. */
    async call<N extends FunctionName>(name: N, payload: Payload<N>): Promise<Answer<N>> {
      const userAgent =
        options.userAgent ?? (typeof navigator === 'undefined' ? undefined : navigator.userAgent);
      const data = { ...payload, userAgent };
      const opens = options.opensSession;
      const altcha = await opens?.take();
      const opened = altcha ? await callOpeningSession(`/${name}`, data, altcha, opens!) : undefined;
      if (opened) return opened.result as Answer<N>;
      const body = JSON.stringify({ data });
      const answer = (await withRetries(`/${name}`, async () => ({
        method: 'POST',
        headers: await jsonHeaders(true),
        body,
      }))) as {
        result: Answer<N>;
      };
      return answer.result;
    },
    async getConcertStatus(): Promise<ConcertStatusAnswer> {
      return (await withRetries('/getConcertStatus', async () => ({ method: 'GET' }))) as ConcertStatusAnswer;
    },
    /**
     * The BankID QR code's frame for this second (GET /getBankIdQr). Asked once a second, so
     * never retried: a frame that failed is simply followed by the next one.
     */
    async getBankIdQr(transactionId: string): Promise<BankIdQrFrame> {
      const token = await options.getToken?.();
      return (await once(`/getBankIdQr?transactionId=${encodeURIComponent(transactionId)}`, {
        method: 'GET',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      })) as BankIdQrFrame;
    },
    async getCopy(lang: Lang): Promise<Record<string, string>> {
      return (await withRetries(`/getCopy?lang=${lang}`, async () => ({ method: 'GET' }))) as Record<
        string,
        string
      >;
    },
    /** A challenge fetched and solved: what a new session costs (the solver is loaded only when needed). */
    solveChallenge,
    /**
     * A new anonymous session, or the same uid renewed when `currentToken` is still valid; a new
     * one is paid with `solution` when given (one solved ahead), else with a challenge solved now.
     */
    async createSession(currentToken?: string, solution?: () => Promise<string>): Promise<SessionAnswer> {
      if (currentToken) {
        const headers = { Authorization: `Bearer ${currentToken}` };
        try {
          return (await withRetries('/session', async () => ({ method: 'POST', headers }))) as SessionAnswer;
        } catch (err) {
          // The session has reached its end (or the server forgot it): pay for a new one.
          if (!(err instanceof ApiError) || err.status !== 'INVALID_ARGUMENT') throw err;
        }
      }
      // A new session costs a proof of work (ALTCHA).
      const body = JSON.stringify({ altcha: await (solution ?? solveChallenge)() });
      return (await withRetries('/session', async () => ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      }))) as SessionAnswer;
    },
    /**
     * The session a one-time resume reference names (the BankID app's return address carries one),
     * with the secret of the browser that started the order; `holding`: this tab's live session,
     * which the server never replaces by another unless `replace` says the visitor chose so.
     */
    async resumeSession(resume: {
      reference: string;
      browserKey: string;
      holding?: string;
      replace?: boolean;
    }): Promise<SessionAnswer> {
      const body = JSON.stringify({
        resume: resume.reference,
        resumeKey: resume.browserKey,
        holding: resume.holding,
        replace: resume.replace,
      });
      return (await withRetries('/session', async () => ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      }))) as SessionAnswer;
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
