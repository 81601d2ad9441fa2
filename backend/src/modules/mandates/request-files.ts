/**
 * The files the organisation sends Bankgirot: a mandate file (new mandates, ended ones) and a
 * payment run (standing monthly payments, with the cancellations a raise needs sent first).
 */
import { randomUUID } from 'node:crypto';
import type { AutogiroFileWritten } from '@concert/shared/api';
import { autogiroAccount } from '@concert/shared/validation';
import {
  amendmentRequestFile,
  mandateRequestFile,
  newMandateRecord,
  paymentRequestFile,
  type NewMandateLine,
} from '../../integrations/bankgirot/request-files.js';
import { RecordValueError } from '../../integrations/bankgirot/records.js';
import { SEALED_AT } from '../../privacy/personal-data.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { payerKey, type Autogiro } from './autogiro.js';
import { stockholmDate } from '@concert/shared/stockholm-time';
import { nextRequestFile, storeFile, type StoredFile } from './file-store.js';
import { ore } from './lifecycle.js';
import { planPaymentRun } from './payment-run.js';
import { tellFirstDrawMoved } from './raise-notices.js';
import { lockRequestFiles, mandatesInFilesOn } from './queries/files.js';
import { lockMandatesIn, type MandateRow } from './queries/mandates.js';
import { moveMandate, setFirstDrawDate, termsOf } from './queries/transitions.js';
import { recordDiscrepancy } from './queries/discrepancies.js';
import { fileSummary } from './views.js';

/** What the donor sees on their bank statement next to each draw (TK82, 16 characters). */
export const PAYMENT_REFERENCE = 'MANADSGAVA';

/**
 * One mandate file: a TK04 for every signed mandate not yet sent and a TK03 for every mandate
 * the office ended, each marked sent in the same transaction. The mandates are locked while it
 * is written, so two clicks at once give one file and an empty answer, never the same mandate
 * in two files. A row the TK04 cannot carry (an account the bank would refuse) is set aside and
 * listed for the office; the others go.
 */
export async function writeMandateFile(ag: Autogiro, staff: StaffMember): Promise<AutogiroFileWritten> {
  const { sql, payee, now } = ag;
  return sql.begin(async (tx) => {
    await lockRequestFiles(tx);
    const day = stockholmDate(now());
    const locked = await lockMandatesIn(tx, ['signed', 'revokePending']);
    // A TK03 ends the mandate's payments too: never on the day its TK82 went out (manual 6.1.1).
    const ending = locked.filter((m) => m.state === 'revokePending');
    const paidToday = await mandatesInFilesOn(
      tx,
      day,
      'payments',
      ending.map((m) => m.id),
    );
    const deletions = ending.filter((m) => !paidToday.has(m.id));
    const lines: { mandate: MandateRow; line: NewMandateLine }[] = [];
    let setAside = 0;
    for (const m of locked.filter((r) => r.state === 'signed')) {
      const line = newMandateLine(ag, m);
      if (line) {
        lines.push({ mandate: m, line });
      } else {
        setAside++;
        await recordDiscrepancy(tx, {
          reason: 'unwritableAccount',
          payerNumber: payerKey(m.payerNumber),
          mandateId: m.id,
          mandateState: m.state,
        });
      }
    }
    const count = lines.length + deletions.length;
    if (count === 0) {
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.writeMandateFile',
        after: { mandates: 0, setAside },
      });
      return { file: null, mandates: 0, setAside };
    }
    const bytes = mandateRequestFile(
      payee,
      day,
      lines.map((l) => l.line),
      deletions.map((m) => ({ payerNumber: m.payerNumber })),
    );
    const next = await nextRequestFile(ag, tx, 'mandates', day);
    const file = await storeFile(ag, tx, 'mandates', next.fileName, bytes, count + 1, staff, {
      sendOrder: next.sendOrder,
    });
    for (const { mandate: m } of lines)
      await moveMandate(tx, {
        mandateId: m.id,
        fromState: m.state,
        toState: 'sent',
        fileId: file.id,
        staffId: staff.id,
        amount: m.monthlyAmount,
        termsBefore: termsOf(m),
      });
    for (const m of deletions)
      await moveMandate(tx, {
        mandateId: m.id,
        fromState: m.state,
        toState: 'revokeSent',
        fileId: file.id,
        staffId: staff.id,
        termsBefore: termsOf(m),
      });
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.writeMandateFile',
      subject: file.id,
      after: { fileName: file.fileName, mandates: lines.length, deletions: deletions.length, setAside },
    });
    return { file: fileSummary(file), mandates: count, setAside };
  });
}

/**
 * The TK04 values of a signed mandate, or null when the record cannot carry it: an account the
 * bank would refuse (bank-account.ts, the rule the sign-up applies; rows from before it may
 * break it), or a value that does not fit its field. A Nordea personkonto stored with the
 * century goes out as its 10 digits.
 */
