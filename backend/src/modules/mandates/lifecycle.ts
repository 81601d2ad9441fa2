/**
 * The mandate's lifecycle (../shared/AUTOGIRO.md): signed → sent → approved → active, with the
 * branches rejected, cancelled (by the payer, their bank or Bankgirot), raise pending, and the
 * organisation's own cancellation (revoke pending → revoke sent → revoked). Every change is a
 * transition row (time, file, staff member, codes). Pure.
 *
 * Bankgirot's answer about a mandate (TK73) carries an information code (what happened) and a
 * comment code (why). `ADVICE_MEANINGS` reads the pair as one meaning; `ANSWER_TRANSITIONS` says,
 * for each meaning, from which state it moves a mandate to which. Anything else — an approval of
 * a mandate that is already active, an approval of one never sent, "already exists", a code we
 * do not know — changes nothing and is a discrepancy for the office to look at.
 */
import { realDrawDate } from './banking-days.js';
import {
  AUTOGIRO_COMMENT_MEANINGS,
  MANDATE_STATES,
  type AdviceMeaning,
  type AmendmentMeaning,
  type MandateState,
} from '@concert/shared/api';

export { MANDATE_STATES, type AdviceMeaning, type AmendmentMeaning, type MandateState };

/** Bankgirot's TK73 information codes (what happened to the mandate). */
export const INFORMATION_CODES = ['03', '04', '05', '10', '42', '43', '44', '46', '93'] as const;

/**
 * What a TK73 says, from its information and comment codes. Comment 33 ("cancelled") is the
 * answer to our own TK03 when the information code is 03, the payer's doing with 46 or 93, and
 * otherwise the bank's or Bankgirot's (10: our bankgiro closed, 44: the payer's bankgiro closed).
 * Information code 05 (payer number changed by the payee) is never our doing: we never change one.
 */
export function adviceMeaning(infoCode: string, commentCode: string): AdviceMeaning {
  if (infoCode === '05') return 'payerNumberChanged';
  const meaning = Object.hasOwn(AUTOGIRO_COMMENT_MEANINGS, commentCode)
    ? AUTOGIRO_COMMENT_MEANINGS[commentCode]!
    : 'unknown';
  if (meaning === 'cancelledByBank' && commentCode === '33') {
    if (infoCode === '03') return 'revokedByUs';
    if (infoCode === '46' || infoCode === '93') return 'cancelledByPayer';
  }
  return meaning;
}

/**
 * The transitions an answer may cause: meaning → (from state → to state). A state not listed for
 * a meaning is not moved: the answer is ignored, logged as a discrepancy.
 * - approved: only a mandate whose TK04 went out; an active one stays active (a second approval
 *   must never lead to a second standing TK82).
 * - rejected / unanswered: only a sent mandate (Bankgirot removed it); the donor is told.
 * - cancelled by the payer or the bank: any mandate Bankgirot holds or is asking about.
 * - revoked by us: the answer to our TK03 (or a cancellation the office asked for and then did
 *   another way).
 */
export const ANSWER_TRANSITIONS: Record<AdviceMeaning, Partial<Record<MandateState, MandateState>>> = {
  approved: { sent: 'approved' },
  rejected: { sent: 'rejected' },
  unanswered: { sent: 'rejected' },
  cancelledByPayer: {
    sent: 'cancelled',
    approved: 'cancelled',
    active: 'cancelled',
    raisePending: 'cancelled',
    raiseCancelSent: 'cancelled',
    raiseReady: 'cancelled',
    raiseHeld: 'cancelled',
    paymentRejected: 'cancelled',
    revokePending: 'cancelled',
    revokeSent: 'cancelled',
  },
  cancelledByBank: {
    sent: 'cancelled',
    approved: 'cancelled',
    active: 'cancelled',
    raisePending: 'cancelled',
    raiseCancelSent: 'cancelled',
    raiseReady: 'cancelled',
    raiseHeld: 'cancelled',
    paymentRejected: 'cancelled',
    revokePending: 'cancelled',
    revokeSent: 'cancelled',
  },
  revokedByUs: { revokeSent: 'revoked', revokePending: 'revoked' },
  alreadyExists: {},
  payerNumberChanged: {},
  stopNotice: {},
  unknown: {},
};

