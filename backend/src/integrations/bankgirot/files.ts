/**
 * Whole Autogiro files from records (records.ts): the mandate request file and the payment
 * request file we send, the mandate advice file (AG-MEDAVI) Bankgirot answers with. Pure.
 */
import type { DrawResult } from '@concert/shared/api';
import {
  RecordLayoutError,
  compactDate,
  decodeFile,
  encodeFile,
  isoDate,
  readRecord,
  transactionCode,
  writeRecord,
  type RecordValues,
} from './records.js';

/** Who sends: the organisation's Autogiro identity. */
export interface Payee {
  /** Bankgirot's customer number for Autogiro (6 digits). */
  bgcCustomerNumber: string;
  /** The organisation's bankgiro number, digits only. */
  bankgiro: string;
}

export interface NewMandateLine {
  payerNumber: string;
  /** 4 digits, as autogiroAccount (shared bank-account.ts) gives it. */
  clearingNumber: string;
  accountNumber: string;
  personalNumber: string;
}

/** TK04 of one new mandate (throws RecordValueError when a value does not fit: the caller sets the row aside). */
export const newMandateRecord = (payee: Payee, m: NewMandateLine) =>
  writeRecord('newMandate', { bankgiro: payee.bankgiro, ...m });

/** One mandate section: TK01, one TK03 per mandate the organisation ends, one TK04 per new mandate. `date` is YYYY-MM-DD. */
export function mandateRequestFile(
  payee: Payee,
  date: string,
  mandates: readonly NewMandateLine[],
  deletions: readonly { payerNumber: string }[] = [],
): Buffer {
  return encodeFile([
    opening(payee, date),
    ...deletions.map((d) =>
      writeRecord('deleteMandate', { bankgiro: payee.bankgiro, payerNumber: d.payerNumber }),
    ),
    ...mandates.map((m) => newMandateRecord(payee, m)),
  ]);
}

export interface StandingPayment {
  payerNumber: string;
  /** YYYY-MM-DD of the first draw; later draws fall on the same day of each month. */
  firstDate: string;
  amountOre: number;
  reference: string;
}

/** Period code 1: monthly on the first date's day of the month. */
export const MONTHLY = '1';
/** Payment type of an incoming payment (a draw from the payer), as amendments name it. */
export const INCOMING = '82';

const opening = (payee: Payee, date: string) =>
  writeRecord('opening', {
    date: compactDate(date),
    bgcCustomerNumber: payee.bgcCustomerNumber,
    bankgiro: payee.bankgiro,
  });
const positiveOre = (amountOre: number) => {
  if (!Number.isSafeInteger(amountOre) || amountOre <= 0)
    throw new RangeError('an amount is a positive whole number of öre');
  return String(amountOre);
};

/** One payment section: TK01, then one TK82 (monthly, until further notice) per payer. */
export function paymentRequestFile(payee: Payee, date: string, payments: readonly StandingPayment[]): Buffer {
  return encodeFile([
    opening(payee, date),
    ...payments.map((p) =>
      writeRecord('payment', {
        date: compactDate(p.firstDate),
        period: MONTHLY,
        repetitions: '',
        payerNumber: p.payerNumber,
        amountOre: positiveOre(p.amountOre),
        bankgiro: payee.bankgiro,
        reference: p.reference,
      }),
    ),
  ]);
}

/** A standing payment to cancel from a date on: the TK82 it was given by (date, amount, reference). */
export interface PaymentCancellation {
  payerNumber: string;
  /** YYYY-MM-DD: the instruction's draw from which on it is cancelled. */
  date: string;
  amountOre: number;
  reference: string;
}

/**
 * One amendment section: TK01, then a TK25 per payment to cancel (a standing instruction whole). Bankgirot takes amendments as
 * their own section (a delivery of its own here), processed before the payment file of the run.
 */
export function amendmentRequestFile(
  payee: Payee,
  date: string,
  cancellations: readonly PaymentCancellation[],
): Buffer {
  return encodeFile([
    opening(payee, date),
    ...cancellations.map((c) =>
      writeRecord('cancelPayment', {
        bankgiro: payee.bankgiro,
        payerNumber: c.payerNumber,
        date: compactDate(c.date),
        amountOre: positiveOre(c.amountOre),
        paymentType: INCOMING,
        reference: c.reference,
      }),
    ),
  ]);
}

