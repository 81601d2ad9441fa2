import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { invalidArgument } from '../../errors.js';
import type { ClientLogService } from './service.js';

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

/** POST /clientLog → 204; the browser's errors, redacted before they are stored or logged. */
export function clientLogRoutes(
  clientLog: ClientLogService,
  /** From the transport (app.ts): the per-address limit, and the body reader that caps the size. */
  http: { limit: Middleware; readJsonBody: (ctx: Context, maxBytes: number) => Promise<unknown> },
): Router {
  const router = new Router();
  router.post('/clientLog', http.limit, async (ctx) => {
    const parsed = clientLogSchema.safeParse(await http.readJsonBody(ctx, 16 * 1024));
    if (!parsed.success) throw invalidArgument();
    await clientLog.record(parsed.data);
    ctx.status = 204;
  });
  return router;
}
