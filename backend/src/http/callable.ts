import type { IncomingMessage, RequestListener } from 'node:http';
import { FUNCTION_CALLERS, payloadSchemas, type FunctionName, type ParsedPayload } from '@concert/shared/api';
import { isErrorId } from '@concert/shared/universal';
import type { CallContext, Callable, Callables } from '../callables.js';
import { invalidArgument } from '../errors.js';
import { readRequestJson } from './body.js';
import { methodNotAllowed, pathOf, type AnswerJson } from './json-answers.js';

/** Who calls: the visitor's uid, or the staff member and their id. */
export type Caller = Pick<CallContext, 'callerId' | 'staff' | 'sessionStartedAt'>;

/** Identifies the caller from the request's Authorization header for a function's audience, or throws 401/403. */
export type Authenticate = (
  authorization: string | undefined,
  audience: (typeof FUNCTION_CALLERS)[FunctionName],
) => Promise<Caller>;

const PREFIX = '/api/';

/**
 * POST /api/<functionName> with {data} → {result}: the callable envelope of CONTRACT.md §2, for
 * every function, answered before Koa (http/json-answers.ts). Other requests go on to `next`,
 * so an unknown name gets Koa's 404. In this order: another method 405; malformed JSON or a
 * missing data 400 INVALID_ARGUMENT invalidState; the caller authenticated (401/403); the
 * function's limits (`beforeCall`, 429); a payload failing its schema 400 with the schema's
 * error id (invalidPersonalNumber, invalidEmail) or invalidState; then the function.
 */
export function callableListener(
  callables: Callables,
  options: {
    authenticate: Authenticate;
    /** The client's address as the trusted proxies tell it (http/client-address.ts). */
    addressOf: (req: IncomingMessage) => string;
    /** Runs after authentication and before the payload is read further: rate limits. */
    beforeCall: (name: FunctionName, address: string, callerId: string) => Promise<void>;
    answer: AnswerJson;
  },
  next: RequestListener,
): RequestListener {
  const { authenticate, addressOf, beforeCall, answer } = options;
  return (req, res) => {
    const path = pathOf(req);
    const name = path.slice(PREFIX.length) as FunctionName;
    const handler =
      path.startsWith(PREFIX) && Object.hasOwn(callables, name)
        ? (callables[name] as Callable<FunctionName> | undefined)
        : undefined;
    if (!handler) return next(req, res);
    answer(req, res, async () => {
      if (req.method !== 'POST') throw methodNotAllowed();
      const body = await readRequestJson(req);
      if (
        !body ||
        typeof body !== 'object' ||
        !('data' in body) ||
        typeof body.data !== 'object' ||
        body.data === null
      ) {
        throw invalidArgument();
      }
      const caller = await authenticate(req.headers.authorization, FUNCTION_CALLERS[name]);
      const ip = addressOf(req);
      await beforeCall(name, ip, caller.callerId);
      const parsed = payloadSchemas[name].safeParse(body.data);
      if (!parsed.success) {
        const id = parsed.error.issues.map((i) => i.message).find(isErrorId);
        throw invalidArgument(id === 'invalidPersonalNumber' || id === 'invalidEmail' ? id : 'invalidState');
      }
      return { result: await handler(parsed.data as ParsedPayload<FunctionName>, { ...caller, ip }) };
    });
  };
}
