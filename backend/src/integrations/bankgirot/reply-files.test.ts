import { describe, expect, it } from 'vitest';
import { replyFileKind } from '../../../test/autogiro-grammar.js';
import { FileRefused, replyFileKind as kindOfOpening } from './replies.js';
import { paymentRejectionFile, readPaymentRejectionFile } from './payment-rejections.js';
import { paymentResultFile, readPaymentResultFile } from './payment-results.js';
import { readAmendmentAnswerFile } from './amendment-answers.js';
import { readDigitalMandateFile } from './digital-mandates.js';

const payee = { bgcCustomerNumber: '471117', bankgiro: '9912346' };
const file = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof FileRefused) return err.refusal;
    throw err;
  }
  throw new Error('not refused');
};

/**
 * A cancellations/changes answer written for this test, field by field from the manual (8.5.2):
 * code | date | payer (16) | type | amount (12) | text (8) | reserved or new date (8) | reference (16) | comment | 6 blanks.
 */
const amendment = (
  code: string,
  date: string,
  payer: string,
  type: string,
  amountOre: number,
  comment: string,
  { reference = '', newDate = '00000000' } = {},
) =>
  code +
  date +
  (payer ? payer.padStart(16, '0') : ' '.repeat(16)) +
  type +
  String(amountOre).padStart(12, '0') +
  (reference ? 'REFERENS' : '00000000') +
  newDate +
  (reference ? reference.padEnd(16) : '0'.repeat(16)) +
  comment +
  ' '.repeat(6);
const AMENDMENT_OPENING = `01AUTOGIRO${' '.repeat(14)}20261215${' '.repeat(12)}MAKULERING/ÄNDRING  4711170009912346`;
// 09 | date | 9900 | 14 blanks | outgoing total | out count | in count | 0000 | incoming total | 12 zeros
const amendmentClosing = (inCount: number, inOre: number, outCount = 0, outOre = '000000000000') =>
  `0920261215${'9900'}${' '.repeat(14)}${outOre}${String(outCount).padStart(6, '0')}${String(inCount).padStart(6, '0')}0000${String(inOre).padStart(12, '0')}${'0'.repeat(12)}`;

