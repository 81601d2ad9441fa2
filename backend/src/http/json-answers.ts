import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { errorAnswer } from './error-handler.js';
import { flatHeaders } from './public-reads.js';
import { requestIdOf } from './request-log.js';
import type { HeaderList } from './security-headers.js';

/** Runs a call and answers it: what `run` returns as JSON (200), or what it throws as the envelope. */
export type AnswerJson = (req: IncomingMessage, res: ServerResponse, run: () => Promise<unknown>) => void;

const NO_STORE: Record<string, string> = { 'Cache-Control': 'no-store' };

/**
 * The JSON answers of the API calls served before Koa (the callable functions, the session): the
 * security headers, no-store and the request's id, written with one `writeHead` (a header set
 * before it makes Node merge two lists, the slow way); a failure goes through the one mapping
 * of errors to the envelope that Koa's routes use too (`errorAnswer`). Koa's own work per
 * request (its context, the middleware chain, its `respond`) cost about as much as the call
 * itself on the rush's busiest calls.
 */
export function jsonAnswers(securityHeaders: HeaderList, log: Logger): AnswerJson {
  const fixed = flatHeaders([...securityHeaders, ['Content-Type', 'application/json; charset=utf-8']]);
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: unknown,
  ) => {
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(body);
    const id = requestIdOf(req);
    const list = [...fixed];
    for (const name in headers) list.push(name, headers[name]!);
    if (id) list.push('X-Request-Id', id);
    list.push('Content-Length', String(Buffer.byteLength(text)));
    res.writeHead(status, list).end(text);
  };
  return (req, res, run) => {
    run()
      .then(
        (body) => send(req, res, 200, NO_STORE, body),
        (err: unknown) => {
          const answer = errorAnswer(err, requestIdOf(req), log);
          send(req, res, answer.status, answer.headers, answer.body);
        },
      )
      .catch(() => res.destroy());
  };
}

/** A call to an address that takes only POST. */
export const methodNotAllowed = () =>
  new AppError('INVALID_ARGUMENT', 'invalidState', { Allow: 'POST' }, 405);

/** A request's path, without its query. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