function newMandateLine(ag: Autogiro, m: MandateRow): NewMandateLine | null {
  const { protector, payee } = ag;
  if (!m.accountNumberSealed || !m.clearingNumber) return null;
  const account = autogiroAccount(
    m.clearingNumber,
    protector.unseal(m.accountNumberSealed, SEALED_AT.mandateAccount(m.personalNumberHash)),
  );
  if (!account) return null;
  const line = {
    payerNumber: m.payerNumber,
    clearingNumber: account.clearingNumber,
    accountNumber: account.accountNumber,
    personalNumber: protector.unseal(m.personalNumberSealed, SEALED_AT.personalNumber(m.personalNumberHash)),
  };
  try {
    newMandateRecord(payee, line);
    return line;
  } catch (err) {
    if (err instanceof RecordValueError) return null;
    throw err;
  }
}

/**
 * One payment run (payment-run.ts says what goes and what waits): a TK25 for each raise whose old
 * standing payment may be cancelled today, in an amendment file, and a monthly TK82 until further
 * notice for each approved mandate and each raise whose cancellation Bankgirot has confirmed, in a
 * payment file; each file is the day's next in send order. A raise's mandate becomes
 * raiseCancelSent (the old amount is still drawn), the others active at their amount, in the same
 * transaction. A raise whose new amount cannot reach the draw its old payment was cancelled from is
 * listed for the office (monthNotDrawn).
 */
export async function writePaymentFile(ag: Autogiro, staff: StaffMember): Promise<AutogiroFileWritten> {
  const { sql, autogiro, payee, now } = ag;
  return sql.begin(async (tx) => {
    await lockRequestFiles(tx);
    const day = stockholmDate(now());
    const mandates = await lockMandatesIn(tx, ['approved', 'raisePending', 'raiseReady']);
    const ids = mandates.map((m) => m.id);
    const plan = planPaymentRun(day, autogiro.drawDay, mandates, {
      paid: await mandatesInFilesOn(tx, day, 'payments', ids),
      changed: await mandatesInFilesOn(tx, day, 'changes', ids),
    });
    const runId = randomUUID();
    let amendments: StoredFile | null = null;
    if (plan.cancellations.length > 0) {
      const bytes = amendmentRequestFile(
        payee,
        day,
        plan.cancellations.map((c) => ({
          payerNumber: c.mandate.payerNumber,
          date: c.due,
          amountOre: ore(c.mandate.standingAmount!),
          reference: PAYMENT_REFERENCE,
        })),
      );
      const next = await nextRequestFile(ag, tx, 'amendments', day);
      amendments = await storeFile(
        ag,
        tx,
        'amendments',
        next.fileName,
        bytes,
        plan.cancellations.length + 1,
        staff,
        {
          runId,
          sendOrder: next.sendOrder,
        },
      );
      for (const c of plan.cancellations) {
        await moveMandate(tx, {
          mandateId: c.mandate.id,
          fromState: c.mandate.state,
          toState: 'raiseCancelSent',
          fileId: amendments.id,
          staffId: staff.id,
          amount: c.mandate.monthlyAmount,
          termsBefore: termsOf(c.mandate),
        });
        // The first draw of the new amount that this order can keep; the donor is told if it moved.
        await setFirstDrawDate(tx, c.mandate.id, c.realFirst);
        await tellFirstDrawMoved(tx, c.mandate, c.realFirst);
      }
    }
    let file: StoredFile | null = null;
    if (plan.payments.length > 0) {
      const bytes = paymentRequestFile(
        payee,
        day,
        plan.payments.map((p) => ({
          payerNumber: p.mandate.payerNumber,
          firstDate: p.due,
          amountOre: ore(p.mandate.monthlyAmount),
          reference: PAYMENT_REFERENCE,
        })),
      );
      const next = await nextRequestFile(ag, tx, 'payments', day);
      file = await storeFile(ag, tx, 'payments', next.fileName, bytes, plan.payments.length + 1, staff, {
        runId,
        sendOrder: next.sendOrder,
      });
      for (const p of plan.payments) {
        await moveMandate(
          tx,
          {
            mandateId: p.mandate.id,
            fromState: p.mandate.state,
            toState: 'active',
            fileId: file.id,
            staffId: staff.id,
            amount: p.mandate.monthlyAmount,
            termsBefore: termsOf(p.mandate),
          },
          { standingAmount: p.mandate.monthlyAmount, standingDate: p.due },
        );
        await setFirstDrawDate(tx, p.mandate.id, p.realFirst);
        if (p.missedFrom) await tellFirstDrawMoved(tx, p.mandate, p.realFirst);
        if (p.missedFrom)
          await recordDiscrepancy(tx, {
            reason: 'monthNotDrawn',
            fileId: file.id,
            payerNumber: payerKey(p.mandate.payerNumber),
            mandateId: p.mandate.id,
            mandateState: 'active',
          });
      }
    }
    const held = plan.held.length;
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.writePaymentFile',
      ...(file ? { subject: file.id } : amendments ? { subject: amendments.id } : {}),
      after: {
        ...(file ? { fileName: file.fileName } : {}),
        mandates: plan.payments.length,
        raises: plan.cancellations.length,
        held,
        ...(amendments ? { amendmentFile: amendments.fileName } : {}),
      },
    });
    return {
      file: file ? fileSummary(file) : null,
      mandates: plan.payments.length,
      amendments: amendments ? fileSummary(amendments) : null,
      held,
    };
  });
}