describe('the cancellations/changes answer (MAKULERING/ÄNDRING)', () => {
  const records = [
    amendment('25', '20261228', '1000001', '82', 15000, '12', { reference: 'MANADSGAVA' }), // our TK25, done
    amendment('25', '20261228', '1000002', '82', 20000, '13', { reference: 'MANADSGAVA' }), // payment missing
    amendment('11', '20261228', '1000003', '82', 15000, '12'), // the payer stopped it
    amendment('03', '20261228', '1000004', '82', 10000, '12'), // mandate removed
    amendment('29', '20261228', '1000005', '82', 15000, '14', { newDate: '20261230' }), // a date changed
  ];
  const bytes = file(AMENDMENT_OPENING, ...records, amendmentClosing(4, 15000 + 15000 + 10000 + 15000));

  it('is a file Bankgirot could send (the grammar written from the manual), recognised by its opening', () => {
    expect(replyFileKind(bytes)).toBe('amendmentAnswers');
    expect(kindOfOpening(AMENDMENT_OPENING)).toBe('amendmentAnswers');
  });

  it('is read record by record: code, payer, type, amount, reference, comment, new date', () => {
    const read = readAmendmentAnswerFile(bytes, payee);
    expect(read).toMatchObject({ date: '2026-12-15', layout: 'new' });
    expect(read.answers).toEqual([
      {
        line: 2,
        code: '25',
        date: '20261228',
        payerNumber: '1000001',
        paymentType: '82',
        amountOre: 15000,
        reference: 'MANADSGAVA',
        commentCode: '12',
        newDate: '00000000',
      },
      expect.objectContaining({ line: 3, payerNumber: '1000002', commentCode: '13' }),
      expect.objectContaining({ line: 4, code: '11', reference: '' }),
      expect.objectContaining({ line: 5, code: '03' }),
      expect.objectContaining({ line: 6, code: '29', newDate: '20261230' }),
    ]);
  });

  it('reads a record about every payer (blank payer number), a negative signed total and lines ended early', () => {
    const everyone = amendment('21', '00000000', '', '00', 0, '12');
    const read = readAmendmentAnswerFile(
      file(AMENDMENT_OPENING, everyone.trimEnd(), amendmentClosing(0, 0, 0, '00000000000å')),
      payee,
    );
    expect(read.answers).toEqual([expect.objectContaining({ code: '21', payerNumber: '' })]);
  });

  it('reads the old layout (MAK/ÄNDRINGSLISTA)', () => {
    const old = `0120261215AUTOGIRO9900MAK/ÄNDRINGSLISTA${' '.repeat(23)}4711170009912346  `;
    const bytesOld = file(old, records[0]!, amendmentClosing(1, 15000));
    expect(replyFileKind(bytesOld)).toBe('amendmentAnswers');
    expect(kindOfOpening(old)).toBe('amendmentAnswers');
    expect(readAmendmentAnswerFile(bytesOld, payee)).toMatchObject({
      layout: 'old',
      answers: [{ code: '25' }],
    });
  });

  it('refuses a count that does not match, another payee, a record it does not know, no closing', () => {
    expect(
      refusal(() =>
        readAmendmentAnswerFile(file(AMENDMENT_OPENING, ...records, amendmentClosing(5, 0)), payee),
      ),
    ).toEqual({ reason: 'countMismatch', stated: 5, found: 4 });
    expect(
      refusal(() => readAmendmentAnswerFile(bytes, { bgcCustomerNumber: '471117', bankgiro: '9912353' })),
    ).toEqual({ reason: 'otherBankgiro', line: 1 });
    expect(
      refusal(() =>
        readAmendmentAnswerFile(
          file(AMENDMENT_OPENING, `73${records[0]!.slice(2)}`, amendmentClosing(0, 0)),
          payee,
        ),
      ),
    ).toEqual({ reason: 'unknownRecord', line: 2, code: '73' });
    expect(refusal(() => readAmendmentAnswerFile(file(AMENDMENT_OPENING, records[0]!), payee))).toMatchObject(
      {
        reason: 'brokenLayout',
        expected: 'the closing record (09)',
      },
    );
  });
});

/**
 * A digital mandate file written for this test from the manual (8.6): TK51, per mandate TK52
 * (bankgiro, payer number, clearing + account 16, personal number, 5 blanks, message type) and
 * TK53–TK56, TK59 with the number of records between them.
 */
const DIGITAL_OPENING = `5120261201${'9900'}0009912346AG-EMEDGIV${' '.repeat(46)}`;
// the account as Bankgirot's examples give it: clearing (4) + account zero-padded (12)
const tk52 = (payer: string, account: string, personalNumber: string, type: string) =>
  `520009912346${payer.padStart(16, '0')}${account.slice(0, 4)}${account.slice(4).padStart(12, '0')}${personalNumber}${' '.repeat(5)}${type}${' '.repeat(18)}`;
const tk53 = (text: string) => `53${text.padEnd(36)}${' '.repeat(42)}`;
const tk54 = (a: string, b = '') => `54${a.padEnd(36)}${b.padEnd(36)}${' '.repeat(6)}`;
const tk55 = (a: string, b = '') => `55${a.padEnd(36)}${b.padEnd(36)}${' '.repeat(6)}`;
const tk56 = (postcode: string, city: string) => `56${postcode}${city.padEnd(31)}${' '.repeat(42)}`;
const tk59 = (count: number) => `5920261201${'9900'}${String(count).padStart(7, '0')}${' '.repeat(59)}`;

