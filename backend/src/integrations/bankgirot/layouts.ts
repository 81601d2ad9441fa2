/**
 * The layout of each Autogiro record we write or read (Bankgirot's "Autogiro – teknisk manual"):
 * one table by record name, the only place a position is written down. records.ts writes and
 * reads by it; the table is checked at load to cover positions 1–80 exactly.
 */

export const RECORD_LENGTH = 80;

/** One field: its 1-based start, its length and how it is written. */
export type Field =
  | { kind: 'literal'; at: number; length: number; text: string }
  | { kind: 'number'; at: number; length: number; name: string; optional?: boolean }
  | { kind: 'text'; at: number; length: number; name: string }
  | { kind: 'blank'; at: number; length: number };

const lit = (at: number, text: string) => ({ kind: 'literal', at, length: text.length, text }) as const;
const num = <N extends string>(at: number, length: number, name: N, optional = false) =>
  ({ kind: 'number', at, length, name, optional }) as const;
/** Text: left-aligned, space-padded (every text field of the manual, references included). */
const txt = <N extends string>(at: number, length: number, name: N) =>
  ({ kind: 'text', at, length, name }) as const;
const blank = (at: number, length: number) => ({ kind: 'blank', at, length }) as const;

/** The records we write and read, by name; each covers positions 1–80 exactly (checked below). */
export const LAYOUTS = {
  /** Opening of a request file (mandates or payments). */
  opening: [
    lit(1, '01'),
    num(3, 8, 'date'),
    lit(11, 'AUTOGIRO'),
    blank(19, 44),
    num(63, 6, 'bgcCustomerNumber'),
    num(69, 10, 'bankgiro'),
    blank(79, 2),
  ],
  /** TK04: a new mandate, account and personal number of the payer. */
  newMandate: [
    lit(1, '04'),
    num(3, 10, 'bankgiro'),
    num(13, 16, 'payerNumber'),
    num(29, 4, 'clearingNumber'),
    num(33, 12, 'accountNumber'),
    num(45, 12, 'personalNumber'),
    blank(57, 24),
  ],
  /** TK03: deletes a mandate. */
  deleteMandate: [lit(1, '03'), num(3, 10, 'bankgiro'), num(13, 16, 'payerNumber'), blank(29, 52)],
  /**
   * TK25 (amendment section): cancels one payment instruction, named by a payment date of it,
   * its amount, type (82: incoming) and reference as its TK82 gave them; for a standing
   * (self-renewing) instruction every payment of it is cancelled. Not TK23: the manual has TK23
   * carry only bankgiro and payer number (date, amount, type and reference blank), and it cancels
   * every instruction of the payer, a new TK82 included; TK24 every one on the date.
   */
  cancelPayment: [
    lit(1, '25'),
    num(3, 10, 'bankgiro'),
    num(13, 16, 'payerNumber'),
    num(29, 8, 'date'),
    num(37, 12, 'amountOre'),
    num(49, 2, 'paymentType'),
    blank(51, 8),
    txt(59, 16, 'reference'),
    blank(75, 6),
  ],
  /**
   * TK82: a charge to the payer; period 1 = monthly on the date's day, repetitions blank = until
   * further notice. The reference is left-aligned, as in the manual's example files
   * (`…0009902346INBETALNING1               `), and so in TK25, which names it as TK82 gave it.
   */
  payment: [
    lit(1, '82'),
    num(3, 8, 'date'),
    num(11, 1, 'period'),
    num(12, 3, 'repetitions', true),
    blank(15, 1),
    num(16, 16, 'payerNumber'),
    num(32, 12, 'amountOre'),
    num(44, 10, 'bankgiro'),
    txt(54, 16, 'reference'),
    blank(70, 11),
  ],
  /** Opening of a mandate advice file (AG-MEDAVI, new layout). */
  adviceOpening: [
    lit(1, '01'),
    lit(3, 'AUTOGIRO'),
    blank(11, 14),
    num(25, 8, 'date'),
    blank(33, 10),
    lit(43, '  AG-MEDAVI'),
    blank(54, 11),
    num(65, 6, 'bgcCustomerNumber'),
    num(71, 10, 'bankgiro'),
  ],
  /** TK73: Bankgirot's answer about one mandate. Account and personal number are blank when the mandate was removed. */
  mandateAdvice: [
    lit(1, '73'),
    num(3, 10, 'bankgiro'),
    num(13, 16, 'payerNumber'),
    num(29, 4, 'clearingNumber', true),
    num(33, 12, 'accountNumber', true),
    num(45, 12, 'personalNumber', true),
    // Spaces or zeros.
    num(57, 5, 'reserved', true),
    num(62, 2, 'infoCode'),
    num(64, 2, 'commentCode'),
    num(66, 8, 'date'),
    blank(74, 7),
  ],
  /** Opening of a mandate advice file in the old layout (no customer number): 01, date, 9900, bankgiro, AG-MEDAVI. */
  adviceOpeningOld: [
    lit(1, '01'),
    num(3, 8, 'date'),
    lit(11, '9900'),
    num(15, 10, 'bankgiro'),
    lit(25, 'AG-MEDAVI'),
    blank(34, 47),
  ],
  /**
   * TK73 in the old layout: as the new one, with the date the mandate is valid from (YYMMDD, or
   * zeros) at 74–79; Bankgirot's own old examples sometimes end a line before the date.
   */
  mandateAdviceOld: [
    lit(1, '73'),
    num(3, 10, 'bankgiro'),
    num(13, 16, 'payerNumber'),
    num(29, 4, 'clearingNumber', true),
    num(33, 12, 'accountNumber', true),
    num(45, 12, 'personalNumber', true),
    num(57, 5, 'reserved', true),
    num(62, 2, 'infoCode'),
    num(64, 2, 'commentCode'),
    num(66, 8, 'date', true),
    num(74, 6, 'validFrom', true),
    blank(80, 1),
  ],
  /** Opening of a payment result file ("BET. SPEC & STOPP TK", new layout): a 20-digit timestamp. */
  paymentResultOpening: [
    lit(1, '01'),
    lit(3, 'AUTOGIRO'),
    blank(11, 14),
    num(25, 20, 'timestamp'),
    lit(45, 'BET. SPEC & STOPP TK'),
    num(65, 6, 'bgcCustomerNumber'),
    num(71, 10, 'bankgiro'),
  ],
  /** Opening of a payment result file in the old layout: 01, date, AUTOGIRO, 9900, blanks, customer number, bankgiro. */
  paymentResultOpeningOld: [
    lit(1, '01'),
    num(3, 8, 'date'),
    lit(11, 'AUTOGIRO'),
    lit(19, '9900'),
    blank(23, 40),
    num(63, 6, 'bgcCustomerNumber'),
    num(69, 10, 'bankgiro'),
    blank(79, 2),
  ],
  /** Closing of a payment result file in the old layout: totals and counts of outgoing and incoming payments. */
  paymentResultClosingOld: [
    lit(1, '09'),
    num(3, 8, 'date'),
    lit(11, '9900'),
    blank(15, 14),
    num(29, 12, 'outgoingAmountOre'),
    num(41, 6, 'outgoingCount'),
    num(47, 6, 'incomingCount'),
    num(53, 4, 'zeros'),
    num(57, 12, 'incomingAmountOre'),
    num(69, 12, 'zeros2'),
  ],
  /** TK15/16/17: a section of incoming payments, outgoing payments or refunds, with its number of records. */
  paymentResultSection: [
    num(1, 2, 'code'),
    num(3, 35, 'account'),
    num(38, 8, 'date'),
    num(46, 5, 'serial'),
    num(51, 18, 'amountOre'),
    blank(69, 3),
    num(72, 8, 'count'),
    blank(80, 1),
  ],
  /** TK82 in a result file: one draw and how it went (status 0 paid, 1 insufficient funds, 2 no mandate, 9 tried again). */
  paymentResult: [
    lit(1, '82'),
    num(3, 8, 'date'),
    num(11, 1, 'period'),
    num(12, 3, 'repetitions', true),
    blank(15, 1),
    num(16, 16, 'payerNumber'),
    num(32, 12, 'amountOre'),
    num(44, 10, 'bankgiro'),
    txt(54, 16, 'reference'),
    blank(70, 10),
    num(80, 1, 'status'),
  ],
  /** Closing of a payment result file: sections and records of each kind. */
  paymentResultClosing: [
    lit(1, '09'),
    num(3, 8, 'date'),
    lit(11, '9900'),
    num(15, 6, 'incomingSections'),
    num(21, 12, 'incomingRecords'),
    num(33, 6, 'outgoingSections'),
    num(39, 12, 'outgoingRecords'),
    num(51, 6, 'refundSections'),
    num(57, 12, 'refundRecords'),
    blank(69, 12),
  ],
  /** Opening of a file of rejected payment instructions ("AVVISADE BET UPPDR", new layout). */
  rejectionOpening: [
    lit(1, '01'),
    lit(3, 'AUTOGIRO'),
    blank(11, 14),
    num(25, 8, 'date'),
    blank(33, 10),
    lit(43, '  AVVISADE BET UPPDR  '),
    num(65, 6, 'bgcCustomerNumber'),
    num(71, 10, 'bankgiro'),
  ],
  /** The same in the old layout ("FELLISTA REG.KONTRL" after 9900, customer number at 63–68). */
  rejectionOpeningOld: [
    lit(1, '01'),
    num(3, 8, 'date'),
    lit(11, 'AUTOGIRO'),
    lit(19, '9900'),
    lit(23, 'FELLISTA REG.KONTRL'),
    blank(42, 21),
    num(63, 6, 'bgcCustomerNumber'),
    num(69, 10, 'bankgiro'),
    blank(79, 2),
  ],
  /** A payment instruction Bankgirot rejected (82 incoming, 32 outgoing), with its comment code. */
  paymentRejection: [
    num(1, 2, 'code'),
    num(3, 8, 'date'),
    num(11, 1, 'period'),
    num(12, 3, 'repetitions', true),
    num(15, 16, 'payerNumber'),
    num(31, 12, 'amountOre'),
    txt(43, 16, 'reference'),
    num(59, 2, 'commentCode'),
    blank(61, 20),
  ],
  rejectionClosing: [
    lit(1, '09'),
    num(3, 8, 'date'),
    lit(11, '9900'),
    num(15, 6, 'outgoingCount'),
    num(21, 12, 'outgoingAmountOre'),
    num(33, 6, 'incomingCount'),
    num(39, 12, 'incomingAmountOre'),
    blank(51, 30),
  ],
  /** Opening of a cancellations/changes answer ("MAKULERING/ÄNDRING", new layout). */
  amendmentAnswerOpening: [
    lit(1, '01'),
    lit(3, 'AUTOGIRO'),
    blank(11, 14),
    num(25, 8, 'date'),
    blank(33, 12),
    lit(45, 'MAKULERING/ÄNDRING  '),
    num(65, 6, 'bgcCustomerNumber'),
    num(71, 10, 'bankgiro'),
  ],
  /** The same in the old layout ("MAK/ÄNDRINGSLISTA" after 9900, customer number at 63–68). */
  amendmentAnswerOpeningOld: [
    lit(1, '01'),
    num(3, 8, 'date'),
    lit(11, 'AUTOGIRO'),
    lit(19, '9900'),
    lit(23, 'MAK/ÄNDRINGSLISTA'),
    blank(40, 23),
    num(63, 6, 'bgcCustomerNumber'),
    num(69, 10, 'bankgiro'),
    blank(79, 2),
  ],
  /**
   * One cancellation (TK03, TK11, TK21–TK25) or change of date (TK26–TK29) and how it went
   * (comment code). The payer number is blank where the record is about every payer (TK21, TK22,
   * TK26, TK27); the text field says REFERENS when there is a reference (Bankgirot's own example
   * has other digits there); 49–56 is the new date of a change, zeros otherwise.
   */
  amendmentAnswer: [
    num(1, 2, 'code'),
    num(3, 8, 'date'),
    num(11, 16, 'payerNumber', true),
    num(27, 2, 'paymentType'),
    num(29, 12, 'amountOre'),
    txt(41, 8, 'text'),
    num(49, 8, 'newDate'),
    txt(57, 16, 'reference'),
    num(73, 2, 'commentCode'),
    blank(75, 6),
  ],
  /** Closing of a cancellations/changes answer: totals of the outgoing and incoming payments cancelled or changed (signed amounts). */
  amendmentAnswerClosing: [
    lit(1, '09'),
    num(3, 8, 'date'),
    lit(11, '9900'),
    blank(15, 14),
    txt(29, 12, 'outgoingAmount'),
    num(41, 6, 'outgoingCount'),
    num(47, 6, 'incomingCount'),
    num(53, 4, 'zeros'),
    txt(57, 12, 'incomingAmount'),
    num(69, 12, 'zeros2'),
  ],
  /** TK51: opening of a file of mandates given in the internet bank (AG-EMEDGIV). */
  digitalMandateOpening: [
    lit(1, '51'),
    num(3, 8, 'date'),
    lit(11, '9900'),
    num(15, 10, 'bankgiro'),
    lit(25, 'AG-EMEDGIV'),
    blank(35, 46),
  ],
  /** TK52: a mandate the payer gave in the internet bank, with the payer number they typed; message type 0 new, 1 and 2 reminders. */
  digitalMandate: [
    lit(1, '52'),
    num(3, 10, 'bankgiro'),
    num(13, 16, 'payerNumber'),
    num(29, 16, 'account'),
    num(45, 12, 'personalNumber'),
    blank(57, 5),
    num(62, 1, 'messageType'),
    blank(63, 18),
  ],
  /** TK53: the payer's own words. */
  digitalMandateInfo: [lit(1, '53'), txt(3, 36, 'info'), blank(39, 42)],
  /** TK54: name and address, lines 1 and 2. */
  digitalMandateName: [lit(1, '54'), txt(3, 36, 'line1'), txt(39, 36, 'line2'), blank(75, 6)],
  /** TK55: address, lines 3 and 4. */
  digitalMandateAddress: [lit(1, '55'), txt(3, 36, 'line3'), txt(39, 36, 'line4'), blank(75, 6)],
  /** TK56: postcode (zeros abroad) and town (or country). */
  digitalMandatePostal: [lit(1, '56'), num(3, 5, 'postcode'), txt(8, 31, 'city'), blank(39, 42)],
  /** TK59: closing with the number of records between opening and closing. */
  digitalMandateClosing: [
    lit(1, '59'),
    num(3, 8, 'date'),
    lit(11, '9900'),
    num(15, 7, 'count'),
    blank(22, 59),
  ],
  /** TK09: closing of a mandate advice file with the number of TK73 records. */
  adviceClosing: [lit(1, '09'), num(3, 8, 'date'), lit(11, '9900'), num(15, 7, 'count'), blank(22, 59)],
} as const satisfies Record<string, readonly Field[]>;

export type LayoutName = keyof typeof LAYOUTS;
type FieldNames<L extends readonly Field[]> = Extract<L[number], { name: string }>['name'];
/** A record's values by field name, as strings (numbers without their zero padding are accepted on write). */
export type RecordValues<N extends LayoutName> = { [K in FieldNames<(typeof LAYOUTS)[N]>]: string };

for (const [name, fields] of Object.entries(LAYOUTS)) {
  let next = 1;
  for (const f of fields as readonly Field[]) {
    if (f.at !== next) throw new Error(`layout ${name}: field at ${f.at}, expected ${next}`);
    next += f.length;
  }
  if (next !== RECORD_LENGTH + 1) throw new Error(`layout ${name} covers ${next - 1} positions`);
}
