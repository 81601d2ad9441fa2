/**
 * Bankgirot's answer to a mandate file (AG-MEDAVI): each TK73 read as a meaning (lifecycle.ts)
 * moves its mandate only where the state machine lists the move; the rest is listed for the office.
 */
import type { AutogiroAnswerApplied } from '@concert/shared/api';
import { readMandateAdviceFile } from '../../integrations/bankgirot/mandate-advice.js';
import { recordAudit } from '../audit/queries.js';
import { enqueueEmail } from '../outbox/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { answerFileName, applyOnce, readReply } from './answer-intake.js';
import { payerKey, type Autogiro } from './autogiro.js';
import { TELL_DONOR, adviceMeaning, stateAfterAnswer } from './lifecycle.js';
import { lockMandatesOfPayers } from './queries/mandates.js';
import { moveMandate } from './queries/transitions.js';
import { recordDiscrepancy } from './queries/discrepancies.js';
import { fileSummary } from './views.js';

/** An AG-MEDAVI file applied in one transaction (see applyAnswerFile). */
export async function applyMandateAdvice(
  ag: Autogiro,
  staff: StaffMember,
  bytes: Buffer,
  uploadedName: string,
): Promise<AutogiroAnswerApplied> {
  const { payee } = ag;
  const parsed = readReply(() => readMandateAdviceFile(bytes, payee));
  const fallbackName = answerFileName(uploadedName, parsed.date);
  return applyOnce(ag, bytes, uploadedName, fallbackName, staff, async (tx, file) => {
    const mandates = await lockMandatesOfPayers(tx, [
      ...new Set(parsed.advices.map((a) => payerKey(a.payerNumber))),
    ]);
    const byPayer = new Map(mandates.map((m) => [payerKey(m.payerNumber), m]));
    const counts = { approved: 0, rejected: 0, cancelled: 0, revoked: 0, discrepancies: 0, repeated: 0 };
    const seen = new Set<string>();
    for (const advice of parsed.advices) {
      const payer = payerKey(advice.payerNumber);
      const codes = { infoCode: advice.infoCode, commentCode: advice.commentCode };
      const once = `${payer}:${advice.infoCode}:${advice.commentCode}`;
      if (seen.has(once)) {
        counts.repeated++;
        continue;
      }
      seen.add(once);
      const meaning = adviceMeaning(advice.infoCode, advice.commentCode);
      const m = byPayer.get(payer);
      if (!m) {
        counts.discrepancies++;
        await recordDiscrepancy(tx, {
          reason: 'unknownPayer',
          fileId: file.id,
          line: advice.line,
          payerNumber: payer,
          meaning,
          ...codes,
        });
        continue;
      }
      const toState = stateAfterAnswer(m.state, meaning);
      if (!toState) {
        counts.discrepancies++;
        await recordDiscrepancy(tx, {
          reason: 'answerDoesNotFit',
          fileId: file.id,
          line: advice.line,
          payerNumber: payer,
          mandateId: m.id,
          mandateState: m.state,
          meaning,
          ...codes,
        });
        continue;
      }
      await moveMandate(
        tx,
        { mandateId: m.id, fromState: m.state, toState, fileId: file.id, staffId: staff.id, ...codes },
        codes,
      );
      if (
        toState === 'approved' ||
        toState === 'rejected' ||
        toState === 'cancelled' ||
        toState === 'revoked'
      )
        counts[toState]++;
      if (TELL_DONOR.has(meaning) && m.email) {
        await enqueueEmail(tx, {
          to: m.email,
          lang: m.lang,
          type: 'mandateRejected',
          vars: { firstName: m.firstName, code: advice.commentCode },
          dedupeKey: `mandateRejected:${m.id}:${file.id}`,
        });
      }
      m.state = toState; // a later record about the same payer moves on from here
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.readAnswerFile',
      subject: file.id,
      after: { fileName: file.fileName, ...counts },
    });
    return { file: fileSummary(file), kind: 'mandateAdvice' as const, ...counts };
  });
}
