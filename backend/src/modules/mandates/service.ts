import { applyAnswerFile } from './answer-files.js';
import { autogiroOf, type Autogiro, type AutogiroDeps } from './autogiro.js';
import { fileBytes } from './file-store.js';
import { confirmationVars, resolve, revoke, sendAgain, standInAnswer } from './office-actions.js';
import { writeMandateFile, writePaymentFile } from './request-files.js';
import { takeBackFile } from './take-back.js';
import { verifiedEvidenceOf } from './signature.js';
import { detail, overview } from './views.js';

export { AnswerFileRefused, MAX_ANSWER_FILE_BYTES } from './answer-intake.js';
export { verifiedEvidenceOf } from './signature.js';

/**
 * The Autogiro round trip (../shared/AUTOGIRO.md): signed mandates go to Bankgirot in a mandate
 * file, Bankgirot's AG-MEDAVI answer moves each to approved, rejected or cancelled, approved
 * mandates and raises get their standing monthly payment in a payment file. Every file is kept
 * byte for byte (sealed), every change of a mandate is a transition row (time, file, staff).
 * Each part is a file of its own: views, request-files, the answer readers, office-actions.
 */
export function createMandateService(deps: AutogiroDeps) {
  const ag = autogiroOf(deps);
  const given =
    <A extends unknown[], R>(part: (ag: Autogiro, ...args: A) => R) =>
    (...args: A) =>
      part(ag, ...args);
  return {
    resolve: given(resolve),
    revoke: given(revoke),
    sendAgain: given(sendAgain),
    confirmationVars: given(confirmationVars),
    overview: given(overview),
    detail: given(detail),
    verifiedEvidence: (mandateId: string) => verifiedEvidenceOf(ag.sql, ag.protector, mandateId),
    writeMandateFile: given(writeMandateFile),
    writePaymentFile: given(writePaymentFile),
    takeBackFile: given(takeBackFile),
    applyAnswerFile: given(applyAnswerFile),
    fileBytes: given(fileBytes),
    standInAnswer: given(standInAnswer),
  };
}
export type MandateService = ReturnType<typeof createMandateService>;
