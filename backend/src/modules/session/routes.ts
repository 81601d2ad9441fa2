import Router from '@koa/router';
import { invalidArgument } from '../../http/errors.js';
import { readJsonBody } from '../../http/json-body.js';
import { rateLimited, type RateLimiter } from '../../http/rate-limit.js';
import { bearerToken } from '../../http/visitor-auth.js';
import type { SessionProofOfWork } from './proof-of-work.js';
import type { SessionTokens } from './tokens.js';

/**
 * GET /session/challenge: an ALTCHA challenge. POST /session: a new anonymous session for a
 * solved challenge (`{"altcha": "<base64 solution>"}`), or the same uid renewed when a
 * still-valid token is sent (renewal costs nothing: the session was paid for).
 */
export function sessionRoutes(tokens: SessionTokens, pow: SessionProofOfWork, limits: { challenge: RateLimiter; session: RateLimiter }): Router {
  const router = new Router();
  router.get('/session/challenge', rateLimited(limits.challenge, (ctx) => ctx.ip), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pow.challenge();
  });
  router.post('/session', rateLimited(limits.session, (ctx) => ctx.ip), async (ctx) => {
    const token = bearerToken(ctx);
    const renewing = token ? await tokens.claims(token) : undefined;
    if (!renewing && pow.enabled) {
      const body = await readJsonBody(ctx, 4 * 1024);
      const altcha = body && typeof body === 'object' && 'altcha' in body ? body.altcha : undefined;
      if (typeof altcha !== 'string' || !(await pow.redeem(altcha))) throw invalidArgument('invalidState');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.issue(renewing);
  });
  return router;
}
