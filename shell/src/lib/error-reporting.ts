import {
  concertStatusAtom,
  sessionTokenWhenReady,
  langAtom,
  store,
  ticketDataAtom,
  timeIsUpAtom,
} from '@concert/shared/browser';

/** Per page load: a broken page must not flood the log. */
const MAX_REPORTS = 10;
const STACK_MAX = 2000;
const MESSAGE_MAX = 1000;

interface ClientError {
  message: string;
  source?: string;
  lineno?: number;
  colno?: number;
  error?: unknown;
}

/** Query strings may carry personal data; only paths leave the browser (the server redacts the rest). */
const withoutQueries = (text: string) => text.replace(/\?[^\s)]*/g, '');
/** The ticket page's and the door's addresses carry the door code: never in a report (the server redacts it too). */
export const withoutDoorCode = (path: string) => path.replace(/\/(ticket|scan)\/[^/]+/g, '/$1/[redacted]');

function describe(error: unknown): { name: string; message: string; stack?: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  return {
    name: error.name,
    message: error.message.slice(0, MESSAGE_MAX),
    stack: error.stack && withoutQueries(error.stack).slice(0, STACK_MAX),
  };
}

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  try {
    return typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
  } catch {
    return 'unserializable rejection';
  }
}

/** A small snapshot of the global state, without personal data. */
function globalState() {
  return {
    lang: store.get(langAtom),
    hasTicket: store.get(ticketDataAtom) !== null,
    timeIsUp: store.get(timeIsUpAtom),
    concertStatus: store.get(concertStatusAtom),
  };
}

/**
 * The server keeps only reports sent with a visitor session's token (anonymous ones cost it
 * nothing), so a report made before the page has its session waits for it (at most 10 wait).
 */
function send(body: string): void {
  if (typeof fetch !== 'function') return;
  void sessionTokenWhenReady()
    .then((token) =>
      fetch('/api/clientLog', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body,
        keepalive: true,
      }),
    )
    .catch(() => undefined);
}

/** Posts uncaught errors and unhandled rejections to /api/clientLog (SPEC.md §7), at most 10 per page load, each message once. */
export function reportGlobalErrors(): void {
  const reported = new Set<string>();
  const report = (e: ClientError) => {
    try {
      const message = e.message.slice(0, MESSAGE_MAX);
      if (reported.size >= MAX_REPORTS || reported.has(message)) return;
      reported.add(message);
      send(
        JSON.stringify({
          level: 'error',
          message,
          source: e.source && withoutQueries(e.source).slice(0, 500),
          lineno: e.lineno,
          colno: e.colno,
          url: withoutDoorCode(location.pathname).slice(0, 2000),
          userAgent: navigator.userAgent.slice(0, 1000),
          error: describe(e.error),
          globalState: globalState(),
        }),
      );
    } catch {
      // reporting must never become the next error
    }
  };
  window.addEventListener('error', (e) =>
    report({ message: e.message, source: e.filename, lineno: e.lineno, colno: e.colno, error: e.error }),
  );
  window.addEventListener('unhandledrejection', (e) =>
    report({ message: messageOf(e.reason), error: e.reason }),
  );
}
