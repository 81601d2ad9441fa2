import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestFileSections } from '../../../test/autogiro-grammar.js';
import { FileRefused, replyFileKind } from './replies.js';
import {
  amendmentRequestFile,
  mandateRequestFile,
  paymentRequestFile,
  readMandateRequestFile,
} from './request-files.js';
import { mandateAdviceFile, readMandateAdviceFile } from './mandate-advice.js';
import { readPaymentRejectionFile } from './payment-rejections.js';
import { readPaymentResultFile } from './payment-results.js';
import { RecordLayoutError, RecordValueError, decodeFile, readRecord, writeRecord } from './records.js';
import { LAYOUTS, RECORD_LENGTH, type LayoutName } from './layouts.js';

const payee = { bgcCustomerNumber: '471117', bankgiro: '9912346' };

/** Golden records, typed out by hand position by position from the layouts of AUTOGIRO.md (Bankgirot's manual). */
const GOLDEN = {
  // 01 | 20261123 | AUTOGIRO | 44 spaces | 471117 | 0009912346 | 2 spaces
  opening: '0120261123AUTOGIRO' + ' '.repeat(44) + '471117' + '0009912346' + '  ',
  // 04 | 0009912346 | 0000000001000001 | 8327 | 001234567890 | 199001012344 | 24 spaces
  newMandate:
    '04' + '0009912346' + '0000000001000001' + '8327' + '001234567890' + '199001012344' + ' '.repeat(24),
  // 82 | 20261228 | 1 | 3 spaces | space | 0000000001000001 | 000000015000 | 0009912346 | MANADSGAVA + 6 spaces (left, as the manual's example) | 11 spaces
  payment:
    '82' +
    '20261228' +
    '1' +
    '   ' +
    ' ' +
    '0000000001000001' +
    '000000015000' +
    '0009912346' +
    'MANADSGAVA      ' +
    ' '.repeat(11),
  // 25 | 0009912346 | 0000000001000001 | 20261228 | 000000010000 | 82 | 8 spaces | 6 spaces + MANADSGAVA | 6 spaces
  // (TK25: one payment by date, amount, type and reference; the manual's TK23 carries none of them)
  cancelPayment:
    '25' +
    '0009912346' +
    '0000000001000001' +
    '20261228' +
    '000000010000' +
    '82' +
    ' '.repeat(8) +
    'MANADSGAVA      ' +
    ' '.repeat(6),
};

