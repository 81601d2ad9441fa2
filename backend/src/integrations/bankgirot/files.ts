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
 * One amendment section: TK01, then a TK23 per payment to cancel. Bankgirot takes amendments as
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
        const r = readRecord('paymentResult', line, i + 1);
        if (r.bankgiro !== opening.bankgiro) throw new FileRefused({ reason: 'otherBankgiro', line: i + 1 });
        const result = STATUS_RESULTS[r.status];
        if (!result)
          throw new FileRefused({
            reason: 'brokenLayout',
            line: i + 1,
            position: 80,
            expected: 'a payment status (0, 1, 2 or 9)',
          });
        outcomes.push({
          line: i + 1,
          payerNumber: r.payerNumber,
          dueDate: isoDate(r.date),
          amountOre: Number(r.amountOre),
          result,
          code: r.status,
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
 * Reads a file of rejected payment instructions (new layout: TK01 "AVVISADE BET UPPDR", one
 * record per rejected instruction with Bankgirot's comment code, TK09 with the counts). Only
 * incoming (82) instructions are ours.
 */
export function readPaymentRejectionFile(bytes: Uint8Array, payee: Payee): DrawOutcomeFile {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    const opening = readRecord('rejectionOpening', lines[0]!, 1);
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
