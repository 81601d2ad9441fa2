import Router from '@koa/router';
import { z } from 'zod';
import { invalidArgument } from '../../errors.js';
import type { BankIdService } from '../../modules/bankid/service.js';
import type { SessionTokens } from '../../modules/session/tokens.js';
import { readJsonBody } from '../body.js';

const abandonSchema = z
  .object({ transactionId: z.string().max(100), idToken: z.string().max(4000) })
  .strict();

/**
 * POST /abandonBankIDSession → 204: the page is going away (pagehide) with a BankID order
 * running, so the order is cancelled at BankID (or, if the donor already approved it, kept and
 * applied). Made for `navigator.sendBeacon`, which can set no header: the session token comes
 * in the body, JSON sent as text/plain or application/json. The answer is 204 whatever the
 * token or the transaction, so it tells nobody anything; only a malformed body is 400.
 */
export function bankIdAbandonRoutes(bankId: Pick<BankIdService, 'abandon'>, tokens: SessionTokens): Router {
  const router = new Router();
  router.post('/abandonBankIDSession', async (ctx) => {
    const parsed = abandonSchema.safeParse(await readJsonBody(ctx, 8 * 1024));
    if (!parsed.success) throw invalidArgument();
    const sessionUid = await tokens.verify(parsed.data.idToken);
    if (sessionUid) await bankId.abandon(sessionUid, parsed.data.transactionId);
    ctx.status = 204;
  });
  return router;
}
