import Router from '@koa/router';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Sql } from '../../db/connect.js';
import { invalidArgument } from '../../http/errors.js';
import { readJsonBody } from '../../http/json-body.js';
import { rateLimited, type RateLimiter } from '../../http/rate-limit.js';
import { bearerToken } from '../../http/visitor-auth.js';
import type { SessionTokens } from '../session/tokens.js';
import { redact, redactText } from './redact.js';

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
export function clientLogRoutes(sql: Sql, log: Logger, tokens: SessionTokens, limiter: RateLimiter): Router {
  const router = new Router();
  router.post('/clientLog', rateLimited(limiter, (ctx) => ctx.ip), async (ctx) => {
    const token = bearerToken(ctx);
    const uid = token ? await tokens.verify(token) : undefined;
    ctx.status = 204;
    if (!uid) return;
    const parsed = clientLogSchema.safeParse(await readJsonBody(ctx, 16 * 1024));
    if (!parsed.success) throw invalidArgument();
    const { level, message, source, lineno, colno, url, userAgent, error, globalState } = parsed.data;
    const entry = {
      level,
      message: redactText(message),
      source: source && redactText(source),
      url: url && redactText(url.split('?')[0]!),
      userAgent,
      detail: redact({ lineno, colno, error, globalState }) as Record<string, unknown>,
    };
    await sql`
      INSERT INTO client_log (level, message, source, url, user_agent, detail)
      VALUES (${entry.level}, ${entry.message}, ${entry.source ?? null}, ${entry.url ?? null}, ${entry.userAgent ?? null}, ${sql.json(entry.detail as never)})`;
    log.info({ clientLog: { level: entry.level, message: entry.message, url: entry.url } }, 'client log');
  });
  return router;
}
