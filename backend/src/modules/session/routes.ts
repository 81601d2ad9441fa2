import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { invalidArgument } from '../../errors.js';
import type { SessionProofOfWork } from './proof-of-work.js';
import type { SessionClaims, SessionTokens } from './tokens.js';

/**
 * GET /session/challenge: an ALTCHA challenge. POST /session: a new anonymous session for a
 * solved challenge (`{"altcha": "<base64 solution>"}`), or the same uid renewed when a
 * still-valid token is sent (renewal costs nothing: the session was paid for), or the session a
 * one-time resume reference names (`{"resume": "<ref>"}`, the BankID app's return: resume.ts).
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
    /** The session a resume reference names, once (undefined: unknown, used or expired). */
    redeemResume: (code: string) => Promise<SessionClaims | undefined>;
  },
): Router {
  const router = new Router();
  router.get('/session/challenge', http.limitChallenge, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pow.challenge();
  });
  router.post('/session', http.limitSession, async (ctx) => {
    const token = http.bearerToken(ctx);
    let renewing = token ? await tokens.claims(token) : undefined;
    if (!renewing) {
      const body = await http.readJsonBody(ctx, 4 * 1024);
      const field = (name: string) =>
        body && typeof body === 'object' && name in body
          ? (body as Record<string, unknown>)[name]
          : undefined;
      const resume = field('resume');
      if (resume !== undefined) {
        // The BankID app's return: a reference good once for the session it names, nothing else.
        renewing = typeof resume === 'string' ? await http.redeemResume(resume) : undefined;
        if (!renewing) throw invalidArgument('invalidState');
      } else if (pow.enabled) {
        const altcha = field('altcha');
        if (typeof altcha !== 'string' || !(await pow.redeem(altcha))) throw invalidArgument('invalidState');
      }
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tokens.issue(renewing);
  });
  return router;
}