/** Why an uploaded file is refused; the office sees a text per reason (with line and position where there is one). */
export type FileRefusal =
  | { reason: 'empty' }
  | { reason: 'notMandateAdvice' }
  | { reason: 'brokenLayout'; line: number; position: number; expected: string }
  | { reason: 'unknownRecord'; line: number; code: string }
  | { reason: 'otherBankgiro'; line: number }
  | { reason: 'countMismatch'; stated: number; found: number };

export class FileRefused extends Error {
  constructor(readonly refusal: FileRefusal) {
    super(`file refused: ${refusal.reason}`);
  }
}

export type MandateAdvice = RecordValues<'mandateAdvice'> & { line: number };

export interface MandateAdviceFile {
  /** YYYY-MM-DD */
  date: string;
  /** Bankgirot's new layout, or the old one (no customer number, a valid-from date per TK73). */
  layout: 'new' | 'old';
  bgcCustomerNumber: string;
  bankgiro: string;
  advices: MandateAdvice[];
}

/** Each layout error becomes the refusal the office reads. */
function layoutRefusal(err: unknown): never {
  if (err instanceof RecordLayoutError)
    throw new FileRefused({
      reason: 'brokenLayout',
      line: err.line,
      position: err.position,
      expected: err.expected,
    });
  throw err;
}

/**
 * Reads an AG-MEDAVI file in the new layout (TK01 with customer number) or the old one (TK01
 * 01-date-9900-bankgiro-AG-MEDAVI, TK73 with a valid-from date): TK73 records and a TK09 with
 * their count. Anything else — a record type it does not know, a field out of place, another
 * payee's bankgiro, a count that does not match — refuses the whole file: nothing in it is applied.
 */
