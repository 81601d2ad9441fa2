import type { Context } from 'koa';
import { AppError } from '../errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new AppError('INVALID_ARGUMENT', 'invalidState', {}, 413);

/** Reads the request body as JSON, refusing more than 64 KiB before reading it all. */
export async function readJsonBody(ctx: Context, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'), refuseNul);
  } catch {
    throw new AppError('INVALID_ARGUMENT', 'invalidState');
  }
}

/**
 * A NUL character (`\u0000`, valid JSON) can be stored in no PostgreSQL text: refused here as bad
 * input, in a key or a value anywhere in the body, before it could reach a query (a 500 there).
 */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes('\0') || (typeof value === 'string' && value.includes('\0')))
    throw new Error('NUL in JSON');
  return value;
}
