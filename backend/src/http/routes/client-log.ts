import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { invalidArgument } from '../../errors.js';
import type { ClientLogService } from '../../modules/client-log/service.js';
import type { SessionTokens } from '../../modules/session/tokens.js';
import { readJsonBody } from '../body.js';
import { bearerToken } from '../visitor-auth.js';

const clientLogSchema = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']).default('error'),
  message: z.string().max(4000).default(''),
  source: z.string().max(500).optional(),
  lineno: z.number().optional(),
  colno: z.number().optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(1000).optional(),
  error: z.unknown().optional(),
  globalState: z.unknown().optional(),
});

/**
 * POST /clientLog → 204; the browser's errors, redacted before they are stored or logged.
 * Only a visitor session's reports are kept: without one the answer is the same 204 and the
 * body is not even read, so scripted anonymous bodies cost nothing.
 */
export function clientLogRoutes(
  clientLog: ClientLogService,
  tokens: SessionTokens,
  /** The per-address limit (app.ts). */
  limit: Middleware,
): Router {
  const router = new Router();
  const turns = oneAtATime(MAX_WAITING);
  router.post('/clientLog', limit, async (ctx) => {
    const token = bearerToken(ctx);
    const uid = token ? await tokens.verify(token) : undefined;
    ctx.status = 204;
    if (!uid) return;
    // Reports take turns: a burst of them must not hold up the sale's own requests. One that
    // would wait behind too many others is dropped unread (the same 204).
    await turns(async () => {
      const parsed = clientLogSchema.safeParse(await readJsonBody(ctx, 16 * 1024));
      if (!parsed.success) throw invalidArgument();
      await clientLog.record(parsed.data, uid);
    });
  });
  return router;
}

/** Reports waiting for their turn beyond this are dropped. */
const MAX_WAITING = 100;

/** Runs jobs one after another; a job arriving when `maxWaiting` already wait is skipped. */
function oneAtATime(maxWaiting: number) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async (job: () => Promise<void>): Promise<void> => {
    if (waiting >= maxWaiting) return;
    waiting++;
    // `tail` never rejects: a failed job only fails its own request.
    const turn = tail.then(() => {
      waiting--;
      return job();
    });
    tail = turn.catch(() => undefined);
    await turn;
  };
}
