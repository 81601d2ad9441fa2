/** A mandate's signatures: recorded when BankID completes a sign, verified again whenever they are shown. */
import { randomUUID } from 'node:crypto';
import type { MandateEvidenceView, MandateState } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import type { Completion } from '../bankid/queries.js';
import { verifyEvidence, type MandateEvidence } from './evidence.js';
import { evidenceOf, insertEvidence } from './queries/evidence.js';
import { moveMandate, recordTransition, setFirstDrawDate, setSignedTerms } from './queries/transitions.js';

/** Each signature of a mandate, verified now against BankID's signature (the staff page and `npm run verify-mandate`). */
export async function verifiedEvidenceOf(
  sql: Queryable,
  protector: Pick<PersonalDataProtector, 'unseal'>,
  mandateId: string,
): Promise<MandateEvidenceView[]> {
  return (await evidenceOf(sql, mandateId)).map((row) => {
    const evidence = JSON.parse(
      protector.unseal(row.evidenceSealed, SEALED_AT.mandateEvidence(row.id)),
    ) as MandateEvidence;
    const check = verifyEvidence(evidence);
    return {
      signType: row.signType,
      signedAt: row.signedAt.toISOString(),
      bankIdIssueDate: evidence.bankIdIssueDate,
      deviceIp: evidence.deviceIp,
      signedText: evidence.signedText,
      verdict: check.verdict,
      differences: check.differences,
      ...(check.problem ? { problem: check.problem } : {}),
    };
  });
}

/**
 * A completed BankID signature of a mandate, inside the transaction that applies it: the
 * evidence (signed text and completionData) sealed, the first draw the donor was told of, and
 * the transition (a new mandate: → signed; a raise of an active mandate: → raisePending).
 */
export async function recordSignature(
  tx: Queryable,
  protector: Pick<PersonalDataProtector, 'seal'>,
  s: {
    mandateId: string;
    state: MandateState | null;
    signType: 'new' | 'raise';
    bankIdTransactionId: string;
    amount: number;
    firstDrawDate: string;
    lang: Lang;
    signedText: string | undefined;
    completion: Completion;
  },
): Promise<void> {
  // Independent writes, issued together: in a transaction they go out as one round trip.
  const writes: Promise<void>[] = [];
  const transition = { mandateId: s.mandateId, bankIdTransactionId: s.bankIdTransactionId, amount: s.amount };
  if (s.signType === 'new') {
    writes.push(
      setSignedTerms(tx, s.mandateId, s.lang, s.firstDrawDate),
      recordTransition(tx, { ...transition, fromState: null, toState: 'signed' }),
    );
  } else if (s.state === 'active' || s.state === 'raisePending') {
    writes.push(
      setFirstDrawDate(tx, s.mandateId, s.firstDrawDate),
      moveMandate(tx, { ...transition, fromState: s.state, toState: 'raisePending' }),
    );
  } else {
    // Not drawn yet: the payment instruction to come carries the new amount.
    writes.push(recordTransition(tx, { ...transition, fromState: s.state, toState: s.state ?? 'signed' }));
  }
  // The evidence last: its write is the large one (the signature, sealed: about 11 KB).
  if (s.signedText !== undefined) {
    const id = randomUUID();
    const evidence: MandateEvidence = {
      signedText: s.signedText,
      signature: s.completion.signature,
      ocspResponse: s.completion.ocspResponse,
      bankIdIssueDate: s.completion.bankIdIssueDate,
      deviceIp: s.completion.device.ipAddress,
      personalNumber: s.completion.user.personalNumber,
    };
    writes.push(
      insertEvidence(tx, {
        id,
        mandateId: s.mandateId,
        bankIdTransactionId: s.bankIdTransactionId,
        signType: s.signType,
        evidenceSealed: protector.seal(JSON.stringify(evidence), SEALED_AT.mandateEvidence(id)),
      }),
    );
  }
  await Promise.all(writes);
}
