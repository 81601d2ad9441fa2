import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from '../errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The request body's bytes (raw-body): a body declared over `limit` is refused before it is
 * read, one streamed over it as soon as it passes; both 413, which http/error-handler.ts turns
 * into the envelope. Koa's routes pass `ctx.req`; the listeners before Koa their request.
 */
export async function readRequestBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  // The client went away before the body was read (a closed page's report waiting for its turn, a
  // beacon cut off): raw-body would call that a server error ("stream is not readable", 500). It
  // is the client's abort, as if it had gone while the body was being read.
  if (req.destroyed && !req.readableEnded) throw clientWentAway();
  return getRawBody(req, { limit, length: req.headers['content-length'] || undefined });
}

export const readBody = (ctx: Context, limit: number): Promise<Buffer> => readRequestBody(ctx.req, limit);

/** raw-body's own error for a request aborted while read: 400, and a client abort to the logs. */
function clientWentAway(): Error {
  return Object.assign(new Error('request aborted'), {
    code: 'ECONNABORTED',
    status: 400,
    expose: true,
    type: 'request.aborted',
  });
}

/** Reads the request body as JSON, refusing more than `limit` (64 KiB) before reading it all. */
export async function readRequestJson(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await readRequestBody(req, limit);
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'), refuseNul);
  } catch {
    throw new AppError('INVALID_ARGUMENT', 'invalidState');
  }
}

export const readJsonBody = (ctx: Context, limit = MAX_BODY_BYTES): Promise<unknown> =>
  readRequestJson(ctx.req, limit);

/**
 * A NUL character (`\u0000`, valid JSON) can be stored in no PostgreSQL text: refused here as bad
 * input, in a key or a value anywhere in the body, before it could reach a query (a 500 there).
 */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes('\0') || (typeof value === 'string' && value.includes('\0')))
    throw new Error('NUL in JSON');
  return value;
}
