/**
 * The files we send Bankgirot, from records (records.ts): mandate requests, standing payments and
 * the cancellations a raise needs; and how Bankgirot (the demo's stand-in) reads them back. Pure.
 */
import {
  compactDate,
  decodeFile,
  encodeFile,
  isoDate,
  readRecord,
  transactionCode,
  writeRecord,
} from './records.js';
import type { Payee } from './payee.js';
import { FileRefused, layoutRefusal } from './replies.js';

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

export const positiveOre = (amountOre: number) => {
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

export interface AmendmentRequest {
  date: string;
  payee: Payee;
  cancellations: (PaymentCancellation & { line: number })[];
}

/** Reads an amendment request file (TK01 + TK25), as Bankgirot does; the stand-in uses it. */
export function readAmendmentRequestFile(bytes: Uint8Array): AmendmentRequest {
  try {
    const lines = decodeFile(bytes);
    if (lines.length === 0) throw new FileRefused({ reason: 'empty' });
    const opening = readRecord('opening', lines[0]!, 1);
    const cancellations = lines.slice(1).map((line, i) => {
      const code = transactionCode(line);
      if (code !== '25') throw new FileRefused({ reason: 'unknownRecord', line: i + 2, code });
      const r = readRecord('cancelPayment', line, i + 2);
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
      cancellations,
    };
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    layoutRefusal(err);
  }
}
