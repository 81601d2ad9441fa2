import type { IncomingMessage, RequestListener } from 'node:http';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { OpenedSession, SessionOpener } from '../../modules/session/open.js';
import type { SessionProofOfWork } from '../../modules/session/proof-of-work.js';
import { readRequestJson } from '../body.js';
import { methodNotAllowed, pathOf, type AnswerJson } from '../json-answers.js';
import { takeOrRefuse, type RateLimiter } from '../rate-limit.js';
import { bearerOf } from '../visitor-auth.js';

/** GET /session/challenge: an ALTCHA challenge (modules/session/proof-of-work.ts). */
export function sessionChallengeRoutes(
  pow: Pick<SessionProofOfWork, 'challenge'>,
  /** The per-address limit (app.ts). */
  limit: Middleware,
): Router {
  const router = new Router();
  router.get('/session/challenge', limit, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pow.challenge();
  });
  return router;
}

/**
 * POST /api/session: a new anonymous session for a solved challenge, the same session renewed,
 * or a resumed one (modules/session/open.ts); every arrival asks it once, so it is answered before
 * Koa (http/json-answers.ts), limited per address first. Other requests go on to `next`.
 */
export function sessionListener(
  open: SessionOpener,
  limit: { perAddress: RateLimiter; keyOf: (req: IncomingMessage) => string },
  answer: AnswerJson,
  next: RequestListener,
): RequestListener {
  return (req, res) => {
    // Any case, as Koa's router matched it.
    if (pathOf(req).toLowerCase() !== '/api/session') return next(req, res);
    answer(req, res, async () => {
      if (req.method !== 'POST') throw methodNotAllowed();
      await takeOrRefuse(limit.perAddress, limit.keyOf(req));
      return open(bearerOf(req.headers.authorization), () => readRequestJson(req, 4 * 1024));
    });
  };
}

/**
 * The session a visitor call opens itself (http/callable.ts's `openSession`): limited per address
 * as POST /api/session is, since it makes the same thing.
 */
export function sessionOfCallLimited(
  sessionOfCall: (asked: unknown) => Promise<OpenedSession>,
  limit: { perAddress: RateLimiter; keyOf: (req: IncomingMessage) => string },
): (req: IncomingMessage, asked: unknown) => Promise<OpenedSession> {
  return async (req, asked) => {
    await takeOrRefuse(limit.perAddress, limit.keyOf(req));
    return sessionOfCall(asked);
  };
}
