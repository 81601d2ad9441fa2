import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { SessionOpener } from '../../modules/session/open.js';
import type { SessionProofOfWork } from '../../modules/session/proof-of-work.js';
import { readJsonBody } from '../body.js';
import { bearerToken } from '../visitor-auth.js';

/**
 * GET /session/challenge: an ALTCHA challenge. POST /session: a new anonymous session for a
 * solved challenge, the same session renewed, or a resumed one (modules/session/open.ts).
 */
export function sessionRoutes(
  open: SessionOpener,
  pow: Pick<SessionProofOfWork, 'challenge'>,
  /** The per-address limits (app.ts). */
  limits: { challenge: Middleware; session: Middleware },
): Router {
  const router = new Router();
  router.get('/session/challenge', limits.challenge, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pow.challenge();
  });
  router.post('/session', limits.session, async (ctx) => {
    const session = await open(bearerToken(ctx), () => readJsonBody(ctx, 4 * 1024));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = session;
  });
  return router;
}
