import Router from '@koa/router';
import type { Context } from 'koa';
import type { Sql } from '../../db/connect.js';
import {
  databaseHealth,
  readinessHealth,
  type Health,
  type Readiness,
} from '../../modules/health/readiness.js';

/**
 * GET /health: 200 while the database answers (CONTRACT.md §2). /health/live: the process is up.
 * /health/ready: the database answers, has every migration this code expects, and the process
 * is not shutting down: else 503, so a balancer sends traffic elsewhere.
 */
export function healthRoutes(sql: Sql, readiness: Readiness): Router {
  const router = new Router();
  const answer = (ctx: Context, health: Health) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = health.ok ? 200 : 503;
    ctx.body = health;
  };
  router.get('/health', async (ctx) => answer(ctx, await databaseHealth(sql)));
  router.get('/health/live', async (ctx) => answer(ctx, { ok: true }));
  router.get('/health/ready', async (ctx) => answer(ctx, await readinessHealth(sql, readiness)));
  return router;
}
