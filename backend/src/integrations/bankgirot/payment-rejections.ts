/** Bankgirot's file of payment instructions rejected at reception, read and written. Pure. */
import {
  compactDate,
  decodeFile,
  encodeFile,
  isoDate,
  readRecord,
  transactionCode,
  writeRecord,
} from './records.js';
import { type RecordValues } from './layouts.js';
import { type Payee, checkPayee } from './payee.js';
import type { DrawOutcome, DrawOutcomeFile } from './payment-results.js';
import { FileRefused, layoutRefusal } from './replies.js';
import { MONTHLY, INCOMING, positiveOre } from './request-files.js';

/**
 * Reads a file of rejected payment instructions (new layout: TK01 "AVVISADE BET UPPDR"; old:
 * "FELLISTA REG.KONTRL", the same records; one record per rejected instruction with Bankgirot's
 * comment code, TK09 with the counts). Only
 * incoming (82) instructions are ours.
 */
export function readPaymentRejectionFile(bytes: Uint8Array, payee: Payee): DrawOutcomeFile {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    const opening =
      lines[0]!.slice(10, 22) === 'AUTOGIRO9900'
        ? readRecord('rejectionOpeningOld', lines[0]!, 1)
        : readRecord('rejectionOpening', lines[0]!, 1);
    checkPayee(opening, payee, 1);
    const outcomes: DrawOutcome[] = [];
    let outgoing = 0;
    let closing: RecordValues<'rejectionClosing'> | undefined;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const code = transactionCode(line);
      if (closing)
        throw new FileRefused({
          reason: 'brokenLayout',
          line: i + 1,
          position: 1,
          expected: 'nothing after the closing record (09)',
        });
      if (code === '09') {
        closing = readRecord('rejectionClosing', line, i + 1);
      } else if (code === '82' || code === '32') {
        const r = readRecord('paymentRejection', line, i + 1);
        if (code === '32') {
          outgoing++;
          continue;
        }
        outcomes.push({
          line: i + 1,
          payerNumber: r.payerNumber,
          dueDate: isoDate(r.date),
          amountOre: Number(r.amountOre),
          result: 'rejected',
          code: r.commentCode,
          standing: r.period !== '0' && r.repetitions === '',
        });
      } else {
        throw new FileRefused({ reason: 'unknownRecord', line: i + 1, code });
      }
    }
    if (!closing)
      throw new FileRefused({
        reason: 'brokenLayout',
        line: lines.length + 1,
        position: 1,
        expected: 'the closing record (09)',
      });
    if (Number(closing.incomingCount) !== outcomes.length)
      throw new FileRefused({
        reason: 'countMismatch',
        stated: Number(closing.incomingCount),
        found: outcomes.length,
      });
    if (Number(closing.outgoingCount) !== outgoing)
      throw new FileRefused({
        reason: 'countMismatch',
        stated: Number(closing.outgoingCount),
        found: outgoing,
      });
    return { kind: 'paymentRejections', date: isoDate(opening.date), outcomes };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
}

/** A payment instruction Bankgirot rejected at reception, with its comment code (e.g. 01 no mandate, 02 account closed). */
export interface RejectedPaymentLine {
  payerNumber: string;
  dueDate: string;
  amountOre: number;
  reference: string;
  commentCode: string;
}

/** A file of rejected payment instructions as Bankgirot writes it (new layout, "AVVISADE BET UPPDR"). */
export function paymentRejectionFile(
  payee: Payee,
  date: string,
  rejected: readonly RejectedPaymentLine[],
): Buffer {
  return encodeFile([
    writeRecord('rejectionOpening', {
      date: compactDate(date),
      bgcCustomerNumber: payee.bgcCustomerNumber,
      bankgiro: payee.bankgiro,
    }),
    ...rejected.map((r) =>
      writeRecord('paymentRejection', {
        code: INCOMING,
        date: compactDate(r.dueDate),
        period: MONTHLY,
        repetitions: '',
        payerNumber: r.payerNumber,
        amountOre: positiveOre(r.amountOre),
        reference: r.reference,
        commentCode: r.commentCode,
      }),
    ),
    writeRecord('rejectionClosing', {
      date: compactDate(date),
      outgoingCount: '0',
      outgoingAmountOre: '0',
      incomingCount: String(rejected.length),
      incomingAmountOre: String(rejected.reduce((sum, r) => sum + r.amountOre, 0)),
    }),
  ]);
}
