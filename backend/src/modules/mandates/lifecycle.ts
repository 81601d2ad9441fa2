/**
 * The mandate's lifecycle (../shared/AUTOGIRO.md): signed → sent → approved → active, with the
 * branches rejected, cancelled (by the payer or their bank), raise pending, revoked by the
 * organisation, and unknown (Bankgirot answered with a code we do not know: kept and shown).
 * Every change is a transition row (time, file, staff member, codes). Pure.
 */
import { MANDATE_STATES, type MandateState } from '@concert/shared/api';

export { MANDATE_STATES, type MandateState };

/** What a TK73 comment code means for the mandate it names. */
export type AdviceOutcome = 'approved' | 'rejected' | 'cancelled' | 'unknown';

/**
 * Comment codes of TK73 (Bankgirot's list as AUTOGIRO.md and byrokrat/autogiro's message table
 * give them). 43 is listed as AUTOGIRO.md and CONTRACT.md name it (the payer's bank did not
 * answer the account check); in Bankgirot's manual 43 is also that information code.
 */
export const COMMENT_CODES: Record<string, Exclude<AdviceOutcome, 'unknown'>> = {
  '32': 'approved',
  '02': 'cancelled',
  '33': 'cancelled',
  '98': 'cancelled',
  '03': 'rejected',
  '04': 'rejected',
  '05': 'rejected',
  '07': 'rejected',
  '09': 'rejected',
  '10': 'rejected',
  '20': 'rejected',
  '21': 'rejected',
  '23': 'rejected',
  '29': 'rejected',
  '30': 'rejected',
  '43': 'rejected',
};

export const KNOWN_COMMENT_CODES = Object.keys(COMMENT_CODES);

export function adviceOutcome(commentCode: string): AdviceOutcome {
  return COMMENT_CODES[commentCode] ?? 'unknown';
}

/** The state an advice moves a mandate to. */
export const STATE_AFTER: Record<AdviceOutcome, MandateState> = { approved: 'approved', rejected: 'rejected', cancelled: 'cancelled', unknown: 'unknown' };

/** States in which Bankgirot has (or will have) the mandate: an advice about it is expected. */
export const AT_BANKGIROT: readonly MandateState[] = ['sent', 'approved', 'active', 'raisePending', 'unknown'];

/** kr → öre, the unit of TK82. */
export const ore = (kronor: number) => kronor * 100;

/**
 * The first draw: the draw day of a month, at least `leadDays` after `from` (both YYYY-MM-DD).
 * The draw day is at most 28, so it exists in every month.
 */
export function firstDrawDate(from: string, drawDay: number, leadDays: number): string {
  const earliest = new Date(`${from}T00:00:00Z`);
  earliest.setUTCDate(earliest.getUTCDate() + leadDays);
  const candidate = new Date(Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth(), drawDay));
  if (candidate < earliest) candidate.setUTCMonth(candidate.getUTCMonth() + 1);
  return candidate.toISOString().slice(0, 10);
}

/** Days between signing and the first draw we promise: time for the mandate file, the bank's check and the payment file. */
export const PROMISED_LEAD_DAYS = 14;
/** Bankgirot needs a payment instruction some banking days before the draw. */
export const PAYMENT_LEAD_DAYS = 3;
