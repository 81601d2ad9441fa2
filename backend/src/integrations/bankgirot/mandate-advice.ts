/** Bankgirot's answer to a mandate file (AG-MEDAVI), read and (for the stand-in and tests) written. Pure. */
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
import type { Payee } from './payee.js';
import { FileRefused, layoutRefusal } from './replies.js';

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
