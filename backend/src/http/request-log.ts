import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { Logger } from 'pino';
import proxyaddr from 'proxy-addr';
import type { TrustedProxies } from '../config.js';

const REQUEST_ID = Symbol('requestId');
type WithRequestId = IncomingMessage & { [REQUEST_ID]?: string };

/** The request's id (set by `observeRequests` before anything else sees the request). */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as WithRequestId)[REQUEST_ID];
}

/** What a proxy may hand on as X-Request-Id: short, no spaces or control characters (it is logged and echoed). */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Whether the request came straight from a trusted proxy (TRUSTED_PROXIES), whose X-Request-Id
 * may then be kept: the same id in the balancer's log and ours. From anyone else the header is
 * ignored, so a client cannot choose, or forge, the id its errors are logged under.
 */
export function trustsPeer(trusted: TrustedProxies): (req: IncomingMessage) => boolean {
  if (!trusted) return () => false;
  if ('hops' in trusted) return () => trusted.hops > 0;
  const trust = proxyaddr.compile(trusted.addresses);
  return (req) => !!req.socket.remoteAddress && trust(req.socket.remoteAddress, 0);
}

export interface RequestObservation {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** The client went away before the whole answer was sent (an aborted download, a closed tab). */
  aborted: boolean;
}

/**
 * Wraps the whole server (the fast paths and Koa alike): every request gets an id, from a
 * trusted proxy's X-Request-Id or a new random one, echoed in the `X-Request-Id` response header
 * (by `withRequestIdHeader`, or by the fast path that answers);
 * when the answer is done (or the client has gone) one JSON access-log line at info level:
 * method, the route's closed label (never the path: paths may carry codes, query strings
 * personal data), status, milliseconds, the id. `observe` gets the same facts (metrics).
 */
export function observeRequests(
  options: {
    log: Logger;
    trustedProxies: TrustedProxies;
    routeOf: (path: string) => string;
    observe?: (o: RequestObservation) => void;
  },
  next: RequestListener,
): RequestListener {
  const fromTrustedProxy = trustsPeer(options.trustedProxies);
  const { routeOf, observe } = options;
  // The access line's fields are closed by construction (below: no path, no body, no header but
  // the id), so it skips the censoring paths the other lines go through: they were 13 of its
  // 21 µs, most of the line's cost, on every request (a rush writes 150,000 of them).
  const log = options.log.child({}, { redact: { paths: [] } });
  return (req, res) => {
    const started = performance.now();
    const forwarded = req.headers['x-request-id'];
    const id =
      typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) && fromTrustedProxy(req)
        ? forwarded
        : randomUUID();
    (req as WithRequestId)[REQUEST_ID] = id;
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const route = routeOf(q < 0 ? url : url.slice(0, q));
      const aborted = !res.writableFinished;
      const method = req.method ?? 'GET';
      log.info(
        {
          reqId: id,
          method,
          route,
          status: res.statusCode,
          ms: Math.round(seconds * 1000),
          ...(aborted ? { aborted } : {}),
        },
        'request',
      );
      observe?.({ method, route, status: res.statusCode, seconds, aborted });
    });
    next(req, res);
  };
}

/**
 * Echoes the request's id in the `X-Request-Id` response header. The listeners that answer from
 * prepared bytes (http/public-reads.ts) put it in their one list of headers themselves (a header
 * set before `writeHead` makes Node merge the two lists, the slow way); everything after them
 * gets it here.
 */
export function withRequestIdHeader(next: RequestListener): RequestListener {
  return (req, res) => {
    const id = requestIdOf(req);
    if (id) res.setHeader('X-Request-Id', id);
    next(req, res);
  };
}

/** Errors of a client that went away mid-answer: expected, not the server's fault. */
const ABORTED_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);
export function isClientAbort(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return (!!e?.code && ABORTED_CODES.has(e.code)) || e?.message === 'aborted';
}

/** An error as one log line's fields: class, code and message only (SQL errors carry no parameters in their message; no stack). */
export function errorFields(err: unknown): { type?: string; code?: string; message?: string } {
  const e = err as { name?: string; code?: unknown; message?: string } | undefined;
  return { type: e?.name, ...(typeof e?.code === 'string' ? { code: e.code } : {}), message: e?.message };
}
