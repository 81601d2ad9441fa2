import type { IncomingMessage, RequestListener } from 'node:http';
import type { OpenedSession, SessionOpener } from '../../modules/session/open.js';
import type { SessionProofOfWork } from '../../modules/session/proof-of-work.js';
import { readRequestJson } from '../body.js';
import { methodNotAllowed, pathOf, type AnswerJson } from '../json-answers.js';
import { takeOrRefuse, type RateLimiter } from '../rate-limit.js';
import { bearerOf } from '../visitor-auth.js';

/**
 * The session's two addresses, answered before Koa (http/json-answers.ts): every arrival asks
 * both (the challenge while the start page is read, then the session, or the call that opens its
 * session itself), each limited per address first. `GET /api/session/challenge`: an ALTCHA
 * challenge (modules/session/proof-of-work.ts). `POST /api/session`: a new anonymous session for
 * a solved challenge, the same session renewed, or a resumed one (modules/session/open.ts).
 * Other requests go on to `next` (another method to the challenge: Koa's 404, as before).
 */
export function sessionListener(
  { open, pow }: { open: SessionOpener; pow: Pick<SessionProofOfWork, 'challenge'> },
  limit: {
    perAddress: RateLimiter;
    challengePerAddress: RateLimiter;
    keyOf: (req: IncomingMessage) => string;
  },
  answer: AnswerJson,
  next: RequestListener,
): RequestListener {
  return (req, res) => {
    // Any case, as Koa's router matched it.
    const path = pathOf(req).toLowerCase();
    if (path === '/api/session/challenge' && (req.method === 'GET' || req.method === 'HEAD'))
      return answer(req, res, async () => {
        await takeOrRefuse(limit.challengePerAddress, limit.keyOf(req));
        return pow.challenge();
      });
    if (path !== '/api/session') return next(req, res);
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
