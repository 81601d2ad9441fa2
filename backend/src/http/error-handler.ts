import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ErrorBody } from '@concert/shared/universal';
import { AppError } from '../errors.js';
import { errorFields, requestIdOf } from './request-log.js';

/** What a failed request is answered: the status, the headers (Retry-After) and the envelope. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
}

/**
 * The one mapping of a failure to its answer, for Koa's routes and the listeners before Koa
 * alike: typed refusals become the envelope, anything else becomes INTERNAL with no detail. A
 * server-side failure (5xx) carries the request's id as `ref` beside status and message, the
 * same id as its log line and X-Request-Id, so a visitor's report finds the line; refusals (4xx)
 * stay exactly `{error: {status, message}}` (they are not logged as errors).
 */
export function errorAnswer(err: unknown, reqId: string | undefined, log: Logger): ErrorAnswer {
  const appError = toAppError(err);
  if (!appError) {
    // Class, code and message only: SQL errors carry no parameters in their message. The path is in
    // the access-log line of the same reqId as a route label (a path may carry a code).
    log.error({ reqId, error: errorFields(err) }, 'unhandled error');
  }
  const e = appError ?? new AppError('INTERNAL', 'internal');
  const body = e.toBody();
  return {
    status: e.httpStatus,
    headers: { ...e.headers, 'Cache-Control': 'no-store' },
    body: e.httpStatus >= 500 && reqId ? { error: { ...body.error, ref: reqId } } : body,
  };
}

/** Mounted first in Koa: a failure of any later middleware is answered with `errorAnswer`. */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const answer = errorAnswer(err, requestIdOf(ctx.req), log);
      ctx.status = answer.status;
      ctx.set(answer.headers);
      ctx.body = answer.body;
    }
  };
}

/** Errors thrown by Koa itself (body too large, malformed JSON) and a lost database map to the envelope too. */
function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const e = err as { status?: number; expose?: boolean; code?: string };
  if (e?.status === 413) return new AppError('INVALID_ARGUMENT', 'invalidState', {}, 413);
  if (e?.expose && e.status && e.status >= 400 && e.status < 500)
    return new AppError('INVALID_ARGUMENT', 'invalidState');
  if (isDatabaseUnavailable(e)) return new AppError('UNAVAILABLE', 'timeout', { 'Retry-After': '3' });
  return undefined;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P03',
  '53300',
]);
export function isDatabaseUnavailable(e: { code?: string } | undefined): boolean {
  return !!e?.code && UNAVAILABLE_CODES.has(e.code);
}
