/** Bankgirot's payment result file ("BET. SPEC & STOPP TK", or the old layout), read and written. Pure. */
import type { DrawResult } from '@concert/shared/api';
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
import { FileRefused, layoutRefusal } from './replies.js';
import { MONTHLY, positiveOre } from './request-files.js';

const STATUS_RESULTS: Record<string, DrawResult> = {
  '0': 'paid',
  '1': 'insufficientFunds',
  '2': 'noMandate',
  '9': 'renewed',
};

export interface DrawOutcome {
  line: number;
  payerNumber: string;
  /** YYYY-MM-DD the draw was due. */
  dueDate: string;
  amountOre: number;
  result: DrawResult;
  /** Bankgirot's status (results) or comment code (rejections). */
  code: string;
  /** A rejected instruction that renews itself (a period, no end): a standing payment, not one draw. */
  standing?: boolean;
}

/** A payment-result record (TK82 of a results file, either layout) as the draw's outcome. */
function paymentOutcome(line: string, lineNo: number, bankgiro: string): DrawOutcome {
  const r = readRecord('paymentResult', line, lineNo);
  if (r.bankgiro !== bankgiro) throw new FileRefused({ reason: 'otherBankgiro', line: lineNo });
  const result = STATUS_RESULTS[r.status];
  if (!result)
    throw new FileRefused({
      reason: 'brokenLayout',
      line: lineNo,
      position: 80,
      expected: 'a payment status (0, 1, 2 or 9)',
    });
  return {
    line: lineNo,
    payerNumber: r.payerNumber,
    dueDate: isoDate(r.date),
    amountOre: Number(r.amountOre),
    result,
    code: r.status,
  };
}

export interface DrawOutcomeFile {
  kind: 'paymentResults' | 'paymentRejections';
  date: string;
  outcomes: DrawOutcome[];
}

/**
 * Reads a payment result file (new layout: TK01 "BET. SPEC & STOPP TK", sections TK15 incoming /
 * TK16 outgoing / TK17 refunds, each with the number of payments carried out, TK09 with the
 * totals). Only incoming draws (TK82) are ours; outgoing payments and refunds are counted, never
 * booked. A count that does not match or a record out of place refuses the file.
 */
export function readPaymentResultFile(bytes: Uint8Array, payee: Payee): DrawOutcomeFile {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    if (lines[0]!.slice(10, 22) === 'AUTOGIRO9900') return readOldPaymentResults(lines, payee);
    const opening = readRecord('paymentResultOpening', lines[0]!, 1);
    checkPayee(opening, payee, 1);
    const outcomes: DrawOutcome[] = [];
    const counted = { '15': 0, '16': 0, '17': 0 };
    let section: { code: '15' | '16' | '17'; stated: number; found: number; line: number } | null = null;
    let closing: RecordValues<'paymentResultClosing'> | undefined;
    const closeSection = () => {
      if (section && section.stated !== section.found)
        throw new FileRefused({ reason: 'countMismatch', stated: section.stated, found: section.found });
    };
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
      if (code === '15' || code === '16' || code === '17') {
        closeSection();
        const s = readRecord('paymentResultSection', line, i + 1);
        section = { code, stated: Number(s.count), found: 0, line: i + 1 };
      } else if (code === '09') {
        closeSection();
        closing = readRecord('paymentResultClosing', line, i + 1);
      } else if (
        section &&
        ((code === '82' && section.code === '15') ||
          (code === '32' && section.code === '16') ||
          (code === '77' && section.code === '17'))
      ) {
        // Sections and the closing count what was carried out: draws with status 0, every refund.
        if (code === '77' || line.padEnd(80, ' ')[79] === '0') {
          section.found++;
          counted[section.code]++;
        }
        if (code !== '82') continue;
        outcomes.push(paymentOutcome(line, i + 1, opening.bankgiro));
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
    if (Number(closing.incomingRecords) !== counted['15'])
      throw new FileRefused({
        reason: 'countMismatch',
        stated: Number(closing.incomingRecords),
        found: counted['15'],
      });
    return { kind: 'paymentResults', date: isoDate(opening.timestamp.slice(0, 8)), outcomes };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
}

/**
 * A payment result file in the old layout (manual 9.2): TK01 01-date-AUTOGIRO-9900, TK82 and TK32
 * as in the new one (status at 80), no sections, TK09 with the totals and counts of outgoing and
 * incoming payments. The manual does not say whether a count includes the draws not carried out:
 * the count is taken either way (every TK82, or those with status 0); anything else refuses.
 */
function readOldPaymentResults(lines: string[], payee: Payee): DrawOutcomeFile {
  const opening = readRecord('paymentResultOpeningOld', lines[0]!, 1);
  checkPayee(opening, payee, 1);
  const outcomes: DrawOutcome[] = [];
  let outgoing = 0;
  let closing: RecordValues<'paymentResultClosingOld'> | undefined;
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
    if (code === '09') closing = readRecord('paymentResultClosingOld', line, i + 1);
    else if (code === '32') outgoing++;
    else if (code === '82') {
      outcomes.push(paymentOutcome(line, i + 1, opening.bankgiro));
    } else throw new FileRefused({ reason: 'unknownRecord', line: i + 1, code });
  }
  if (!closing)
    throw new FileRefused({
      reason: 'brokenLayout',
      line: lines.length + 1,
      position: 1,
      expected: 'the closing record (09)',
    });
  const stated = Number(closing.incomingCount);
  const paid = outcomes.filter((o) => o.result === 'paid').length;
  if (stated !== outcomes.length && stated !== paid)
    throw new FileRefused({ reason: 'countMismatch', stated, found: outcomes.length });
  if (Number(closing.outgoingCount) !== outgoing)
    throw new FileRefused({
      reason: 'countMismatch',
      stated: Number(closing.outgoingCount),
      found: outgoing,
    });
  return { kind: 'paymentResults', date: isoDate(opening.date), outcomes };
}

