import Router from '@koa/router';
import type { Context } from 'koa';
import type { StaffMember } from '../../modules/staff/identity.js';
import {
  AnswerFileRefused,
  MAX_ANSWER_FILE_BYTES,
  type MandateService,
} from '../../modules/mandates/service.js';
import { readBody } from '../body.js';

/**
 * Files as files (plain HTTP, staff token required):
 * - `GET /autogiro/files/:id` — any file sent or received, byte for byte, as an attachment;
 * - `POST /autogiro/answers?name=<file name>` — an AG-MEDAVI file as the body
 *   (application/octet-stream): 200 `{result: {file, approved, rejected, cancelled, revoked, discrepancies, repeated}}`,
 *   or 400 `{error: {status, message}, refusal: {reason, …}}` and nothing applied;
 * - `GET /autogiro/files/:id/stand-in-answer` — demo only: Bankgirot's stand-in's answer to a
 *   mandate file (AG-MEDAVI) or a payment file (payment results; `?answer=rejections`: the
 *   instructions rejected at reception), to download and upload as the office would Bankgirot's.
 */
export function autogiroFileRoutes(
  mandates: MandateService,
  deps: {
    /** The signed-in office member (401/403 otherwise). */
    authenticate: (ctx: Context) => Promise<StaffMember>;
  },
): Router {
  const router = new Router({ prefix: '/autogiro' });

  router.get('/files/:id', async (ctx) => {
    const staff = await deps.authenticate(ctx);
    const file = await mandates.fileBytes(staff, ctx.params.id!);
    sendFile(ctx, file.fileName, file.bytes);
  });

  router.get('/files/:id/stand-in-answer', async (ctx) => {
    const staff = await deps.authenticate(ctx);
    const answer = await mandates.standInAnswer(
      staff,
      ctx.params.id!,
      ctx.query.answer === 'rejections' ? 'rejections' : 'results',
    );
    sendFile(ctx, answer.fileName, answer.bytes);
  });

  router.post('/answers', async (ctx) => {
    const staff = await deps.authenticate(ctx);
    const bytes = await readBody(ctx, MAX_ANSWER_FILE_BYTES);
    const name = typeof ctx.query.name === 'string' ? ctx.query.name : '';
    try {
      ctx.body = { result: await mandates.applyAnswerFile(staff, bytes, name) };
      ctx.set('Cache-Control', 'no-store');
    } catch (err) {
      if (!(err instanceof AnswerFileRefused)) throw err;
      ctx.status = 400;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error: { status: 'INVALID_ARGUMENT', message: 'invalidState' }, refusal: err.refusal };
    }
  });
  return router;
}

/** The bytes exactly as stored, as a download (ISO-8859-1 text). */
function sendFile(ctx: Context, fileName: string, bytes: Buffer): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'text/plain; charset=iso-8859-1';
  ctx.body = bytes;
}
