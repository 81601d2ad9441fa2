import Router from '@koa/router';
import { LANGS, type Lang } from '@concert/shared/universal';
import { defineCallables } from '../../callables.js';
import type { Sql } from '../../db/connect.js';
import { invalidArgument } from '../../errors.js';
import { callingStaff } from '../staff/identity.js';
import { copyForLang, listCopy } from './queries.js';
import type { CopyService } from './service.js';

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

/** The copy editor's functions (copy admins only). */
export function copyCallables(copy: CopyService) {
  return defineCallables({
    listCopy: async () => copy.copyEntries(),
    updateCopy: async ({ key, id, sv, en, expectedUpdatedAt }, call) =>
      copy.updateCopy(callingStaff(call), { key: (key ?? id)!, sv, en, expectedUpdatedAt }),
    copyHistory: async ({ key }) => copy.copyHistory(key),
    listCopyDrafts: async () => copy.copyDrafts(),
    saveCopyDraft: async ({ key, sv, en, expectedUpdatedAt }, call) =>
      copy.saveCopyDraft(callingStaff(call), { key, sv, en, expectedUpdatedAt }),
    discardCopyDraft: async ({ key }, call) => copy.discardCopyDraft(callingStaff(call), key),
    publishCopyDraft: async ({ key }, call) => copy.publishCopyDraft(callingStaff(call), key),
  });
}