export function readMandateAdviceFile(bytes: Uint8Array, payee: Payee): MandateAdviceFile {
  let lines: string[];
  try {
    lines = decodeFile(bytes);
  } catch (err) {
    layoutRefusal(err);
  }
  if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
  const first = lines[0]!;
  if (transactionCode(first) !== '01' || !first.includes('AG-MEDAVI'))
    throw new FileRefused({ reason: 'notMandateAdvice' });
  const old = first.slice(10, 14) === '9900' && first.slice(24, 33) === 'AG-MEDAVI';
  try {
    const opening = old
      ? { ...readRecord('adviceOpeningOld', first, 1), bgcCustomerNumber: '' }
      : readRecord('adviceOpening', first, 1);
    const otherPayee =
      opening.bankgiro !== payee.bankgiro.padStart(10, '0') ||
      (!old && opening.bgcCustomerNumber !== payee.bgcCustomerNumber.padStart(6, '0'));
    if (otherPayee) throw new FileRefused({ reason: 'otherBankgiro', line: 1 });
    const advices: MandateAdvice[] = [];
    let closing: RecordValues<'adviceClosing'> | undefined;
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
      if (code === '73') {
        const { validFrom: _validFrom, ...advice } = old
          ? readRecord('mandateAdviceOld', line, i + 1)
          : { ...readRecord('mandateAdvice', line, i + 1), validFrom: '' };
        if (advice.bankgiro !== opening.bankgiro)
          throw new FileRefused({ reason: 'otherBankgiro', line: i + 1 });
        advices.push({ ...advice, line: i + 1 });
      } else if (code === '09') {
        closing = readRecord('adviceClosing', line, i + 1);
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
    if (Number(closing.count) !== advices.length)
      throw new FileRefused({
        reason: 'countMismatch',
        stated: Number(closing.count),
        found: advices.length,
      });
    return {
      date: isoDate(opening.date),
      layout: old ? 'old' : 'new',
      bgcCustomerNumber: opening.bgcCustomerNumber,
      bankgiro: opening.bankgiro,
      advices,
    };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
}

/** An AG-MEDAVI file from its advices (what Bankgirot writes; the stand-in and tests use it). */
export function mandateAdviceFile(
  payee: Payee,
  date: string,
  advices: readonly Omit<RecordValues<'mandateAdvice'>, 'bankgiro'>[],
): Buffer {
  return encodeFile([
    writeRecord('adviceOpening', {
      date: compactDate(date),
      bgcCustomerNumber: payee.bgcCustomerNumber,
      bankgiro: payee.bankgiro,
    }),
    ...advices.map((a) => writeRecord('mandateAdvice', { ...a, bankgiro: payee.bankgiro })),
    writeRecord('adviceClosing', { date: compactDate(date), count: String(advices.length) }),
  ]);
}

export interface MandateRequest {
  date: string;
  payee: Payee;
  mandates: (NewMandateLine & { line: number })[];
  /** TK03: mandates the payee ends. */
  deletions: { payerNumber: string; line: number }[];
}

/** Reads a mandate request file (TK01, TK03 and TK04), as Bankgirot does; the stand-in uses it. */
export function readMandateRequestFile(bytes: Uint8Array): MandateRequest {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    const opening = readRecord('opening', lines[0]!, 1);
    const mandates: MandateRequest['mandates'] = [];
    const deletions: MandateRequest['deletions'] = [];
    lines.slice(1).forEach((line, i) => {
      const code = transactionCode(line);
      if (code === '04') {
        const { bankgiro, ...m } = readRecord('newMandate', line, i + 2);
        if (bankgiro !== opening.bankgiro) throw new FileRefused({ reason: 'otherBankgiro', line: i + 2 });
        mandates.push({ ...m, line: i + 2 });
      } else if (code === '03') {
        const { bankgiro, payerNumber } = readRecord('deleteMandate', line, i + 2);
        if (bankgiro !== opening.bankgiro) throw new FileRefused({ reason: 'otherBankgiro', line: i + 2 });
        deletions.push({ payerNumber, line: i + 2 });
      } else {
        throw new FileRefused({ reason: 'unknownRecord', line: i + 2, code });
      }
    });
    return {
      date: isoDate(opening.date),
      payee: { bgcCustomerNumber: opening.bgcCustomerNumber, bankgiro: opening.bankgiro },
      mandates,
      deletions,
    };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
}

/** Which reply file the opening says this is (its text at fixed positions), or null. */
export type ReplyFileKind =
  'mandateAdvice' | 'paymentResults' | 'paymentRejections' | 'amendmentAnswers' | 'digitalMandates';
export function replyFileKind(firstLine: string): ReplyFileKind | null {
  if (firstLine.startsWith('01') && firstLine.includes('AG-MEDAVI')) return 'mandateAdvice';
  if (firstLine.startsWith('01') && firstLine.slice(44, 64) === 'BET. SPEC & STOPP TK')
    return 'paymentResults';
  // the old layout of payment results: 01 date AUTOGIRO 9900, nothing but blanks up to the customer number
  if (/^01\d{8}AUTOGIRO9900 {40}\d{16}/.test(firstLine)) return 'paymentResults';
  if (firstLine.startsWith('01') && /AVVISADE BET UPPDR|FELLISTA REG\.KONTRL/.test(firstLine))
    return 'paymentRejections';
  if (firstLine.startsWith('01') && /MAKULERING\/ÄNDRING|MAK\/ÄNDRINGSLISTA/.test(firstLine))
    return 'amendmentAnswers';
  if (firstLine.startsWith('51') && firstLine.includes('AG-EMEDGIV')) return 'digitalMandates';
  return null;
}

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

function checkPayee(values: { bankgiro: string; bgcCustomerNumber: string }, payee: Payee, line: number) {
  if (
    values.bankgiro !== payee.bankgiro.padStart(10, '0') ||
    values.bgcCustomerNumber !== payee.bgcCustomerNumber.padStart(6, '0')
  )
    throw new FileRefused({ reason: 'otherBankgiro', line });
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

export interface DigitalMandate {
  line: number;
  /** The payer number the payer typed in the internet bank, without leading zeros. */
  payerNumber: string;
  clearingNumber: string;
  accountNumber: string;
  /** YYYYMMDDNNNN, or 00 + an organisation number. */
  personalNumber: string;
  /** 0 new, 1 first reminder, 2 second reminder (Bankgirot still waits for the payee's answer). */
  messageType: '0' | '1' | '2';
  /** The payer's own words (TK53), '' when none. */
  info: string;
  /** Name and address lines (TK54, TK55), without empty ones. */
  nameAndAddress: string[];
  postcode: string;
  /** Town, or the country abroad. */
  city: string;
}

export interface DigitalMandateFile {
  date: string;
  mandates: DigitalMandate[];
}

/**
 * Reads a file of mandates given in the internet bank (AG-EMEDGIV: TK51, per mandate a TK52
 * followed by any of TK53–TK56, TK59 with the number of records between opening and closing).
 * Another payee's bankgiro, a record out of place or a count that does not match refuses it.
 */
export function readDigitalMandateFile(bytes: Uint8Array, payee: Payee): DigitalMandateFile {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    const opening = readRecord('digitalMandateOpening', lines[0]!, 1);
    if (opening.bankgiro !== payee.bankgiro.padStart(10, '0'))
      throw new FileRefused({ reason: 'otherBankgiro', line: 1 });
    const mandates: DigitalMandate[] = [];
    let closing: RecordValues<'digitalMandateClosing'> | undefined;
    let records = 0;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const code = transactionCode(line);
      const current = mandates.at(-1);
      if (closing)
        throw new FileRefused({
          reason: 'brokenLayout',
          line: i + 1,
          position: 1,
          expected: 'nothing after the closing record (59)',
        });
      if (code === '59') {
        closing = readRecord('digitalMandateClosing', line, i + 1);
        continue;
      }
      records++;
      if (code === '52') {
        const r = readRecord('digitalMandate', line, i + 1);
        if (r.bankgiro !== opening.bankgiro) throw new FileRefused({ reason: 'otherBankgiro', line: i + 1 });
        if (!/^[012]$/.test(r.messageType))
          throw new FileRefused({
            reason: 'brokenLayout',
            line: i + 1,
            position: 62,
            expected: 'a message type (0, 1 or 2)',
          });
        mandates.push({
          line: i + 1,
          payerNumber: r.payerNumber.replace(/^0+(?=\d)/, ''),
          clearingNumber: r.account.slice(0, 4),
          accountNumber: r.account.slice(4).replace(/^0+(?=\d)/, ''),
          personalNumber: r.personalNumber,
          messageType: r.messageType as DigitalMandate['messageType'],
          info: '',
          nameAndAddress: [],
          postcode: '',
          city: '',
        });
      } else if (current && code === '53') {
        current.info = readRecord('digitalMandateInfo', line, i + 1).info;
      } else if (current && code === '54') {
        const r = readRecord('digitalMandateName', line, i + 1);
        current.nameAndAddress.push(...[r.line1, r.line2].filter(Boolean));
      } else if (current && code === '55') {
        const r = readRecord('digitalMandateAddress', line, i + 1);
        current.nameAndAddress.push(...[r.line3, r.line4].filter(Boolean));
      } else if (current && code === '56') {
        const r = readRecord('digitalMandatePostal', line, i + 1);
        current.postcode = /^0+$/.test(r.postcode) ? '' : r.postcode;
        current.city = r.city;
      } else {
        throw new FileRefused({ reason: 'unknownRecord', line: i + 1, code });
      }
    }
    if (!closing)
      throw new FileRefused({
        reason: 'brokenLayout',
        line: lines.length + 1,
        position: 1,
        expected: 'the closing record (59)',
      });
    if (Number(closing.count) !== records)
      throw new FileRefused({ reason: 'countMismatch', stated: Number(closing.count), found: records });
    return { date: isoDate(opening.date), mandates };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
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

export interface PaymentRequest {
  date: string;
  payee: Payee;
  payments: { payerNumber: string; date: string; amountOre: number; reference: string; line: number }[];
}

/** Reads a payment request file (TK01 + TK82), as Bankgirot does; the stand-in uses it. */
export function readPaymentRequestFile(bytes: Uint8Array): PaymentRequest {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    const opening = readRecord('opening', lines[0]!, 1);
    const payments = lines.slice(1).map((line, i) => {
      const code = transactionCode(line);
      if (code !== '82') throw new FileRefused({ reason: 'unknownRecord', line: i + 2, code });
      const r = readRecord('payment', line, i + 2);
      if (r.bankgiro !== opening.bankgiro) throw new FileRefused({ reason: 'otherBankgiro', line: i + 2 });
      return {
        payerNumber: r.payerNumber.replace(/^0+(?=\d)/, ''),
        date: isoDate(r.date),
        amountOre: Number(r.amountOre),
        reference: r.reference,
        line: i + 2,
      };
    });
    return {
      date: isoDate(opening.date),
      payee: { bgcCustomerNumber: opening.bgcCustomerNumber, bankgiro: opening.bankgiro },
      payments,
    };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
}
