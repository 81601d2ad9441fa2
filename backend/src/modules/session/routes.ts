import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { invalidArgument } from '../../errors.js';
import type { SessionProofOfWork } from './proof-of-work.js';
import type { SessionTokens } from './tokens.js';

/**
 * GET /session/challenge: an ALTCHA challenge. POST /session: a new anonymous session for a
 * solved challenge (`{"altcha": "<base64 solution>"}`), or the same uid renewed when a
 * still-valid token is sent (renewal costs nothing: the session was paid for).
 */
export function sessionRoutes(
  tokens: SessionTokens,
  pow: SessionProofOfWork,
  /** From the transport (app.ts): the per-address limits, the bearer token and the body reader. */
  http: {
    limitChallenge: Middleware;
    limitSession: Middleware;
    bearerToken: (ctx: Context) => string | undefined;
    readJsonBody: (ctx: Context, maxBytes: number) => Promise<unknown>;
  },
): Router {
  const router = new Router();
  router.get('/session/challenge', http.limitChallenge, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pow.challenge();
  });
  router.post('/session', http.limitSession, async (ctx) => {
    const token = http.bearerToken(ctx);
    const renewing = token ? await tokens.claims(token) : undefined;
    if (!renewing && pow.enabled) {
      const body = await http.readJsonBody(ctx, 4 * 1024);
      const altcha = body && typeof body === 'object' && 'altcha' in body ? body.altcha : undefined;
      if (typeof altcha !== 'string' || !(await pow.redeem(altcha))) throw invalidArgument('invalidState');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.issue(renewing);
  });
  return router;
}