describe('golden records', () => {
  it('TK01 opening, byte for byte, and read back', () => {
    const line = writeRecord('opening', {
      date: '20261123',
      bgcCustomerNumber: '471117',
      bankgiro: '9912346',
    });
    expect(line).toBe(GOLDEN.opening);
    expect(line).toHaveLength(80);
    expect(readRecord('opening', line)).toEqual({
      date: '20261123',
      bgcCustomerNumber: '471117',
      bankgiro: '0009912346',
    });
  });

  it('TK04 new mandate, byte for byte, and read back', () => {
    const line = writeRecord('newMandate', {
      bankgiro: '9912346',
      payerNumber: '1000001',
      clearingNumber: '8327',
      accountNumber: '1234567890',
      personalNumber: '199001012344',
    });
    expect(line).toBe(GOLDEN.newMandate);
    expect(readRecord('newMandate', line)).toEqual({
      bankgiro: '0009912346',
      payerNumber: '0000000001000001',
      clearingNumber: '8327',
      accountNumber: '001234567890',
      personalNumber: '199001012344',
    });
  });

  it('TK82 monthly payment until further notice, 150 kr in öre, byte for byte, and read back', () => {
    const line = writeRecord('payment', {
      date: '20261228',
      period: '1',
      repetitions: '',
      payerNumber: '1000001',
      amountOre: '15000',
      bankgiro: '9912346',
      reference: 'MANADSGAVA',
    });
    expect(line).toBe(GOLDEN.payment);
    expect(line.slice(31, 43)).toBe('000000015000'); // positions 32–43
    expect(readRecord('payment', line)).toEqual({
      date: '20261228',
      period: '1',
      repetitions: '',
      payerNumber: '0000000001000001',
      amountOre: '000000015000',
      bankgiro: '0009912346',
      reference: 'MANADSGAVA',
    });
  });

  it('a whole mandate file: ISO-8859-1, CRLF after every record, read back', () => {
    const bytes = mandateRequestFile(payee, '2026-11-23', [
      {
        payerNumber: '1000001',
        clearingNumber: '8327',
        accountNumber: '1234567890',
        personalNumber: '199001012344',
      },
    ]);
    expect(bytes.toString('latin1')).toBe(`${GOLDEN.opening}\r\n${GOLDEN.newMandate}\r\n`);
    expect(bytes).toHaveLength(2 * 82);
    expect(readMandateRequestFile(bytes)).toMatchObject({
      date: '2026-11-23',
      mandates: [{ payerNumber: '0000000001000001', personalNumber: '199001012344', line: 2 }],
    });
  });

  it('a raise: the amendment file cancels the old instruction (TK25 by date, amount, type, reference), the payment file gives the new one', () => {
    const amendments = amendmentRequestFile(payee, '2026-11-23', [
      { payerNumber: '1000001', date: '2026-12-28', amountOre: 10000, reference: 'MANADSGAVA' },
    ]);
    expect(amendments.toString('latin1')).toBe(`${GOLDEN.opening}\r\n${GOLDEN.cancelPayment}\r\n`);
    const payments = paymentRequestFile(payee, '2026-11-23', [
      { payerNumber: '1000001', firstDate: '2026-12-28', amountOre: 15000, reference: 'MANADSGAVA' },
    ]);
    expect(payments.toString('latin1')).toBe(`${GOLDEN.opening}\r\n${GOLDEN.payment}\r\n`);
    expect(requestFileSections(amendments)).toEqual(['amendments']);
    expect(requestFileSections(payments)).toEqual(['payments']);
  });

  it('the grammar check is independent and can fail: the old mixed layout (an amendment inside the payment section) is refused', () => {
    const mixed = Buffer.from(
      `${GOLDEN.opening}\r\n${GOLDEN.payment}\r\n${GOLDEN.cancelPayment}\r\n`,
      'latin1',
    );
    expect(() => requestFileSections(mixed)).toThrow(/amendments record inside a payments section/);
    const bareCancel = Buffer.from(
      `${GOLDEN.opening}\r\n${'23' + '0009912346' + '0000000001000001' + ' '.repeat(52)}\r\n`,
      'latin1',
    );
    expect(requestFileSections(bareCancel)).toEqual(['amendments']); // valid grammar, but we never write it (it cancels everything)
    // what the writer wrote before (issue 28 point 4): a TK23 carrying date, amount, type and
    // reference, which the manual's table has blank; the grammar refuses it
    const oldTk23 = Buffer.from(`${GOLDEN.opening}\r\n23${GOLDEN.cancelPayment.slice(2)}\r\n`, 'latin1');
    expect(() => requestFileSections(oldTk23)).toThrow(/not a record of any section: 23/);
    expect(() => requestFileSections(Buffer.from(`${GOLDEN.opening}\n`, 'latin1'))).toThrow();
  });

  it('a mandate file with TK03 and TK04 is one mandate section', () => {
    const bytes = mandateRequestFile(
      payee,
      '2026-11-23',
      [
        {
          payerNumber: '1000001',
          clearingNumber: '8327',
          accountNumber: '1234567890',
          personalNumber: '199001012344',
        },
      ],
      [{ payerNumber: '1000002' }],
    );
    expect(requestFileSections(bytes)).toEqual(['mandates']);
  });

  it('text fields are ISO-8859-1: å, ä, ö are one byte each', () => {
    const line = writeRecord('payment', {
      date: '20261228',
      period: '1',
      repetitions: '',
      payerNumber: '1',
      amountOre: '1',
      bankgiro: '1',
      reference: 'GÅVA',
    });
    const bytes = Buffer.from(`${line}\r\n`, 'latin1');
    expect(bytes).toHaveLength(82);
    expect(decodeFile(bytes)[0]).toBe(line);
    expect(() =>
      writeRecord('payment', {
        date: '20261228',
        period: '1',
        repetitions: '',
        payerNumber: '1',
        amountOre: '1',
        bankgiro: '1',
        reference: 'GIFT ✓',
      }),
    ).toThrow(RecordValueError);
  });

  it('reads the opening and advices of Bankgirot’s published AG-MEDAVI example lines', () => {
    const example = [
      '01AUTOGIRO              20080611            AG-MEDAVI           4711170009912346',
      '73000991234600000000000001035001000001000023196803050000     043220080611',
      '7300099123460000000002222107                                 033320080611',
      '092008061199000000002',
    ].join('\r\n');
    const file = readMandateAdviceFile(Buffer.from(example, 'latin1'), payee);
    expect(file).toMatchObject({ date: '2008-06-11', bgcCustomerNumber: '471117', bankgiro: '0009912346' });
    expect(
      file.advices.map((a) => [
        a.payerNumber,
        a.clearingNumber,
        a.accountNumber,
        a.personalNumber,
        a.infoCode,
        a.commentCode,
      ]),
    ).toEqual([
      ['0000000000000103', '5001', '000001000023', '196803050000', '04', '32'],
      ['0000000002222107', '', '', '', '03', '33'],
    ]);
  });

  it('reads Bankgirot’s published AG-MEDAVI examples in the old layout (no customer number, valid-from date, a line cut short)', () => {
    const accounts = [
      '012004011899000009912346AG-MEDAVI',
      '7300099123460000000000023344330012121212000019121212121200000041020041018000000',
      '7300099123460000000000034433890132323211100000555600052100000043220041018041026',
      '7300099123460000195809010000                                 033320041018000000',
      '092004011899000000003',
    ].join('\r\n');
    const file = readMandateAdviceFile(Buffer.from(accounts, 'latin1'), payee);
    expect(file).toMatchObject({ date: '2004-01-18', layout: 'old', bankgiro: '0009912346' });
    expect(file.advices.map((a) => [a.payerNumber, a.infoCode, a.commentCode, a.date])).toEqual([
      ['0000000000023344', '04', '10', '20041018'],
      ['0000000000034433', '04', '32', '20041018'],
      ['0000195809010000', '03', '33', '20041018'],
    ]);
    const bankgiros = [
      '012004110899000009912346AG-MEDAVI',
      '73000991234600000000022210010000000000000000995566778812000000410',
      '092004110899000000001',
    ].join('\r\n');
    expect(readMandateAdviceFile(Buffer.from(bankgiros, 'latin1'), payee).advices[0]).toMatchObject({
      infoCode: '04',
      commentCode: '10',
      date: '',
    });
    // another payee's old file is still refused
    expect(() =>
      readMandateAdviceFile(
        Buffer.from(accounts.replace('99000009912346AG', '99000050501055AG'), 'latin1'),
        payee,
      ),
    ).toThrow(FileRefused);
  });

  it('refuses values that do not fit instead of cutting them', () => {
    expect(() =>
      writeRecord('newMandate', {
        bankgiro: '9912346',
        payerNumber: '1'.repeat(17),
        clearingNumber: '8327',
        accountNumber: '1',
        personalNumber: '199001012344',
      }),
    ).toThrow(RecordValueError);
    expect(() =>
      writeRecord('newMandate', {
        bankgiro: '99-12346',
        payerNumber: '1',
        clearingNumber: '8327',
        accountNumber: '1',
        personalNumber: '199001012344',
      }),
    ).toThrow(RecordValueError);
    expect(() => readRecord('opening', `${GOLDEN.opening} `)).toThrow(RecordLayoutError);
  });
});

