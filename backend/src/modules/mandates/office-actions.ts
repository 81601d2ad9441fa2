/** What the office does to a mandate by hand: end it, send it again, settle a discrepancy, ask the demo stand-in, restate it. */
import type { MandateState } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import { AppError, notFound } from '../../errors.js';
import { bankgiroText, dateText } from '../../integrations/bankid/user-visible-data.js';
import { recordAudit } from '../audit/queries.js';
import { enqueueEmail } from '../outbox/queries.js';
import type { StaffMember } from '../staff/identity.js';
import type { Autogiro } from './autogiro.js';
import { fileBytes } from './file-store.js';
import { REVOCABLE, SENDABLE_AGAIN } from './lifecycle.js';
import { lockMandatesById, mandateOfTicket } from './queries/mandates.js';
import { moveMandate } from './queries/transitions.js';
import { resolveDiscrepancy, resolveMandateProblems } from './queries/discrepancies.js';

/**
 * Demo: the stand-in's answer to one of our files, to download and upload as the office would
 * Bankgirot's: a mandate file's AG-MEDAVI; a payment file's payment results, or (`rejections`)
 * its instructions rejected at reception; an amendment file's cancellations/changes answer.
 */
export async function standInAnswer(
  ag: Autogiro,
  staff: StaffMember,
  fileId: string,
  answer: 'results' | 'rejections' = 'results',
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!ag.standIn) throw notFound();
  const file = await fileBytes(ag, staff, fileId, 'mandates.standInAnswer');
  if (file.kind === 'mandates') {
    const bytes = await ag.standIn.mandateAdvice(file.bytes);
    return { fileName: `AG-MEDAVI-${file.fileName.replace(/^AG-MEDGIV-/, '')}`, bytes };
  }
  if (file.kind === 'amendments') {
    const bytes = await ag.standIn.amendmentAnswers(file.bytes);
    return { fileName: `AG-MAKULERING-${file.fileName.replace(/^AG-MAKAND-/, '')}`, bytes };
  }
  if (file.kind !== 'payments') throw new AppError('FAILED_PRECONDITION', 'invalidState');
  const rest = file.fileName.replace(/^AG-BETALN-/, '');
  return answer === 'rejections'
    ? { fileName: `AG-AVVISADE-${rest}`, bytes: await ag.standIn.paymentRejections(file.bytes) }
    : { fileName: `AG-BETSPEC-${rest}`, bytes: await ag.standIn.paymentResults(file.bytes) };
}

/**
 * The mandate as the confirmation e-mails state it (amount, draw day, first draw, bankgiro), for
 * a confirmation queued again by hand; undefined when the ticket has no mandate behind it.
 */
export async function confirmationVars(
  ag: Autogiro,
  externalTicketId: string,
  lang: Lang,
): Promise<Record<string, string> | undefined> {
  const { sql, autogiro, doorCodes } = ag;
  const m = await mandateOfTicket(sql, doorCodes.hash(externalTicketId));
  if (!m) return undefined;
  return {
    amount: lang === 'sv' ? `${m.monthlyAmount} kr` : `SEK ${m.monthlyAmount}`,
    drawDay: String(autogiro.drawDay),
    ...(m.firstDrawDate ? { firstDrawDate: dateText(lang, m.firstDrawDate) } : {}),
    bankgiro: bankgiroText(autogiro.bankgiro),
  };
}

/**
 * The office has dealt with a discrepancy: it leaves the list (audited). A raise held because
 * Bankgirot did not carry out its cancellation goes back to waiting for a payment run, which sends
 * the cancellation again (the office has checked the standing payment in Bankgirot's service).
 */
export async function resolve(
  ag: Autogiro,
  staff: StaffMember,
  discrepancyId: string,
): Promise<{ resolved: boolean }> {
  const { sql } = ag;
  return sql.begin(async (tx) => {
    const resolved = await resolveDiscrepancy(tx, discrepancyId, staff.id);
    if (!resolved) throw notFound();
    let retried: { from: MandateState; to: MandateState } | null = null;
    if (resolved.mandateId && resolved.meaning === 'cancellationFailed') {
      const [m] = await lockMandatesById(tx, [resolved.mandateId]);
      if (m?.state === 'raiseHeld') {
        retried = { from: m.state, to: 'raisePending' };
        await moveMandate(tx, {
          mandateId: m.id,
          fromState: m.state,
          toState: 'raisePending',
          staffId: staff.id,
        });
      }
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.resolveDiscrepancy',
      subject: discrepancyId,
      ...(retried
        ? { before: { state: retried.from }, after: { mandateId: resolved.mandateId, state: retried.to } }
        : {}),
    });
    return { resolved: true };
  });
}

/**
 * The organisation ends a mandate. One Bankgirot has (or is asking the bank about) needs a
 * TK03 (revokePending: it goes in the next mandate file); one never sent is simply ended. A
 * mandate already closed cannot be ended again (FAILED_PRECONDITION). The donor is told.
 */
export async function revoke(
  ag: Autogiro,
  staff: StaffMember,
  mandateId: string,
): Promise<{ state: MandateState }> {
  const { sql } = ag;
  return sql.begin(async (tx) => {
    const [m] = await lockMandatesById(tx, [mandateId]);
    if (!m) throw notFound();
    const toState = REVOCABLE[m.state];
    if (!toState) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    await moveMandate(tx, { mandateId: m.id, fromState: m.state, toState, staffId: staff.id });
    if (m.email) {
      await enqueueEmail(tx, {
        to: m.email,
        lang: m.lang,
        type: 'mandateRevoked',
        vars: { firstName: m.firstName },
        dedupeKey: `mandateRevoked:${m.id}`,
      });
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.revoke',
      subject: m.id,
      before: { state: m.state },
      after: { state: toState },
    });
    return { state: toState };
  });
}

/**
 * The office sends a rejected standing payment again (SENDABLE_AGAIN): the donor's bank has put the
 * account right, so the mandate goes back to `approved` and the next payment run writes a new
 * TK82. Its open "standing payment rejected" problems leave the list (dealt with by this). Any
 * other state: FAILED_PRECONDITION `invalidState` (nothing changes). Audited.
 */
export async function sendAgain(
  ag: Autogiro,
  staff: StaffMember,
  mandateId: string,
): Promise<{ state: MandateState; resolved: number }> {
  const { sql } = ag;
  return sql.begin(async (tx) => {
    const [m] = await lockMandatesById(tx, [mandateId]);
    if (!m) throw notFound();
    const toState = SENDABLE_AGAIN[m.state];
    if (!toState) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    await moveMandate(tx, { mandateId: m.id, fromState: m.state, toState, staffId: staff.id });
    const resolved = await resolveMandateProblems(tx, m.id, 'paymentRejected', staff.id);
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.sendAgain',
      subject: m.id,
      before: { state: m.state },
      after: { state: toState, resolvedProblems: resolved },
    });
    return { state: toState, resolved };
  });
}
