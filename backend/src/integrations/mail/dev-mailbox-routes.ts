import Router from '@koa/router';
import type { DevMailbox } from './dev-mailbox.js';

/** GET /dev/mail → what the dev mailbox received, newest first. Demo mode only. */
export function devMailRoutes(mailbox: Pick<DevMailbox, 'list'>): Router {
  const router = new Router();
  router.get('/dev/mail', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await mailbox.list();
  });
  return router;
}
