/** A reply file from Bankgirot: which kind its opening says it is, and why one is refused whole. */
import { RecordLayoutError } from './records.js';

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

/** Each layout error becomes the refusal the office reads. */
export function layoutRefusal(err: unknown): never {
  if (err instanceof RecordLayoutError)
    throw new FileRefused({
      reason: 'brokenLayout',
      line: err.line,
      position: err.position,
      expected: err.expected,
    });
  throw err;
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
