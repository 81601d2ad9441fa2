import type { AutogiroAnswerApplied } from '@concert/shared/api';
import { readAmendmentAnswerFile } from '../../integrations/bankgirot/amendment-answers.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { answered, applyOnce, readReply } from './answer-intake.js';
import { payerKey, type Autogiro } from './autogiro.js';
import { AMENDMENT_NEEDS_OFFICE, amendmentMeaning, stateAfterAmendment } from './lifecycle.js';
import { lockMandatesOfPayers } from './queries/mandates.js';
import { recordDiscrepancy } from './queries/discrepancies.js';
import { moveMandate, recordTransition } from './queries/transitions.js';

/**
 * Reads Bankgirot's cancellations/changes answer. Each record is read as a meaning
 * (lifecycle.ts amendmentMeaning) and booked on its mandate where the state machine lists it
 * (AMENDMENT_TRANSITIONS: the answer to a raise's TK25 moves it on — confirmed: the new amount may
 * go; not carried out: held back — anything else is a history entry, the state unchanged); a
 * failed cancellation, a payment the payer stopped on a running mandate, a change of date we never
 * asked for, the agreement ended, a payer number we do not have — is listed for the office, and the
 * rest of the file is applied. The same record about the same payer twice is applied once.
 */
export async function applyAmendmentAnswers(
  ag: Autogiro,
  staff: StaffMember,
  bytes: Buffer,
  uploadedName: string,
): Promise<AutogiroAnswerApplied> {
  const { payee } = ag;
  const parsed = readReply(() => readAmendmentAnswerFile(bytes, payee));
  const fallback = `AG-MAKULERING-${parsed.date.replaceAll('-', '')}.txt`;
  return applyOnce(ag, bytes, uploadedName, fallback, staff, async (tx, file) => {
    const mandates = await lockMandatesOfPayers(tx, [
      ...new Set(parsed.answers.map((a) => a.payerNumber).filter(Boolean)),
    ]);
    const byPayer = new Map(mandates.map((m) => [payerKey(m.payerNumber), m]));
    let logged = 0;
    let discrepancies = 0;
    let repeated = 0;
    const seen = new Set<string>();
    for (const a of parsed.answers) {
      const once = [a.payerNumber, a.code, a.date, a.amountOre, a.paymentType, a.commentCode].join(':');
      if (seen.has(once)) {
        repeated++;
        continue;
      }
      seen.add(once);
      const meaning = amendmentMeaning(a.code, a.commentCode);
      const codes = { infoCode: a.code, commentCode: a.commentCode };
      const m = a.payerNumber ? byPayer.get(a.payerNumber) : undefined;
      const toState = m ? stateAfterAmendment(m.state, meaning) : null;
      if (m && toState) {
        logged++;
        const t = {
          mandateId: m.id,
          fromState: m.state,
          toState,
          fileId: file.id,
          staffId: staff.id,
          meaning,
          ...codes,
        };
        if (toState === m.state) await recordTransition(tx, t);
        else await moveMandate(tx, t);
        // A later record about the same payer in this file reads the state this one left.
        m.state = toState;
        if (!AMENDMENT_NEEDS_OFFICE.has(meaning)) continue;
      }
      discrepancies++;
      await recordDiscrepancy(tx, {
        // a payer number we do not have shows as such by its missing mandate
        reason: 'amendmentAnswer',
        fileId: file.id,
        line: a.line,
        payerNumber: a.payerNumber,
        mandateId: m?.id ?? null,
        mandateState: m?.state ?? null,
        meaning,
        ...codes,
      });
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.readAnswerFile',
      subject: file.id,
      after: { fileName: file.fileName, kind: 'amendmentAnswers', logged, discrepancies, repeated },
    });
    return {
      ...answered(file),
      kind: 'amendmentAnswers' as const,
      logged,
      discrepancies,
      repeated,
    };
  });
}
