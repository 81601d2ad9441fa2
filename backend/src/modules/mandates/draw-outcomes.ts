import type { AutogiroAnswerApplied, DrawResult } from '@concert/shared/api';
import { readPaymentRejectionFile } from '../../integrations/bankgirot/payment-rejections.js';
import { readPaymentResultFile, type DrawOutcome } from '../../integrations/bankgirot/payment-results.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { applyOnce, readReply } from './answer-intake.js';
import { payerKey, type Autogiro } from './autogiro.js';
import { RESENDABLE_REJECTIONS, ore } from './lifecycle.js';
import { lockMandatesOfPayers, type MandateRow } from './queries/mandates.js';
import { recordDiscrepancy } from './queries/discrepancies.js';
import { recordDraw } from './queries/draws.js';
import { moveMandate } from './queries/transitions.js';
import { fileSummary } from './views.js';

/**
 * Where a rejected instruction leaves the mandate: when it is the standing payment the mandate
 * runs on (standing, its due date and amount), the gift has stopped, so it leaves `active` —
 * back to `approved` when Bankgirot rejected the date (a new TK82 with a valid date fixes it, in
 * the next payment run), else `paymentRejected` (the account closed or not approved: the office
 * must act). Null when the rejection is not about the standing payment (an old instruction, a
 * mandate in another state): it is listed, nothing moves.
 */
function rejectedStanding(m: MandateRow, o: DrawOutcome): 'approved' | 'paymentRejected' | null {
  const current =
    o.standing &&
    m.state === 'active' &&
    m.standingAmount !== null &&
    ore(m.standingAmount) === o.amountOre &&
    m.standingDate === o.dueDate;
  if (!current) return null;
  return RESENDABLE_REJECTIONS.has(o.code) ? 'approved' : 'paymentRejected';
}

/**
 * Books a payment result file or a file of rejected instructions: each draw on its mandate
 * (paid, insufficient funds, no mandate, tried again, rejected with Bankgirot's code). A draw for
 * a payer we do not have, a "no mandate" answer and every rejected instruction are listed for the
 * office (a rejected standing payment also moves its mandate: rejectedStanding); the rest of the
 * file is booked. One transaction; the same file twice is refused.
 */
export async function applyDrawOutcomes(
  ag: Autogiro,
  staff: StaffMember,
  bytes: Buffer,
  uploadedName: string,
  kind: 'paymentResults' | 'paymentRejections',
): Promise<AutogiroAnswerApplied> {
  const { payee } = ag;
  const parsed = readReply(() =>
    kind === 'paymentResults' ? readPaymentResultFile(bytes, payee) : readPaymentRejectionFile(bytes, payee),
  );
  const fallbackName = `${kind === 'paymentResults' ? 'AG-BETSPEC' : 'AG-AVVISADE'}-${parsed.date.replaceAll('-', '')}.txt`;
  return applyOnce(ag, bytes, uploadedName, fallbackName, staff, async (tx, file) => {
    const mandates = await lockMandatesOfPayers(tx, [
      ...new Set(parsed.outcomes.map((o) => payerKey(o.payerNumber))),
    ]);
    const byPayer = new Map(mandates.map((m) => [payerKey(m.payerNumber), m]));
    const draws: Record<DrawResult, number> = {
      paid: 0,
      insufficientFunds: 0,
      noMandate: 0,
      renewed: 0,
      rejected: 0,
    };
    let discrepancies = 0;
    let stopped = 0;
    for (const o of parsed.outcomes) {
      const payer = payerKey(o.payerNumber);
      const m = byPayer.get(payer);
      await recordDraw(tx, {
        mandateId: m?.id ?? null,
        payerNumber: payer,
        fileId: file.id,
        line: o.line,
        dueDate: o.dueDate,
        amountOre: o.amountOre,
        result: o.result,
        code: o.code,
      });
      draws[o.result]++;
      if (m && o.result === 'rejected') {
        const stoppedAs = rejectedStanding(m, o);
        if (stoppedAs) {
          stopped++;
          await moveMandate(tx, {
            mandateId: m.id,
            fromState: m.state,
            toState: stoppedAs,
            fileId: file.id,
            staffId: staff.id,
            commentCode: o.code,
          });
        }
        discrepancies++;
        await recordDiscrepancy(tx, {
          reason: 'paymentRejected',
          fileId: file.id,
          line: o.line,
          payerNumber: payer,
          mandateId: m.id,
          mandateState: stoppedAs ?? m.state,
          commentCode: o.code,
        });
        continue;
      }
      if (!m || o.result === 'noMandate') {
        discrepancies++;
        await recordDiscrepancy(tx, {
          reason: 'paymentForUnknownMandate',
          fileId: file.id,
          line: o.line,
          payerNumber: payer,
          mandateId: m?.id ?? null,
          mandateState: m?.state ?? null,
          commentCode: o.code,
        });
      }
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.readAnswerFile',
      subject: file.id,
      after: { fileName: file.fileName, kind, ...draws, discrepancies, stopped },
    });
    return {
      file: fileSummary(file),
      kind,
      draws,
      approved: 0,
      rejected: 0,
      cancelled: 0,
      revoked: 0,
      discrepancies,
      repeated: 0,
    };
  });
}
