import Router from '@koa/router';
import type { Context } from 'koa';
import { FUNCTION_CALLERS, payloadSchemas, type FunctionName, type ParsedPayload } from '@concert/shared/api';
import { isErrorId } from '@concert/shared/universal';
import type { CallContext, Callable, Callables } from '../callables.js';
import { invalidArgument, notFound } from '../errors.js';
import { readJsonBody } from './body.js';

/** Who calls: the visitor's uid, or the staff member and their id. */
export type Caller = Pick<CallContext, 'callerId' | 'staff' | 'sessionStartedAt'>;

/** Identifies the caller for a function's audience, or throws 401/403. */
export type Authenticate = (
  ctx: Context,
  audience: (typeof FUNCTION_CALLERS)[FunctionName],
) => Promise<Caller>;

/**
 * POST /<functionName> with {data} → {result}: the callable envelope of CONTRACT.md §2.
 * Unknown names 404; malformed JSON, missing data or a payload failing its schema 400
 * INVALID_ARGUMENT with the schema's error id (invalidPersonalNumber, invalidEmail) or invalidState.
 */
export function callableRoutes(
  callables: Callables,
  authenticate: Authenticate,
  /** Runs after authentication and before the payload is read further: rate limits. */
  beforeCall: (name: FunctionName, ctx: Context, callerId: string) => void | Promise<void> = () => {},
): Router {
  const router = new Router();
  router.post('/:functionName', async (ctx) => {
    const name = ctx.params.functionName as FunctionName;
    const handler = Object.hasOwn(callables, name)
      ? (callables[name] as Callable<FunctionName> | undefined)
      : undefined;
    if (!handler) throw notFound();
    const body = await readJsonBody(ctx);
    if (
      !body ||
      typeof body !== 'object' ||
      !('data' in body) ||
      typeof body.data !== 'object' ||
      body.data === null
    ) {
      throw invalidArgument();
    }
    const caller = await authenticate(ctx, FUNCTION_CALLERS[name]);
    await beforeCall(name, ctx, caller.callerId);
    const parsed = payloadSchemas[name].safeParse(body.data);
    if (!parsed.success) {
      const id = parsed.error.issues.map((i) => i.message).find(isErrorId);
      throw invalidArgument(id === 'invalidPersonalNumber' || id === 'invalidEmail' ? id : 'invalidState');
    }
    const result = await handler(parsed.data as ParsedPayload<FunctionName>, { ...caller, ip: ctx.ip });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { result };
  });
  return router;
}