/** The state an answer moves a mandate to, or null: the answer does not fit and changes nothing. */
export function stateAfterAnswer(state: MandateState, meaning: AdviceMeaning): MandateState | null {
  return ANSWER_TRANSITIONS[meaning][state] ?? null;
}

/**
 * What a record of the cancellations/changes answer says (technical manual 8.5.3), from its
 * transaction code and comment code. Comment 12 is "cancelled", 14 and 18 "date changed"; every
 * other comment says why the cancellation or change was not carried out.
 */
export function amendmentMeaning(code: string, commentCode: string): AmendmentMeaning {
  const done = commentCode === '12';
  if (code === '23' || code === '24' || code === '25')
    return done ? 'paymentsCancelled' : 'cancellationFailed';
  if (code === '26' || code === '27' || code === '28' || code === '29')
    return commentCode === '14' || commentCode === '18' ? 'dateChanged' : 'dateChangeFailed';
  if (!done) return 'unknown';
  if (code === '03') return 'cancelledMandateGone';
  if (code === '11') return 'cancelledByPayer';
  if (code === '21' || code === '22') return 'agreementEnded';
  return 'unknown';
}

const SAME = <S extends MandateState>(...states: S[]) =>
  Object.fromEntries(states.map((s) => [s, s])) as Partial<Record<MandateState, MandateState>>;

/**
 * Where a record of the cancellations/changes answer fits, and the state it leaves. Only the
 * answer to a raise's TK25 moves a mandate (the raise waits for it: nothing of the new amount is
 * sent before Bankgirot has confirmed that the old standing payment is gone); otherwise it is
 * logged on the mandate (a history entry, the state unchanged): the mandate advice (AG-MEDAVI)
 * says what became of a mandate, this file only what became of payments. Any other state, and
 * every meaning with no state, is a discrepancy for the office:
 * - paymentsCancelled: the answer to a raise's TK25 (raiseCancelSent → raiseReady: the new
 *   amount's TK82 goes in the next payment file), or a cancellation of a mandate that is ending
 *   or ended; about a running standing payment we did not cancel, the office must look;
 * - cancellationFailed (any code but 12): a raise's TK25 not carried out: the old amount is still
 *   drawn, the new one is held back (raiseCancelSent → raiseHeld, and listed: what to do);
 * - cancelledMandateGone: fits a mandate we ended or Bankgirot cancelled; about one we think is
 *   running, the mandate advice has not told us yet;
 * - cancelledByPayer: the payer stopped a payment of a running mandate: whether they want to
 *   end it is the office's to find out (nothing is re-sent by itself);
 * - agreementEnded, dateChanged, dateChangeFailed, unknown: never our doing.
 */
export const AMENDMENT_TRANSITIONS: Record<AmendmentMeaning, Partial<Record<MandateState, MandateState>>> = {
  paymentsCancelled: {
    raiseCancelSent: 'raiseReady',
    ...SAME('revokePending', 'revokeSent', 'revoked', 'cancelled'),
  },
  cancellationFailed: { raiseCancelSent: 'raiseHeld' },
  cancelledMandateGone: SAME('revokeSent', 'revoked', 'cancelled'),
  cancelledByPayer: SAME('revokeSent', 'revoked', 'cancelled'),
  agreementEnded: {},
  dateChanged: {},
  dateChangeFailed: {},
  unknown: {},
};

/** The state after a cancellations/changes record, or null: it does not fit. */
export function stateAfterAmendment(state: MandateState, meaning: AmendmentMeaning): MandateState | null {
  return AMENDMENT_TRANSITIONS[meaning][state] ?? null;
}

