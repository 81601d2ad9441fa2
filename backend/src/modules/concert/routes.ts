import Router from '@koa/router';
import type { ConcertStatusReader } from './status.js';

export function concertRoutes(status: ConcertStatusReader): Router {
  const router = new Router();
  router.get('/getConcertStatus', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await status.read();
  });
  return router;
}
