import Router from '@koa/router';
import { rateLimited, type RateLimiter } from '../../http/rate-limit.js';
import { bearerToken } from '../../http/visitor-auth.js';
import type { SessionTokens } from './tokens.js';

/** POST /session: a new anonymous session, or the same uid renewed when a still-valid token is sent. */
export function sessionRoutes(tokens: SessionTokens, limiter: RateLimiter): Router {
  const router = new Router();
  router.post('/session', rateLimited(limiter, (ctx) => ctx.ip), async (ctx) => {
    const token = bearerToken(ctx);
    const uid = token ? await tokens.verify(token) : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.issue(uid);
  });
  return router;
}
