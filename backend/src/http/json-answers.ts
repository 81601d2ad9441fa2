import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { errorAnswer, type ErrorAnswer } from './error-handler.js';
import { flatHeaders } from './public-reads.js';
import { requestIdOf } from './request-log.js';
import type { HeaderList } from './security-headers.js';

/** Runs a call and answers it: what `run` returns as JSON (200), or what it throws as the envelope. */
export type AnswerJson = (req: IncomingMessage, res: ServerResponse, run: () => Promise<unknown>) => void;

const NO_STORE: Record<string, string> = { 'Cache-Control': 'no-store' };

type Answer = Pick<ErrorAnswer, 'status' | 'headers'> & { body: unknown };

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
  const send = (req: IncomingMessage, res: ServerResponse, answer: Answer) => {
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(answer.body);
    const id = requestIdOf(req);
    const list = [...fixed];
    for (const name in answer.headers) list.push(name, answer.headers[name]!);
    if (id) list.push('X-Request-Id', id);
    list.push('Content-Length', String(Buffer.byteLength(text)));
    res.writeHead(answer.status, list).end(text);
  };
  const failed = (req: IncomingMessage, err: unknown): Answer => {
    if (!(err instanceof FailedWith)) return errorAnswer(err, requestIdOf(req), log);
    const answer = errorAnswer(err.failure, requestIdOf(req), log);
    return { ...answer, body: { ...answer.body, ...err.beside } };
  };
  return (req, res, run) => {
    run()
      .then(
        (body) => ({ status: 200, headers: NO_STORE, body: body ?? null }),
        (err: unknown) => failed(req, err),
      )
      .then((answer) => {
        try {
          send(req, res, answer);
        } catch (err) {
          // The answer could not be written (a value JSON cannot hold): a 500 of its own, logged once.
          send(req, res, failed(req, err));
        }
      })
      .catch(() => res.destroy());
  };
}

/** A failure whose answer carries more beside its error (the session a call opened before it failed). */
export class FailedWith extends Error {
  constructor(
    readonly failure: unknown,
    readonly beside: Record<string, unknown>,
  ) {
    super('failed');
  }
}

/** A call to an address that takes only POST. */
export const methodNotAllowed = () =>
  new AppError('INVALID_ARGUMENT', 'invalidState', { Allow: 'POST' }, 405);

/**
 * A request's path as Koa's router matched it: without its query, from an absolute-form target
 * (`POST http://host/api/register`) too, percent-decoded, without one trailing slash.
 */
export function pathOf(req: IncomingMessage): string {
  let path = req.url ?? '/';
  const q = path.indexOf('?');
  if (q >= 0) path = path.slice(0, q);
  if (!path.startsWith('/')) path = URL.canParse(path) ? new URL(path).pathname : '/';
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not valid percent-encoding: matched as it is (nothing of ours is named so).
    }
  }
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
