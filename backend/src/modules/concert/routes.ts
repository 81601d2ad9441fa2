import Router from '@koa/router';
import { CONCERT_STATUS_CACHE_CONTROL, type ConcertStatusReader } from './status.js';

export function concertRoutes(status: ConcertStatusReader): Router {
  const router = new Router();
  router.get('/getConcertStatus', async (ctx) => {
    ctx.set('Cache-Control', CONCERT_STATUS_CACHE_CONTROL);
    ctx.body = await status.read();
  });
  return router;
}
