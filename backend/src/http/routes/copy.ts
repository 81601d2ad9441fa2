import Router from '@koa/router';
import { LANGS, type Lang } from '@concert/shared/universal';
import type { Sql } from '../../db/connect.js';
import { invalidArgument } from '../../errors.js';
import { copyForLang, listCopy } from '../../modules/copy/queries.js';

/** GET /getCopy?lang=sv|en → {key: text}; without lang → [{key, sv, en}]. Never cached: edits show on the next load. */
export function copyRoutes(sql: Sql): Router {
  const router = new Router();
  router.get('/getCopy', async (ctx) => {
    const lang = ctx.query.lang;
    ctx.set('Cache-Control', 'no-store');
    if (lang === undefined) {
      const rows = await listCopy(sql);
      ctx.body = rows.map(({ key, sv, en }) => ({ key, sv, en }));
      return;
    }
    if (typeof lang !== 'string' || !(LANGS as readonly string[]).includes(lang)) throw invalidArgument();
    ctx.body = await copyForLang(sql, lang as Lang);
  });
  return router;
}
