/**
 * Demo-mode stand-in for Bankgirot's Autogiro service, mounted under `/sim/bankgirot`: POST a
 * mandate request file (TK01 + TK04) to `/mandate-advice` and it answers with the matching
 * AG-MEDAVI file (TK01, one TK73 per mandate, TK09), approving every mandate (information code
 * 04, comment code 32) except those of the fixture persons that carry an `autogiroAnswer`
 * (CONTRACT.md §4: 196505052347 → 04/05, 197102145674 → 43/07: the bank did not answer the account
 * inquiry, as Bankgirot codes it), and confirms each TK03 (03/33). A file it cannot read is answered
 * 400 with the line and position, as Bankgirot's reception refuses a broken file.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { DEMO_PERSONS, type DemoPerson } from '../demo-fixtures.js';
import { FileRefused, mandateAdviceFile, readMandateRequestFile } from './files.js';

export const MANDATE_ADVICE_PATH = '/mandate-advice';
const MAX_FILE_BYTES = 5_000_000;
const APPROVED = { infoCode: '04', commentCode: '32' } as const;
const DELETED_BY_PAYEE = { infoCode: '03', commentCode: '33' } as const;

export interface BankgirotStandInOptions {
  fixtures?: readonly DemoPerson[];
  /** YYYY-MM-DD of the answer (default: the request file's date). */
  today?: () => string;
}

export function createBankgirotStandIn(options: BankgirotStandInOptions = {}): { router: Router } {
  const fixtures = options.fixtures ?? DEMO_PERSONS;
  const router = new Router();
  router.post(MANDATE_ADVICE_PATH, async (ctx) => {
    const bytes = await readBytes(ctx);
    if (!bytes) return refuse(ctx, 413, { reason: 'tooLarge' });
    try {
      const request = readMandateRequestFile(bytes);
      const date = options.today?.() ?? request.date;
      const advices = request.mandates.map((m) => {
        const answer =
          fixtures.find((p) => p.personalNumber === m.personalNumber)?.autogiroAnswer ?? APPROVED;
        return {
          payerNumber: m.payerNumber,
          clearingNumber: m.clearingNumber,
          accountNumber: m.accountNumber,
          personalNumber: m.personalNumber,
          reserved: '',
          infoCode: answer.infoCode,
          commentCode: answer.commentCode,
          date: date.replaceAll('-', ''),
        };
      });
      // The payee's own cancellations (TK03) are confirmed: information code 03, comment 33.
      for (const d of request.deletions) {
        advices.push({
          payerNumber: d.payerNumber,
          clearingNumber: '',
          accountNumber: '',
          personalNumber: '',
          reserved: '',
          ...DELETED_BY_PAYEE,
          date: date.replaceAll('-', ''),
        });
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=iso-8859-1';
      ctx.body = mandateAdviceFile(request.payee, date, advices);
    } catch (err) {
      if (err instanceof FileRefused) return refuse(ctx, 400, err.refusal);
      throw err;
    }
  });
  return { router };
}

function refuse(ctx: Context, status: number, refusal: object): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { refused: refusal };
}

async function readBytes(ctx: Context): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FILE_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
