/**
 * The mandate's lifecycle (../shared/AUTOGIRO.md): signed → sent → approved → active, with the
 * branches rejected, cancelled (by the payer or their bank), raise pending, revoked by the
 * organisation, and unknown (Bankgirot answered with a code we do not know: kept and shown).
 * Every change is a transition row (time, file, staff member, codes). Pure.
 */
import { AUTOGIRO_COMMENT_CODES, MANDATE_STATES, isKnownCommentCode, type MandateState } from '@concert/shared/api';

export { MANDATE_STATES, type MandateState };

/** What a TK73 comment code means for the mandate it names. */
export type AdviceOutcome = 'approved' | 'rejected' | 'cancelled' | 'unknown';

export function adviceOutcome(commentCode: string): AdviceOutcome {
  return isKnownCommentCode(commentCode) ? AUTOGIRO_COMMENT_CODES[commentCode] : 'unknown';
}

/** The state an advice moves a mandate to. */
export const STATE_AFTER: Record<AdviceOutcome, MandateState> = { approved: 'approved', rejected: 'rejected', cancelled: 'cancelled', unknown: 'unknown' };

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
