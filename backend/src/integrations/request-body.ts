import type { Context } from 'koa';
import getRawBody from 'raw-body';

/**
 * How the simulators and the dev IdP read a request (raw-body), each a server of its own that
 * answers a bad body in its own service's way, never with the product's envelope (http/body.ts).
 */

/** The body's bytes; undefined when it is declared or streamed over `limit`. */
export async function bodyBytes(ctx: Context, limit: number): Promise<Buffer | undefined> {
  try {
    return await getRawBody(ctx.req, { limit, length: ctx.get('content-length') || undefined });
  } catch (err) {
    if ((err as { type?: string }).type === 'entity.too.large') return undefined;
    throw err;
  }
}

/** The body as UTF-8 text; undefined when it is over `limit`. */
export async function bodyText(ctx: Context, limit: number): Promise<string | undefined> {
  return (await bodyBytes(ctx, limit))?.toString('utf8');
}

/** The body as JSON; undefined when it is empty, malformed, over `limit` or cannot be read. */
export async function jsonOrNothing(ctx: Context, limit = 64 * 1024): Promise<unknown> {
  try {
    const text = await bodyText(ctx, limit);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
