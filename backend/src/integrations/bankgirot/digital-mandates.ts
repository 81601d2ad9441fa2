/** Mandates payers gave in their internet bank (AG-EMEDGIV), as Bankgirot sends them. Pure. */
import { decodeFile, isoDate, readRecord, transactionCode } from './records.js';
import { type RecordValues } from './layouts.js';
import type { Payee } from './payee.js';
import { FileRefused, layoutRefusal } from './replies.js';

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
