import Router from '@koa/router';
import type { Context } from 'koa';
import { EXPORT_FORMATS, EXPORT_KINDS, type ExportFormat, type ExportKind } from '@concert/shared/api';
import { invalidArgument, notFound } from '../../errors.js';
import type { StaffMember } from '../../modules/staff/identity.js';
import type { ExportService } from '../../modules/exports/service.js';

/**
 * GET /exports/<attendees|donations|queue>?format=csv|xlsx&lang=sv|en[&codes=1]: a download for the
 * office, with the staff bearer token in the Authorization header (never in the URL; the page
 * fetches it and saves the blob). Nothing is cached anywhere on the way.
 */
export function exportRoutes(
  exports: ExportService,
  authenticateOffice: (ctx: Context) => Promise<StaffMember>,
): Router {
  const router = new Router();
  router.get('/exports/:kind', async (ctx) => {
    const kind = ctx.params.kind as ExportKind;
    if (!EXPORT_KINDS.includes(kind)) throw notFound();
    const format = (ctx.query.format ?? 'csv') as ExportFormat;
    const lang = ctx.query.lang ?? 'sv';
    if (!EXPORT_FORMATS.includes(format) || (lang !== 'sv' && lang !== 'en')) throw invalidArgument();
    const staff = await authenticateOffice(ctx);
    // `codes=1`: the attendees' door codes too (asked for, marked, audited).
    const file = await exports.exportFile(staff, kind, format, lang, ctx.query.codes === '1');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.type = file.contentType;
    ctx.body = file.body;
  });
  return router;
}