describe('mandates given in the internet bank (AG-EMEDGIV)', () => {
  const bytes = file(
    DIGITAL_OPENING,
    tk52('1000001', '83279001234567', '199001012344', '0'),
    tk53('JAG VILL GE VARJE MÅNAD'),
    tk54('ANNA ÅSTRÖM', 'C/O BERG'),
    tk55('STORGATAN 1'),
    tk56('11122', 'STOCKHOLM'),
    tk52('4242', '50010000012345', '005561234567', '2'),
    tk54('FÖRENINGEN AB'),
    tk56('00000', 'NORGE'),
    tk59(8),
  );

  it('is a file Bankgirot could send, recognised by its opening', () => {
    expect(replyFileKind(bytes)).toBe('digitalMandates');
    expect(kindOfOpening(DIGITAL_OPENING)).toBe('digitalMandates');
  });

  it('is read per mandate with the payer number typed, account, message type, the words, name and address', () => {
    expect(readDigitalMandateFile(bytes, payee)).toEqual({
      date: '2026-12-01',
      mandates: [
        {
          line: 2,
          payerNumber: '1000001',
          clearingNumber: '8327',
          accountNumber: '9001234567',
          personalNumber: '199001012344',
          messageType: '0',
          info: 'JAG VILL GE VARJE MÅNAD',
          nameAndAddress: ['ANNA ÅSTRÖM', 'C/O BERG', 'STORGATAN 1'],
          postcode: '11122',
          city: 'STOCKHOLM',
        },
        {
          line: 7,
          payerNumber: '4242',
          clearingNumber: '5001',
          accountNumber: '12345',
          personalNumber: '005561234567',
          messageType: '2',
          info: '',
          nameAndAddress: ['FÖRENINGEN AB'],
          postcode: '',
          city: 'NORGE',
        },
      ],
    });
  });

  it('refuses a count that does not match, another bankgiro, an address before any mandate, a wrong message type', () => {
    expect(
      refusal(() =>
        readDigitalMandateFile(
          file(DIGITAL_OPENING, tk52('1', '83271', '199001012344', '0'), tk59(2)),
          payee,
        ),
      ),
    ).toEqual({ reason: 'countMismatch', stated: 2, found: 1 });
    expect(
      refusal(() => readDigitalMandateFile(bytes, { bgcCustomerNumber: '471117', bankgiro: '9912353' })),
    ).toEqual({ reason: 'otherBankgiro', line: 1 });
    expect(refusal(() => readDigitalMandateFile(file(DIGITAL_OPENING, tk54('X'), tk59(1)), payee))).toEqual({
      reason: 'unknownRecord',
      line: 2,
      code: '54',
    });
    expect(
      refusal(() =>
        readDigitalMandateFile(
          file(DIGITAL_OPENING, tk52('1', '83271', '199001012344', '7'), tk59(1)),
          payee,
        ),
      ),
    ).toMatchObject({ reason: 'brokenLayout', line: 2, position: 62 });
  });
});

