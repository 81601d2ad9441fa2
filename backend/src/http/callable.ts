import type { IncomingMessage, RequestListener } from 'node:http';
import { FUNCTION_CALLERS, payloadSchemas, type FunctionName, type ParsedPayload } from '@concert/shared/api';
import { isErrorId } from '@concert/shared/universal';
import type { CallContext, Callable, Callables } from '../callables.js';
import { invalidArgument } from '../errors.js';
import type { OpenedSession } from '../modules/session/open.js';
import { readRequestJson } from './body.js';
import { FailedWith, methodNotAllowed, pathOf, type AnswerJson } from './json-answers.js';

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
 *
 * A visitor's call without a token may open its session itself (`openSession`): `{"data": …,
 * "session": {"altcha": …}}` is made under the new session, and its answer, a refusal's too,
 * carries the session as `session` beside `result` or `error` (what POST /api/session answers).
 * A visitor's first call (register) then needs no request of its own for the session.
 */
export function callableListener(
  callables: Callables,
  options: {
    authenticate: Authenticate;
    /** The client's address as the trusted proxies tell it (http/client-address.ts). */
    addressOf: (req: IncomingMessage) => string;
    /** A new session for a visitor call that asks for one instead of sending a token (its limit first). */
    openSession?: (req: IncomingMessage, asked: unknown) => Promise<OpenedSession>;
    /** Runs after authentication and before the payload is read further: rate limits. */
    beforeCall: (name: FunctionName, address: string, callerId: string) => Promise<void>;
    answer: AnswerJson;
  },
  next: RequestListener,
): RequestListener {
  const { authenticate, addressOf, beforeCall, answer, openSession } = options;
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
      const opened =
        openSession &&
        FUNCTION_CALLERS[name] === 'visitor' &&
        req.headers.authorization === undefined &&
        'session' in body
          ? await openSession(req, body.session)
          : undefined;
      const caller: Caller = opened
        ? { callerId: opened.uid, sessionStartedAt: opened.startedAt }
        : await authenticate(req.headers.authorization, FUNCTION_CALLERS[name]);
      const ip = addressOf(req);
      const made = async () => {
        await beforeCall(name, ip, caller.callerId);
        const parsed = payloadSchemas[name].safeParse(body.data);
        if (!parsed.success) {
          const id = parsed.error.issues.map((i) => i.message).find(isErrorId);
          throw invalidArgument(
            id === 'invalidPersonalNumber' || id === 'invalidEmail' ? id : 'invalidState',
          );
        }
        return await handler(parsed.data as ParsedPayload<FunctionName>, { ...caller, ip });
      };
      if (!opened) return { result: await made() };
      const session = { uid: opened.uid, idToken: opened.idToken, expiresAt: opened.expiresAt };
      try {
        return { result: await made(), session };
      } catch (err) {
        throw new FailedWith(err, { session });
      }
    });
  };
}
