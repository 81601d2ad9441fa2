/**
 * Bankgirot's request-file grammar, written out here from the layouts (../shared/AUTOGIRO.md and
 * Bankgirot's "Autogiro – teknisk manual": a request file is one or more sections, each a TK01
 * opening followed by records of one family: mandates TK03–TK05, payments TK82/TK32, amendments
 * TK23–TK29). Deliberately independent of records.ts: it checks what our writer produces, so it
 * must not be made from it.
 */

/** The records of each section family, as regular expressions over the 80 positions. */
const RECORDS = {
  opening: /^01\d{8}AUTOGIRO {44}\d{6}\d{10} {2}$/,
  mandates: [
    /^03\d{10}\d{16} {52}$/, // TK03 delete mandate
    /^04\d{10}\d{16}\d{4}\d{12}\d{12} {24}$/, // TK04 new mandate: clearing 4 + account 12 + personal number 12
    /^05\d{10}\d{16}\d{10}\d{16} {26}$/, // TK05 change payer number
  ],
  payments: [/^(82|32)(\d{8}|GENAST {2})[0-8]( {3}|\d{3}) \d{16}\d{12}\d{10}[\x20-\x7e\xa0-\xff]{16} {11}$/],
  // Amendments, per the manual's table (7.4): which fields each transaction code fills and which
  // it leaves blank. 23 cancels every payment of the payer (nothing but the payer number), 24 those
  // on a date, 25 one payment by date, amount, type and reference (or blank); 26–29 change dates
  // (26–27 for every payer: no payer number) and carry the new date at 51–58.
  amendments: [
    /^23\d{10}\d{16} {8} {12} {2} {8} {16} {6}$/, // TK23: all payments of the payer
    /^24\d{10}\d{16}\d{8} {12} {2} {8} {16} {6}$/, // TK24: all payments of the payer on a date
    /^25\d{10}\d{16}\d{8}\d{12}(82|32) {8}[\x20-\x7e\xa0-\xff]{16} {6}$/, // TK25: one payment
    /^26\d{10} {16} {8} {12} {2}\d{8} {16} {6}$/, // TK26: all payments to a new date
    /^27\d{10} {16}\d{8} {12} {2}\d{8} {16} {6}$/, // TK27: all payments from a date
    /^28\d{10}\d{16}\d{8} {12} {2}\d{8} {16} {6}$/, // TK28: the payer's payments from a date
    /^29\d{10}\d{16}\d{8}\d{12}(82|32)\d{8}[\x20-\x7e\xa0-\xff]{16} {6}$/, // TK29: one payment
  ],
} as const;

export type SectionKind = 'mandates' | 'payments' | 'amendments';