/** Values that fit each field of a layout, as strings. */
function valuesFor(layout: LayoutName) {
  const entries = (
    LAYOUTS[layout] as readonly { kind: string; length: number; name?: string; optional?: boolean }[]
  )
    .filter((f) => f.name)
    .map((f) => {
      const opening = (LAYOUTS[layout][0] as { kind: string }).kind === 'literal';
      if (opening && (f.name === 'date' || f.name === 'timestamp')) {
        // An opening's date is a calendar day (its timestamp: the day, then the time of day).
        const day = fc
          .date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10).replaceAll('-', ''));
        const value =
          f.length === 8 ? day : fc.tuple(day, fc.stringMatching(/^\d{12}$/)).map((p) => p.join(''));
        return [f.name, value] as const;
      }
      const digits = fc.stringMatching(new RegExp(`^\\d{1,${f.length}}$`));
      const value =
        f.kind === 'number'
          ? f.optional
            ? fc.oneof(fc.constant(''), digits)
            : digits
          : // text: printable ISO-8859-1, no edge spaces (they are padding)
            fc.stringMatching(new RegExp(`^[A-Z0-9ÅÄÖ]([A-Z0-9ÅÄÖ .-]{0,${f.length - 2}}[A-Z0-9ÅÄÖ])?$`));
      return [f.name!, value] as const;
    });
  return fc.record(Object.fromEntries(entries));
}