/** One draw in a payment result file: status 0 paid, 1 insufficient funds, 2 no mandate, 9 tried again. */
export interface DrawResultLine {
  payerNumber: string;
  /** YYYY-MM-DD the draw was due. */
  dueDate: string;
  amountOre: number;
  reference: string;
  status: '0' | '1' | '2' | '9';
}

/**
 * A payment result file as Bankgirot writes it (new layout, "BET. SPEC & STOPP TK"): one TK15
 * deposit section per due date with the draws carried out (status 0) counted and summed, then
 * every TK82 of that date with its status; TK09 with the totals. The stand-in and tests use it.
 */
export function paymentResultFile(payee: Payee, date: string, draws: readonly DrawResultLine[]): Buffer {
  const byDate = new Map<string, DrawResultLine[]>();
  for (const d of draws) byDate.set(d.dueDate, [...(byDate.get(d.dueDate) ?? []), d]);
  const records = [
    writeRecord('paymentResultOpening', {
      timestamp: `${compactDate(date)}120000000000`,
      bgcCustomerNumber: payee.bgcCustomerNumber,
      bankgiro: payee.bankgiro,
    }),
  ];
  let serial = 0;
  let paidTotal = 0;
  for (const [dueDate, section] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
    const paid = section.filter((d) => d.status === '0');
    paidTotal += paid.length;
    records.push(
      writeRecord('paymentResultSection', {
        code: '15',
        account: payee.bankgiro,
        date: compactDate(dueDate),
        serial: paid.length > 0 ? String(++serial) : '0',
        amountOre: String(paid.reduce((sum, d) => sum + d.amountOre, 0)),
        count: String(paid.length),
      }),
      ...section.map((d) =>
        writeRecord('paymentResult', {
          date: compactDate(d.dueDate),
          period: MONTHLY,
          repetitions: '',
          payerNumber: d.payerNumber,
          amountOre: positiveOre(d.amountOre),
          bankgiro: payee.bankgiro,
          reference: d.reference,
          status: d.status,
        }),
      ),
    );
  }
  records.push(
    writeRecord('paymentResultClosing', {
      date: compactDate(date),
      incomingSections: String(byDate.size),
      incomingRecords: String(paidTotal),
      outgoingSections: '0',
      outgoingRecords: '0',
      refundSections: '0',
      refundRecords: '0',
    }),
  );
  return encodeFile(records);
}