/** Cancellations/changes meanings that, even where they fit, the office must act on. */
export const AMENDMENT_NEEDS_OFFICE: ReadonlySet<AmendmentMeaning> = new Set(['cancellationFailed']);

/** Meanings after which the donor gets the e-mail asking them to get in touch about their account. */
export const TELL_DONOR: ReadonlySet<AdviceMeaning> = new Set(['rejected', 'unanswered']);

/** kr → öre, the unit of TK82. */
export const ore = (kronor: number) => kronor * 100;

/**
 * The first draw as the donor will see it on their statement: the draw day of the first month
 * whose draw day is at least `leadDays` after `from`, moved to the next banking day when it is a
 * weekend or bank holiday, as Bankgirot moves it (both YYYY-MM-DD). The draw day is at most 28,
 * so it exists in every month. The TK82 carries the unmoved date (dueDateOf).
 */
export function firstDrawDate(from: string, drawDay: number, leadDays: number): string {
  const earliest = new Date(`${from}T00:00:00Z`);
  earliest.setUTCDate(earliest.getUTCDate() + leadDays);
  const candidate = new Date(Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth(), drawDay));
  if (candidate < earliest) candidate.setUTCMonth(candidate.getUTCMonth() + 1);
  return realDrawDate(candidate.toISOString().slice(0, 10));
}

/** The next real draw of a standing monthly instruction on or after `from` (the office's "next draw"). */
export function nextDrawDate(from: string, drawDay: number): string {
  const [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  // Last month's draw may have moved into this month (28 February on a Saturday is drawn 2 March).
  for (let m = month - 2; ; m++) {
    const real = realDrawDate(new Date(Date.UTC(year, m, drawDay)).toISOString().slice(0, 10));
    if (real >= from) return real;
  }
}

/**
 * Days between signing and the first draw we promise: time for the mandate file, the bank's
 * check and the payment file; for a raise, time to cancel the old payment, read Bankgirot's
 * confirmation and send the new one (CANCEL_LEAD_BANKING_DAYS).
 */
export const PROMISED_LEAD_DAYS = 14;
/**
 * Bankgirot must have a payment instruction (or an amendment) by 19:00 the banking day before the
 * draw: a file sent on day F reaches draws from the second banking day after F.
 */
export const PAYMENT_LEAD_BANKING_DAYS = 2;
/**
 * A raise's TK25 goes out at least this many banking days before the old draw it cancels from:
 * Bankgirot's confirmation comes the next banking day, which leaves time for the new TK82 to
 * reach that same draw (PAYMENT_LEAD_BANKING_DAYS) with a day to spare.
 */
export const CANCEL_LEAD_BANKING_DAYS = 5;

/** Bankgirot's comment codes on a rejected payment instruction that a new TK82 can fix (a date). */
export const RESENDABLE_REJECTIONS: ReadonlySet<string> = new Set(['12', '13']);

/**
 * The organisation ends a mandate: one Bankgirot has or is asking about needs a TK03 first
 * (revokePending, then revokeSent once the mandate file carries it); one never sent ends at once.
 */
export const REVOCABLE: Partial<Record<MandateState, MandateState>> = {
  signed: 'revoked',
  sent: 'revokePending',
  approved: 'revokePending',
  active: 'revokePending',
  raisePending: 'revokePending',
  raiseCancelSent: 'revokePending',
  raiseReady: 'revokePending',
  raiseHeld: 'revokePending',
  paymentRejected: 'revokePending',
};

/**
 * The office sends a mandate's standing payment again (issue 39): a `paymentRejected` mandate
 * whose account the donor's bank has put right goes back to `approved`, so the next payment run
 * writes a new TK82 (a new first date). The only state the action applies to.
 */
export const SENDABLE_AGAIN: Partial<Record<MandateState, MandateState>> = {
  paymentRejected: 'approved',
};

/** States in which Bankgirot holds a standing payment of the mandate that draws each month. */
export const DRAWING: ReadonlySet<MandateState> = new Set([
  'active',
  'raisePending',
  'raiseCancelSent',
  'raiseHeld',
]);