describe('payment results and rejections as the stand-in writes them', () => {
  it('are files Bankgirot could send, and read back as written', () => {
    const results = paymentResultFile(payee, '2026-12-28', [
      {
        payerNumber: '1000001',
        dueDate: '2026-12-28',
        amountOre: 15000,
        reference: 'MANADSGAVA',
        status: '0',
      },
      {
        payerNumber: '1000003',
        dueDate: '2026-12-28',
        amountOre: 20000,
        reference: 'MANADSGAVA',
        status: '1',
      },
      {
        payerNumber: '1000011',
        dueDate: '2027-01-28',
        amountOre: 5000,
        reference: 'MANADSGAVA',
        status: '0',
      },
    ]);
    expect(replyFileKind(results)).toBe('paymentResults');
    expect(readPaymentResultFile(results, payee).outcomes.map((o) => [o.payerNumber, o.result])).toEqual([
      ['0000000001000001', 'paid'],
      ['0000000001000003', 'insufficientFunds'],
      ['0000000001000011', 'paid'],
    ]);
    const rejections = paymentRejectionFile(payee, '2026-12-20', [
      {
        payerNumber: '1000007',
        dueDate: '2026-12-28',
        amountOre: 15000,
        reference: 'MANADSGAVA',
        commentCode: '02',
      },
    ]);
    expect(replyFileKind(rejections)).toBe('paymentRejections');
    expect(readPaymentRejectionFile(rejections, payee).outcomes).toEqual([
      expect.objectContaining({ payerNumber: '0000000001000007', result: 'rejected', code: '02' }),
    ]);
  });

  it('a rejected standing instruction (monthly, until further notice) is read as standing, with its comment code', () => {
    // Written from the manual's layout (8.4.2), not by our writer: one standing TK82 (period 1,
    // repetitions blank) and one single payment (period 0), both rejected.
    const file = [
      `01AUTOGIRO${' '.repeat(14)}20261228${' '.repeat(10)}  AVVISADE BET UPPDR  4711170009912346`,
      `82202612281   ${'1000007'.padStart(16, '0')}000000015000${'MANADSGAVA'.padEnd(16)}02`,
      `82202612280   ${'1000017'.padStart(16, '0')}000000020000${'ENGANGS'.padEnd(16)}12`,
      '09202612289900000000000000000000000002000000035000',
      '',
    ].join('\r\n');
    expect(replyFileKind(Buffer.from(file, 'latin1'))).toBe('paymentRejections');
    expect(readPaymentRejectionFile(Buffer.from(file, 'latin1'), payee).outcomes).toEqual([
      {
        line: 2,
        payerNumber: '0000000001000007',
        dueDate: '2026-12-28',
        amountOre: 15000,
        result: 'rejected',
        code: '02',
        standing: true,
      },
      {
        line: 3,
        payerNumber: '0000000001000017',
        dueDate: '2026-12-28',
        amountOre: 20000,
        result: 'rejected',
        code: '12',
        standing: false,
      },
    ]);
  });

  it('a file of rejections in the old layout (FELLISTA REG.KONTRL) is read like the new one', () => {
    const newLayout = paymentRejectionFile(payee, '2026-12-20', [
      {
        payerNumber: '1000007',
        dueDate: '2026-12-28',
        amountOre: 15000,
        reference: 'MANADSGAVA',
        commentCode: '01',
      },
    ]).toString('latin1');
    const old = `0120261220AUTOGIRO9900FELLISTA REG.KONTRL${' '.repeat(21)}4711170009912346  `;
    expect(kindOfOpening(old)).toBe('paymentRejections');
    const bytes = Buffer.from(newLayout.replace(/^[^\r]*/, old), 'latin1');
    expect(replyFileKind(bytes)).toBe('paymentRejections');
    expect(readPaymentRejectionFile(bytes, payee)).toMatchObject({
      date: '2026-12-20',
      outcomes: [{ payerNumber: '0000000001000007', result: 'rejected', code: '01' }],
    });
  });

  it('payment results in the old layout (no sections) are read; a count that fits neither way refuses', () => {
    const r82 = (payer: string, status: string) =>
      `82202612281    ${payer.padStart(16, '0')}0000000150000009912346${'MANADSGAVA'.padStart(16)}${' '.repeat(10)}${status}`;
    const closing = (count: number, paidOre: number) =>
      `0920261228${'9900'}${' '.repeat(14)}${'0'.repeat(12)}000000${String(count).padStart(6, '0')}0000${String(paidOre).padStart(12, '0')}${'0'.repeat(12)}`;
    const opening = `0120261228AUTOGIRO9900${' '.repeat(40)}4711170009912346  `;
    expect(kindOfOpening(opening)).toBe('paymentResults');
    const bytes = file(opening, r82('1000001', '0'), r82('1000003', '1'), closing(1, 15000));
    expect(replyFileKind(bytes)).toBe('paymentResultsOld');
    expect(readPaymentResultFile(bytes, payee)).toMatchObject({
      date: '2026-12-28',
      outcomes: [
        { payerNumber: '0000000001000001', result: 'paid' },
        { payerNumber: '0000000001000003', result: 'insufficientFunds' },
      ],
    });
    expect(
      readPaymentResultFile(file(opening, r82('1000001', '0'), r82('1000003', '1'), closing(2, 15000)), payee)
        .outcomes,
    ).toHaveLength(2);
    expect(
      refusal(() => readPaymentResultFile(file(opening, r82('1000001', '0'), closing(3, 15000)), payee)),
    ).toEqual({ reason: 'countMismatch', stated: 3, found: 1 });
  });

  it('the grammar can fail: a status Bankgirot has no code for', () => {
    const results = paymentResultFile(payee, '2026-12-28', [
      {
        payerNumber: '1000001',
        dueDate: '2026-12-28',
        amountOre: 15000,
        reference: 'MANADSGAVA',
        status: '0',
      },
    ])
      .toString('latin1')
      .replace(/0\r\n09/, '5\r\n09');
    expect(() => replyFileKind(Buffer.from(results, 'latin1'))).toThrow(/line 3: not a record/);
  });
});