/** The sections of a request file, in order, or an error naming the first line that breaks the grammar. */
export function requestFileSections(bytes: Buffer): SectionKind[] {
  const text = bytes.toString('latin1');
  if (!text.endsWith('\r\n')) throw new Error('the last record must end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  const sections: SectionKind[] = [];
  let current: SectionKind | null = null;
  let opened = false;
  lines.forEach((line, i) => {
    const where = `line ${i + 1}`;
    if (line.length !== 80) throw new Error(`${where}: ${line.length} characters, not 80`);
    if (/[\r\n]/.test(line)) throw new Error(`${where}: a bare line break`);
    if (RECORDS.opening.test(line)) {
      if (opened && current === null) throw new Error(`${where}: an opening after an empty section`);
      opened = true;
      current = null;
      return;
    }
    if (!opened) throw new Error(`${where}: a record before the opening (TK01)`);
    const kind = (['mandates', 'payments', 'amendments'] as const).find((k) =>
      RECORDS[k].some((re) => re.test(line)),
    );
    if (!kind) throw new Error(`${where}: not a record of any section: ${line.slice(0, 2)}`);
    if (current === null) {
      current = kind;
      sections.push(kind);
    } else if (kind !== current) {
      throw new Error(`${where}: a ${kind} record inside a ${current} section`);
    }
  });
  if (opened && current === null) throw new Error('a section with an opening and no records');
  return sections;
}

/**
 * Bankgirot's reply files, written out here from the manual's record tables (8.2, 8.4, 8.5, 8.6;
 * the old opening of 9.5), independent of records.ts: used on the example files the tests write
 * by hand and on what the stand-in answers, so that both are files Bankgirot could send. A line
 * may end early (Bankgirot's own examples drop trailing blanks): it is read padded to 80.
 */
const T = '[\\x20-\\x7e\\xa0-\\xff]'; // one ISO-8859-1 printable character
const re = (source: string) => new RegExp(`^${source}$`);
const REPLY = {
  amendmentAnswers: {
    opening: [
      re('01AUTOGIRO {14}\\d{8} {12}MAKULERING/ÄNDRING  \\d{6}\\d{10}'),
      re('01\\d{8}AUTOGIRO9900MAK/ÄNDRINGSLISTA {23}\\d{6}\\d{10}  '),
    ],
    // 03, 11, 21–25 cancellations and 26–29 changes: date, payer (blank for every payer), payment
    // type, amount, text field, reserved or new date, reference, comment code, 6 blanks
    records: [re(`(03|11|2[1-9])\\d{8}(\\d{16}| {16})(82|32|00)\\d{12}${T}{8}\\d{8}${T}{16}\\d{2} {6}`)],
    // date, 9900, 14 blanks, outgoing total (signed), counts out and in, zeros, incoming total (signed), zeros
    closing: re('09\\d{8}9900 {14}\\d{11}[\\dåJKLMNOPQR]\\d{6}\\d{6}0{4}\\d{11}[\\dåJKLMNOPQR]0{12}'),
  },
  digitalMandates: {
    opening: [re('51\\d{8}9900\\d{10}AG-EMEDGIV {46}')],
    records: [
      re('52\\d{10}\\d{16}\\d{16}\\d{12} {5}[012] {18}'),
      re(`53${T}{36} {42}`),
      re(`54${T}{36}${T}{36} {6}`),
      re(`55${T}{36}${T}{36} {6}`),
      re(`56\\d{5}${T}{31} {42}`),
    ],
    closing: re('59\\d{8}9900\\d{7} {59}'),
  },
  paymentResults: {
    opening: [re('01AUTOGIRO {14}\\d{20}BET\\. SPEC & STOPP TK\\d{6}\\d{10}')],
    records: [
      re('15\\d{35}\\d{8}\\d{5}\\d{18} {3}\\d{8} '),
      re(`82\\d{8}[0-8]( {3}|\\d{3}) \\d{16}\\d{12}\\d{10}${T}{16} {10}[0129]`),
    ],
    closing: re('09\\d{8}9900\\d{6}\\d{12}\\d{6}\\d{12}\\d{6}\\d{12} {12}'),
  },
  // the old layout (9.2.2): no sections; TK82/TK32 as in the new one; closing with totals and counts
  paymentResultsOld: {
    opening: [re('01\\d{8}AUTOGIRO9900 {40}\\d{6}\\d{10}  ')],
    records: [re(`(82|32)\\d{8}[0-8]( {3}|\\d{3}) \\d{16}\\d{12}\\d{10}${T}{16} {10}[0129]`)],
    closing: re('09\\d{8}9900 {14}\\d{12}\\d{6}\\d{6}0{4}\\d{12}0{12}'),
  },
  paymentRejections: {
    opening: [
      re('01AUTOGIRO {14}\\d{8} {12}AVVISADE BET UPPDR  \\d{6}\\d{10}'),
      re('01\\d{8}AUTOGIRO9900FELLISTA REG\\.KONTRL {21}\\d{6}\\d{10}  '), // old layout (9.4.2)
    ],
    records: [re(`(82|32)\\d{8}[0-8]( {3}|\\d{3})\\d{16}\\d{12}${T}{16}\\d{2} {20}`)],
    closing: re('09\\d{8}9900\\d{6}\\d{12}\\d{6}\\d{12} {30}'),
  },
} as const;

export type ReplyKind = keyof typeof REPLY;

/**
 * Which reply file this is, or an error naming the first line that breaks its grammar: one
 * opening, records of its kind (a digital mandate's TK53–TK56 only after its TK52, the payment
 * results' TK82 only after a TK15), one closing, CRLF line ends.
 */
export function replyFileKind(bytes: Buffer): ReplyKind {
  const text = bytes.toString('latin1');
  if (!text.endsWith('\r\n')) throw new Error('the last record must end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  const padded = (line: string, i: number) => {
    if (line.length > 80) throw new Error(`line ${i + 1}: ${line.length} characters, more than 80`);
    return line.padEnd(80, ' ');
  };
  const first = padded(lines[0]!, 0);
  const kind = (Object.keys(REPLY) as ReplyKind[]).find((k) => REPLY[k].opening.some((r) => r.test(first)));
  if (!kind) throw new Error('line 1: not the opening of a reply file');
  const grammar = REPLY[kind];
  if (lines.length < 2 || !grammar.closing.test(padded(lines.at(-1)!, lines.length - 1)))
    throw new Error(`line ${lines.length}: not the closing record`);
  let previous = '';
  lines.slice(1, -1).forEach((raw, j) => {
    const line = padded(raw, j + 1);
    const where = `line ${j + 2}`;
    if (!grammar.records.some((r: RegExp) => r.test(line)))
      throw new Error(`${where}: not a record of this file`);
    const code = line.slice(0, 2);
    if (kind === 'digitalMandates' && code !== '52' && !previous)
      throw new Error(`${where}: before any TK52`);
    if (kind === 'paymentResults' && code === '82' && !previous)
      throw new Error(`${where}: a TK82 before a TK15`);
    previous = code;
  });
  return kind;
}
