import Router from '@koa/router';
import type { Context } from 'koa';
import type { Sql } from '../../db/connect.js';
import { appliedMigrationVersion, pingDatabase } from './queries.js';

/** What readiness asks of the process besides the database: the migrations it expects, and that it is not stopping. */
export interface Readiness {
  expectedMigration: () => Promise<number>;
  stopping: () => boolean;
}

/**
 * GET /health: 200 while the database answers (CONTRACT.md §2). /health/live: the process is up.
 * /health/ready: the database answers, has every migration this code expects, and the process
 * is not shutting down: else 503, so a balancer sends traffic elsewhere.
 */
export function healthRoutes(sql: Sql, readiness: Readiness): Router {
  const router = new Router();
  const answer = (ctx: Context, ok: boolean, detail: Record<string, unknown> = {}) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ok ? 200 : 503;
    ctx.body = { ok, ...detail };
  };
  router.get('/health', async (ctx) =>
    answer(
      ctx,
      await pingDatabase(sql).then(
        () => true,
        () => false,
      ),
    ),
  );
  router.get('/health/live', async (ctx) => answer(ctx, true));
  router.get('/health/ready', async (ctx) => {
    if (readiness.stopping()) return answer(ctx, false, { reason: 'stopping' });
    try {
      const [applied, expected] = await Promise.all([
        appliedMigrationVersion(sql),
        readiness.expectedMigration(),
      ]);
      if (applied < expected) return answer(ctx, false, { reason: 'migrations' });
      answer(ctx, true);
    } catch {
      answer(ctx, false, { reason: 'database' });
    }
  });
  return router;
}
