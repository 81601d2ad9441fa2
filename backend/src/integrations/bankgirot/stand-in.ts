/**
 * Demo-mode stand-in for Bankgirot's Autogiro service, mounted under `/sim/bankgirot`: POST a
 * mandate request file (TK01 + TK04) to `/mandate-advice` and it answers with the matching
 * AG-MEDAVI file (TK01, one TK73 per mandate, TK09), approving every mandate (information code
 * 04, comment code 32) except those of the fixture persons that carry an `autogiroAnswer`
 * (CONTRACT.md §4: 196505052347 → 04/05, 197102145674 → 43/07: the bank did not answer the account
 * inquiry, as Bankgirot codes it), and confirms each TK03 (03/33). POST a payment request file
 * (TK01 + TK82) to `/payment-results` and it answers with the payment result file of the first
 * draws ("BET. SPEC & STOPP TK"), to `/payment-rejections` with the file of instructions rejected
 * at reception ("AVVISADE BET UPPDR"); which draw goes which way is `demoDrawOutcome`. POST an
 * amendment file (TK01 + TK25) to `/amendment-answers` and it confirms every cancellation
 * ("MAKULERING/ÄNDRING", comment 12). A file it
 * cannot read is answered 400 with the line and position, as Bankgirot's reception refuses a
 * broken file.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { DEMO_PERSONS, type DemoPerson } from '../demo-fixtures.js';
import { bodyBytes } from '../request-body.js';
import { FileRefused } from './replies.js';
import { mandateAdviceFile } from './mandate-advice.js';
import { paymentRejectionFile } from './payment-rejections.js';
import { paymentResultFile } from './payment-results.js';
import { amendmentAnswerFile } from './amendment-answers.js';
import { readAmendmentRequestFile, readMandateRequestFile, readPaymentRequestFile } from './request-files.js';

export const MANDATE_ADVICE_PATH = '/mandate-advice';
export const PAYMENT_RESULTS_PATH = '/payment-results';
export const PAYMENT_REJECTIONS_PATH = '/payment-rejections';
export const AMENDMENT_ANSWERS_PATH = '/amendment-answers';

/**
 * How the stand-in's bank takes a draw, by the payer number's last digit so that a demo with a
 * handful of donors shows every outcome: 3 → insufficient funds (status 1, in the result file), 7 →
 * rejected at reception with comment code 02 ("the account is not approved or is closed", in the
 * rejection file), anything else paid (status 0). Status 1 and comment 02 are codes of Bankgirot's
 * lists (technical manual 8.2.3, 8.4.3).
 */
export function demoDrawOutcome(payerNumber: string): 'paid' | 'insufficientFunds' | 'rejected' {
  const last = payerNumber.at(-1);
  return last === '3' ? 'insufficientFunds' : last === '7' ? 'rejected' : 'paid';
}
const REJECTED_ACCOUNT_CLOSED = '02';
const CANCELLATION_DONE = '12';
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
    const bytes = await bodyBytes(ctx, MAX_FILE_BYTES);
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
  router.post(PAYMENT_RESULTS_PATH, async (ctx) => {
    const bytes = await bodyBytes(ctx, MAX_FILE_BYTES);
    if (!bytes) return refuse(ctx, 413, { reason: 'tooLarge' });
    try {
      const request = readPaymentRequestFile(bytes);
      const drawn = request.payments.filter((p) => demoDrawOutcome(p.payerNumber) !== 'rejected');
      const last = drawn.reduce((max, p) => (p.date > max ? p.date : max), request.date);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=iso-8859-1';
      ctx.body = paymentResultFile(
        request.payee,
        options.today?.() ?? last,
        drawn.map((p) => ({
          payerNumber: p.payerNumber,
          dueDate: p.date,
          amountOre: p.amountOre,
          reference: p.reference,
          status: demoDrawOutcome(p.payerNumber) === 'insufficientFunds' ? '1' : '0',
        })),
      );
    } catch (err) {
      if (err instanceof FileRefused) return refuse(ctx, 400, err.refusal);
      throw err;
    }
  });
  router.post(PAYMENT_REJECTIONS_PATH, async (ctx) => {
    const bytes = await bodyBytes(ctx, MAX_FILE_BYTES);
    if (!bytes) return refuse(ctx, 413, { reason: 'tooLarge' });
    try {
      const request = readPaymentRequestFile(bytes);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=iso-8859-1';
      ctx.body = paymentRejectionFile(
        request.payee,
        options.today?.() ?? request.date,
        request.payments
          .filter((p) => demoDrawOutcome(p.payerNumber) === 'rejected')
          .map((p) => ({
            payerNumber: p.payerNumber,
            dueDate: p.date,
            amountOre: p.amountOre,
            reference: p.reference,
            commentCode: REJECTED_ACCOUNT_CLOSED,
          })),
      );
    } catch (err) {
      if (err instanceof FileRefused) return refuse(ctx, 400, err.refusal);
      throw err;
    }
  });
  // An amendment file (TK25s): every cancellation carried out (comment 12), as the bank confirms one
  // that names the standing payment's next draw.
  router.post(AMENDMENT_ANSWERS_PATH, async (ctx) => {
    const bytes = await bodyBytes(ctx, MAX_FILE_BYTES);
    if (!bytes) return refuse(ctx, 413, { reason: 'tooLarge' });
    try {
      const request = readAmendmentRequestFile(bytes);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=iso-8859-1';
      ctx.body = amendmentAnswerFile(
        request.payee,
        options.today?.() ?? request.date,
        request.cancellations.map((c) => ({ ...c, commentCode: CANCELLATION_DONE })),
      );
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
