import Router from '@koa/router';
import type { Sql } from '../../db/connect.js';
import { pingDatabase } from './queries.js';

export function healthRoutes(sql: Sql): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await pingDatabase(sql);
      ctx.body = { ok: true };
    } catch {
      ctx.status = 503;
      ctx.body = { ok: false };
    }
  });
  return router;
}
