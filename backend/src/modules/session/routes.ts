import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { SessionTokens } from './tokens.js';

/** POST /session: a new anonymous session, or the same uid renewed when a still-valid token is sent. */
export function sessionRoutes(
  tokens: SessionTokens,
  /** From the transport (app.ts): the per-address limit, and the bearer token of the request. */
  http: { limit: Middleware; bearerToken: (ctx: Context) => string | undefined },
): Router {
  const router = new Router();
  router.post('/session', http.limit, async (ctx) => {
    const token = http.bearerToken(ctx);
    const uid = token ? await tokens.verify(token) : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.issue(uid);
  });
  return router;
}
