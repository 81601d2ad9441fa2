import Router from '@koa/router';
import { CONCERT_STATUS_CACHE_CONTROL, type ConcertStatusReader } from '../../modules/concert/status.js';

/** GET /getConcertStatus: the sale's state, cached briefly (CONCERT_STATUS_CACHE_CONTROL). */
export function concertRoutes(status: ConcertStatusReader): Router {
  const router = new Router();
  router.get('/getConcertStatus', async (ctx) => {
    ctx.set('Cache-Control', CONCERT_STATUS_CACHE_CONTROL);
    ctx.body = await status.read();
  });
  return router;
}
