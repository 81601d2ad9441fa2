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
import { dueDateOf, swedishDate } from './banking-days.js';
import { nextFileName, storeFile, type StoredFile } from './file-store.js';
import { PAYMENT_LEAD_DAYS, firstDrawDate, ore } from './lifecycle.js';
import { lockMandatesIn, type MandateRow } from './queries/mandates.js';
import { moveMandate, setFirstDrawDate } from './queries/transitions.js';
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
    const locked = await lockMandatesIn(tx, ['signed', 'revokePending']);
    const deletions = locked.filter((m) => m.state === 'revokePending');
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
    const day = swedishDate(now());
    const bytes = mandateRequestFile(
      payee,
      day,
      lines.map((l) => l.line),
      deletions.map((m) => ({ payerNumber: m.payerNumber })),
    );
    const file = await storeFile(
      ag,
      tx,
      'mandates',
      await nextFileName(ag, tx, 'mandates', day),
      bytes,
      count + 1,
      staff,
    );
    for (const { mandate: m } of lines)
      await moveMandate(tx, {
        mandateId: m.id,
        fromState: m.state,
        toState: 'sent',
        fileId: file.id,
        staffId: staff.id,
        amount: m.monthlyAmount,
      });
    for (const m of deletions)
      await moveMandate(tx, {
        mandateId: m.id,
        fromState: m.state,
        toState: 'revokeSent',
        fileId: file.id,
        staffId: staff.id,
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
 * One payment run: a monthly TK82 until further notice for each approved mandate and each
 * raise, in the payment file; for each raise a TK25 cancelling the old standing instruction
 * (named by its payment the new one replaces, its amount, type and reference: for a standing
 * instruction Bankgirot cancels all its payments), in an amendment file of its own sent first
 * (send order 1, then 2). Each mandate becomes active at its new amount in the same
 * transaction. The first draw is never before the one the donor was told of, nor closer than
 * PAYMENT_LEAD_DAYS to today.
 */
export async function writePaymentFile(ag: Autogiro, staff: StaffMember): Promise<AutogiroFileWritten> {
  const { sql, autogiro, payee, now } = ag;
  return sql.begin(async (tx) => {
    const mandates = await lockMandatesIn(tx, ['approved', 'raisePending']);
    if (mandates.length === 0) {
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.writePaymentFile',
        after: { mandates: 0 },
      });
      return { file: null, mandates: 0, amendments: null };
    }
    const day = swedishDate(now());
    const earliest = firstDrawDate(day, autogiro.drawDay, PAYMENT_LEAD_DAYS);
    const payments = mandates.map((m) => {
      // The donor was told the real (banking-day) date; the TK82 carries the due date it moves from.
      const realFirst = m.firstDrawDate && m.firstDrawDate > earliest ? m.firstDrawDate : earliest;
      return {
        mandate: m,
        payerNumber: m.payerNumber,
        realFirst,
        firstDate: dueDateOf(realFirst, autogiro.drawDay),
        amountOre: ore(m.monthlyAmount),
        reference: PAYMENT_REFERENCE,
      };
    });
    const raises = payments.filter((p) => p.mandate.state === 'raisePending' && p.mandate.standingAmount);
    const runId = randomUUID();
    let amendments: StoredFile | null = null;
    if (raises.length > 0) {
      const bytes = amendmentRequestFile(
        payee,
        day,
        raises.map((p) => ({
          payerNumber: p.payerNumber,
          date: replacedPayment(p.mandate.standingDate, p.firstDate),
          amountOre: ore(p.mandate.standingAmount!),
          reference: PAYMENT_REFERENCE,
        })),
      );
      amendments = await storeFile(
        ag,
        tx,
        'amendments',
        await nextFileName(ag, tx, 'amendments', day),
        bytes,
        raises.length + 1,
        staff,
        { runId, sendOrder: 1 },
      );
    }
    const bytes = paymentRequestFile(payee, day, payments);
    const file = await storeFile(
      ag,
      tx,
      'payments',
      await nextFileName(ag, tx, 'payments', day),
      bytes,
      payments.length + 1,
      staff,
      { runId, sendOrder: amendments ? 2 : 1 },
    );
    for (const p of payments) {
      await moveMandate(
        tx,
        {
          mandateId: p.mandate.id,
          fromState: p.mandate.state,
          toState: 'active',
          fileId: file.id,
          staffId: staff.id,
          amount: p.mandate.monthlyAmount,
        },
        { standingAmount: p.mandate.monthlyAmount, standingDate: p.firstDate },
      );
      await setFirstDrawDate(tx, p.mandate.id, p.realFirst);
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.writePaymentFile',
      subject: file.id,
      after: {
        fileName: file.fileName,
        mandates: payments.length,
        raises: raises.length,
        ...(amendments ? { amendmentFile: amendments.fileName } : {}),
      },
    });
    return {
      file: fileSummary(file),
      mandates: payments.length,
      amendments: amendments ? fileSummary(amendments) : null,
    };
  });
}

/**
 * The payment of the old standing instruction that a raise's new one replaces, as the TK25 names
 * it: the old instruction's day of month (its TK82 date) in the month of the new first draw (due
 * date). The same as that date while the draw day has not changed.
 */
export function replacedPayment(standingDate: string | null, newFirstDue: string): string {
  if (!standingDate) return newFirstDue;
  return `${newFirstDue.slice(0, 8)}${standingDate.slice(8, 10)}`;
}
