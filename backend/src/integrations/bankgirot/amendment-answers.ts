/** Bankgirot's answer about cancellations and changes of payments (MAKULERING/ÄNDRING). Pure. */
import {
  compactDate,
  decodeFile,
  encodeFile,
  isoDate,
  readRecord,
  transactionCode,
  writeRecord,
} from './records.js';
import { INCOMING } from './request-files.js';
import { type RecordValues } from './layouts.js';
import { type Payee, checkPayee } from './payee.js';
import { FileRefused, layoutRefusal } from './replies.js';

/** The codes of a cancellations/changes answer that say the cancellation or change was carried out. */
export const AMENDMENT_DONE = new Set(['12', '14', '18']);

export interface AmendmentAnswer {
  line: number;
  /** The transaction code: 03, 11, 21–25 cancellations, 26–29 changes of date. */
  code: string;
  /** YYYYMMDD as written (zeros where the record is about no one date). */
  date: string;
  /** Without leading zeros; '' when the record is about every payer (TK21, TK22, TK26, TK27). */
  payerNumber: string;
  /** 82 incoming, 32 outgoing, 00 none. */
  paymentType: string;
  amountOre: number;
  reference: string;
  commentCode: string;
  /** YYYYMMDD of a change of date, zeros otherwise. */
  newDate: string;
}

export interface AmendmentAnswerFile {
  date: string;
  layout: 'new' | 'old';
  answers: AmendmentAnswer[];
}

/** Bankgirot's signed amounts: digits, the last one possibly a letter for a negative amount (å J K … R = 0 … 9). */
const NEGATIVE_LAST_DIGIT = 'åJKLMNOPQR';

function signedAmountOre(field: string): number | null {
  if (!/^\d{11}[\dåJKLMNOPQR]$/.test(field)) return null;
  const last = field.at(-1)!;
  const digit = /\d/.test(last) ? last : String(NEGATIVE_LAST_DIGIT.indexOf(last));
  return Number(field.slice(0, -1) + digit);
}

/**
 * Reads Bankgirot's answer about cancellations and changes of payments ("MAKULERING/ÄNDRING",
 * or "MAK/ÄNDRINGSLISTA" in the old layout): one record per cancellation (TK03 mandate removed,
 * TK11 by the payer or their bank, TK21 the payee's agreement ended, TK23–TK25 our own) or change
 * of date (TK26–TK29), each with its comment code, and a TK09 counting the incoming (82) and
 * outgoing (32) payments cancelled or changed (comment 12, 14 or 18). A count that does not
 * match, a record out of place or another payee refuses the file.
 */
export function readAmendmentAnswerFile(bytes: Uint8Array, payee: Payee): AmendmentAnswerFile {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    const first = lines[0]!;
    const old = first.slice(10, 22) === 'AUTOGIRO9900';
    const opening = old
      ? readRecord('amendmentAnswerOpeningOld', first, 1)
      : readRecord('amendmentAnswerOpening', first, 1);
    checkPayee(opening, payee, 1);
    const answers: AmendmentAnswer[] = [];
    let closing: RecordValues<'amendmentAnswerClosing'> | undefined;
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
        closing = readRecord('amendmentAnswerClosing', line, i + 1);
        for (const [field, at] of [
          ['outgoingAmount', 29],
          ['incomingAmount', 57],
        ] as const)
          if (signedAmountOre(closing[field]) === null)
            throw new FileRefused({
              reason: 'brokenLayout',
              line: i + 1,
              position: at,
              expected: '12 digits (a signed amount)',
            });
      } else if (/^(03|11|2[1-9])$/.test(code)) {
        const r = readRecord('amendmentAnswer', line, i + 1);
        const zeros = /^0*$/;
        answers.push({
          line: i + 1,
          code,
          date: r.date,
          payerNumber: zeros.test(r.payerNumber) ? '' : r.payerNumber.replace(/^0+/, ''),
          paymentType: r.paymentType,
          amountOre: Number(r.amountOre),
          reference: zeros.test(r.reference) ? '' : r.reference,
          commentCode: r.commentCode,
          newDate: r.newDate,
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
    const done = (type: string) =>
      answers.filter((a) => a.paymentType === type && AMENDMENT_DONE.has(a.commentCode)).length;
    for (const [stated, found] of [
      [Number(closing.incomingCount), done('82')],
      [Number(closing.outgoingCount), done('32')],
    ] as const)
      if (stated !== found) throw new FileRefused({ reason: 'countMismatch', stated, found });
    return { date: isoDate(opening.date), layout: old ? 'old' : 'new', answers };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
}

/** One of our TK25s as Bankgirot answers it: the payment named, and how it went (12 done, else why not). */
export interface AmendmentAnswerLine {
  payerNumber: string;
  /** YYYY-MM-DD as the TK25 named it. */
  date: string;
  amountOre: number;
  reference: string;
  commentCode: string;
}

/** A cancellations/changes answer (new layout, "MAKULERING/ÄNDRING") to TK25s, as Bankgirot writes it; the demo's stand-in uses it. */
export function amendmentAnswerFile(
  payee: Payee,
  date: string,
  answers: readonly AmendmentAnswerLine[],
): Buffer {
  const done = answers.filter((a) => AMENDMENT_DONE.has(a.commentCode));
  return encodeFile([
    writeRecord('amendmentAnswerOpening', {
      date: compactDate(date),
      bgcCustomerNumber: payee.bgcCustomerNumber,
      bankgiro: payee.bankgiro,
    }),
    ...answers.map((a) =>
      writeRecord('amendmentAnswer', {
        code: '25',
        date: compactDate(a.date),
        payerNumber: a.payerNumber,
        paymentType: INCOMING,
        amountOre: String(a.amountOre),
        text: 'REFERENS',
        newDate: '0',
        reference: a.reference,
        commentCode: a.commentCode,
      }),
    ),
    writeRecord('amendmentAnswerClosing', {
      date: compactDate(date),
      outgoingAmount: '0'.repeat(12),
      outgoingCount: '0',
      incomingCount: String(done.length),
      zeros: '0',
      incomingAmount: String(done.reduce((sum, a) => sum + a.amountOre, 0)).padStart(12, '0'),
      zeros2: '0',
    }),
  ]);
}