describe('every written record', () => {
  for (const layout of Object.keys(LAYOUTS) as LayoutName[]) {
    it(`${layout}: is 80 characters of ISO-8859-1 and reads back to the same values`, () => {
      fc.assert(
        fc.property(valuesFor(layout), (values) => {
          const line = writeRecord(layout, values as never);
          expect(line).toHaveLength(RECORD_LENGTH);
          expect(Buffer.from(line, 'latin1')).toHaveLength(RECORD_LENGTH);
          const read = readRecord(layout, decodeFile(Buffer.from(`${line}\r\n`, 'latin1'))[0]!) as Record<
            string,
            string
          >;
          for (const [name, value] of Object.entries(values as Record<string, string>)) {
            const field = (
              LAYOUTS[layout] as readonly { name?: string; length: number; kind: string }[]
            ).find((f) => f.name === name)!;
            expect(read[name]).toBe(
              field.kind === 'number' && value !== '' ? value.padStart(field.length, '0') : value,
            );
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('reading an AG-MEDAVI file refuses', () => {
  const advice = {
    payerNumber: '1000001',
    clearingNumber: '8327',
    accountNumber: '1234567890',
    personalNumber: '199001012344',
    reserved: '',
    infoCode: '04',
    commentCode: '32',
    date: '20261124',
  };
  const good = mandateAdviceFile(payee, '2026-11-24', [advice]).toString('latin1');
  const refusal = (text: string) => {
    try {
      readMandateAdviceFile(Buffer.from(text, 'latin1'), payee);
    } catch (err) {
      if (err instanceof FileRefused) return err.refusal;
      throw err;
    }
    return undefined;
  };

  it('nothing in a good file', () => expect(refusal(good)).toBeUndefined());
  it('another payee’s bankgiro', () =>
    expect(refusal(good.replaceAll('0009912346', '0050501055'))).toEqual({
      reason: 'otherBankgiro',
      line: 1,
    }));
  it('a record type it does not know', () =>
    expect(refusal(good.replace('\r\n09', '\r\n8200000000000000000000\r\n09'))).toEqual({
      reason: 'unknownRecord',
      line: 3,
      code: '82',
    }));
  it('letters where digits belong, with line and position', () =>
    expect(refusal(good.replace('\r\n7300', '\r\n73X0'))).toEqual({
      reason: 'brokenLayout',
      line: 2,
      position: 3,
      expected: '10 digits (bankgiro)',
    }));
  it('a line longer than 80', () =>
    expect(refusal(good.replace('\r\n09', ' X\r\n09'))).toMatchObject({ reason: 'brokenLayout', line: 2 }));
  it('a closing count that does not match', () =>
    expect(refusal(good.replace('99000000001', '99000000002'))).toEqual({
      reason: 'countMismatch',
      stated: 2,
      found: 1,
    }));
  it('a missing closing record', () =>
    expect(refusal(good.split('\r\n').slice(0, 2).join('\r\n'))).toMatchObject({
      reason: 'brokenLayout',
      expected: 'the closing record (09)',
    }));
  it('a mandate request file instead of an answer', () =>
    expect(refusal(mandateRequestFile(payee, '2026-11-23', []).toString('latin1'))).toEqual({
      reason: 'notMandateAdvice',
    }));
  it('an empty file', () => expect(refusal('')).toEqual({ reason: 'empty' }));
  it('control characters', () =>
    expect(refusal(good.replace('AUTOGIRO', 'AUTO\x00IRO'))).toMatchObject({
      reason: 'brokenLayout',
      line: 1,
    }));
});

describe('reply files about draws (Bankgirot’s published examples, new layout)', () => {
  it('payment results: paid, insufficient funds, no mandate, tried again; outgoing and refunds counted, not booked', () => {
    const example = [
      '01AUTOGIRO              20091110193055123456BET. SPEC & STOPP TK4711170009912346',
      '15000000000000000000089010032323232322009111000001000000000001500000   00000005',
      '82200911100    00000000000001010000003000000009912346000000RIDLEKTION          0',
      '82200911105006 000000000000010200000030000000099123460000000FAKTNR156          0',
      '82200911105006 000000000000010300000030000000099123460000000FAKTNR157          0',
      '82200911100    00000000077710140000003000000009912346000000RIDLEKTION          0',
      '82200911105006 000000000000010500000030000000099123460000000FAKTNR158          0',
      '82200911100    00000000000001060000003000000009912346000000RIDLEKTION          1',
      '82200911100    00000000000001070000003000000009912346000000RIDLEKTION          2',
      '82200911100    00000000022221010000003000000009912346000000RIDLEKTION          9',
      '16000000000000000000089010032323232322009111000001000000000000300000   00000003',
      '32200911100    000000000000010900000010000000099123460000000FAKTNR155          0',
      '32200911100    000000000000011000000010000000099123460000000FAKTNR154          0',
      '32200911100    000000000000011100000010000000099123460000000FAKTNR153          0',
      '32200911100    000000003333102200000010000000099123460000000FAKTNR151          1',
      '17000000000000000000089010032323232322009111000001000000000000020000   00000001',
      '77200911030    000000000000011400000002000000099123460000000FAKTNR1502009111002',
      '17000000000000000000089010032323232322009111000001000000000000050000   00000001',
      '77200911050    000000000000011500000005000000099123460000000FAKTNR1492009111001',
      '09200911109900000001000000000005000001000000000003000002000000000002',
    ].join('\r\n');
    const file = readPaymentResultFile(Buffer.from(example, 'latin1'), payee);
    expect(file.date).toBe('2009-11-10');
    expect(file.outcomes.map((o) => [BigInt(o.payerNumber), o.result, o.amountOre])).toEqual([
      [101n, 'paid', 300000],
      [102n, 'paid', 300000],
      [103n, 'paid', 300000],
      [7771014n, 'paid', 300000],
      [105n, 'paid', 300000],
      [106n, 'insufficientFunds', 300000],
      [107n, 'noMandate', 300000],
      [2222101n, 'renewed', 300000],
    ]);
    // a section count that does not match refuses the file
    expect(() =>
      readPaymentResultFile(Buffer.from(example.replace('   00000005', '   00000006'), 'latin1'), payee),
    ).toThrow(FileRefused);
    expect(replyFileKind(example.split('\r\n')[0]!)).toBe('paymentResults');
  });

  it('rejected payment instructions, with Bankgirot’s comment code', () => {
    const example = [
      '01AUTOGIRO              20080611            AVVISADE BET UPPDR  4711170009912346',
      '822008061150060000000000003333000000007500RIDLEKTION      02',
      '822008061180110000000000004444000000025000FAKTNR158       06',
      '822008061120020000000000005555000000055051FAKTNR160       08',
      '32200806110   0000000000001212000000007500RIDLEKTION ATERB01',
      '32200806300   0000000000002323000000008000RIDLEKTION ATERB12',
      '32200806110   0000000000001414000000025000FAKTNR161       10',
      '32200806030   0000000000005556000000007500FAKTNR162       13',
      '32200806110   0000000000007575000000080200RIDLEKTION ATERB01',
      '09200806119900000005000000128200000003000000087551',
    ].join('\r\n');
    const file = readPaymentRejectionFile(Buffer.from(example, 'latin1'), payee);
    expect(file.outcomes.map((o) => [BigInt(o.payerNumber), o.result, o.code, o.dueDate])).toEqual([
      [3333n, 'rejected', '02', '2008-06-11'],
      [4444n, 'rejected', '06', '2008-06-11'],
      [5555n, 'rejected', '08', '2008-06-11'],
    ]);
    expect(replyFileKind(example.split('\r\n')[0]!)).toBe('paymentRejections');
  });
});
