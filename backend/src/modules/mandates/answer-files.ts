/** An answer file the office uploads, read by its kind and applied by the reader of that kind. */
import type { AutogiroAnswerApplied } from '@concert/shared/api';
import { replyFileKind } from '../../integrations/bankgirot/replies.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { applyAmendmentAnswers } from './amendment-answers.js';
import { AnswerFileRefused, MAX_ANSWER_FILE_BYTES } from './answer-intake.js';
import type { Autogiro } from './autogiro.js';
import { applyDigitalMandates } from './digital-mandates.js';
import { applyDrawOutcomes } from './draw-outcomes.js';
import { applyMandateAdvice } from './mandate-advice.js';

/**
 * Applies an AG-MEDAVI file in one transaction. Each TK73 is read as a meaning (lifecycle.ts)
 * and moves its mandate only where the state machine lists the move; an answer that does not
 * fit the mandate's state, or names a payer number we do not have, changes nothing and is
 * listed for the office. The same answer about the same payer twice in one file is applied
 * once. A donor whose mandate was rejected gets an e-mail asking them to get in touch. A file
 * that is not right — broken layout, a record we do not know, another payee's bankgiro, a
 * count that does not match, the same file again — is refused whole and changes nothing.
 */
export async function applyAnswerFile(
  ag: Autogiro,
  staff: StaffMember,
  bytes: Buffer,
  uploadedName: string,
): Promise<AutogiroAnswerApplied> {
  const { sql } = ag;
  try {
    return await applyAnswer(ag, staff, bytes, uploadedName);
  } catch (err) {
    // The refused attempt is a staff action too: logged, while nothing of the file is applied.
    if (err instanceof AnswerFileRefused)
      await recordAudit(sql, {
        staffId: staff.id,
        action: 'mandates.readAnswerFile',
        after: { refused: err.refusal.reason, bytes: bytes.length },
      });
    throw err;
  }
}

async function applyAnswer(
  ag: Autogiro,
  staff: StaffMember,
  bytes: Buffer,
  uploadedName: string,
): Promise<AutogiroAnswerApplied> {
  if (bytes.length === 0) throw new AnswerFileRefused({ reason: 'empty' });
  if (bytes.length > MAX_ANSWER_FILE_BYTES) throw new AnswerFileRefused({ reason: 'tooLarge' });
  const firstLine = Buffer.from(bytes.subarray(0, 82)).toString('latin1').split(/\r?\n/)[0]!;
  const kind = replyFileKind(firstLine);
  if (kind === 'amendmentAnswers') return applyAmendmentAnswers(ag, staff, bytes, uploadedName);
  if (kind === 'digitalMandates') return applyDigitalMandates(ag, staff, bytes, uploadedName);
  if (kind === 'paymentResults' || kind === 'paymentRejections')
    return applyDrawOutcomes(ag, staff, bytes, uploadedName, kind);
  return applyMandateAdvice(ag, staff, bytes, uploadedName);
}
