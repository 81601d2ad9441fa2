/**
 * What a payment run may send today, and what must wait (pure: the rules, no database). A donor is
 * never drawn at two amounts in one month and no month is skipped without the office being told:
 *
 * - A raise follows Bankgirot's order (giroapp's too): first a TK25 cancelling the old standing
 *   payment from its next draw, then — only once Bankgirot has confirmed that cancellation — the
 *   new amount's TK82 from that same draw. The TK25 names the old instruction's next draw as
 *   Bankgirot's register holds it on the day the file is sent (any other date is answered
 *   "payment missing", 13), and goes out at least CANCEL_LEAD_BANKING_DAYS before it, so the
 *   confirmation and the new TK82 can still reach it. It never cancels a draw before the one the
 *   donor was promised the new amount from: until then the raise waits and the old amount is drawn.
 * - Bankgirot must have a payment before any change of the same instruction, not on the same day
 *   (technical manual 6.1.1): a mandate whose TK82 went out today gets no TK25 today, and one
 *   whose TK25 or TK03 went out today gets no TK82 today.
 * - The first draw of a new TK82 is at least PAYMENT_LEAD_BANKING_DAYS banking days after today,
 *   and never before the one the donor was told of.
 */
import type { MandateState } from '@concert/shared/api';
import { addBankingDays, dueDateOf, firstDueOnOrAfter, realDrawDate } from './banking-days.js';
import { CANCEL_LEAD_BANKING_DAYS, PAYMENT_LEAD_BANKING_DAYS } from './lifecycle.js';

export interface RunMandate {
  id: string;
  state: MandateState;
  /** The first draw the donor was told of (a raise: of the new amount), a banking day. */
  firstDrawDate: string | null;
  /** The due date the standing TK82 at Bankgirot carries. */
  standingDate: string | null;
  standingAmount: number | null;
}

export type HeldReason =
  /** A payment or change of this mandate already went out today. */
  | 'sameDay'
  /** The old payment's next draw is too close to cancel (its cut-off, or the time to confirm). */
  | 'oldDrawTooClose'
  /** The donor was promised the new amount from a later draw: the old amount is drawn until then. */
  | 'promisedLater';

export interface RunPlan<M extends RunMandate> {
  /** New standing TK82s: the due date they carry, the real first draw, and a raise's first draw missed (if any). */
  payments: { mandate: M; due: string; realFirst: string; missedFrom: string | null }[];
  /** Raises whose old standing payment is cancelled today: the TK25's date and the new amount's first draw. */
  cancellations: { mandate: M; due: string; realFirst: string }[];
  held: { mandate: M; reason: HeldReason }[];
}

/**
 * The next due date of a standing monthly instruction as Bankgirot's register holds it on `day`:
 * the first on its day of month, not before its first date, whose real draw is not before `day`.
 */
export function nextStandingDue(standingDate: string, day: string): string {
  const year = Number(standingDate.slice(0, 4));
  const month = Number(standingDate.slice(5, 7));
  const dayOfMonth = Number(standingDate.slice(8, 10));
  for (let m = month - 1; ; m++) {
    const due = new Date(Date.UTC(year, m, dayOfMonth)).toISOString().slice(0, 10);
    if (due >= standingDate && realDrawDate(due) >= day) return due;
  }
}

export function planPaymentRun<M extends RunMandate>(
  day: string,
  drawDay: number,
  mandates: readonly M[],
  today: { paid: ReadonlySet<string>; changed: ReadonlySet<string> },
): RunPlan<M> {
  const plan: RunPlan<M> = { payments: [], cancellations: [], held: [] };
  const earliestDue = firstDueOnOrAfter(addBankingDays(day, PAYMENT_LEAD_BANKING_DAYS), drawDay);
  const cancelBy = addBankingDays(day, CANCEL_LEAD_BANKING_DAYS);
  for (const m of mandates) {
    const raise = m.state === 'raisePending' && m.standingDate && m.standingAmount;
    if (raise) {
      if (today.paid.has(m.id)) {
        plan.held.push({ mandate: m, reason: 'sameDay' });
        continue;
      }
      const due = nextStandingDue(m.standingDate!, day);
      const realFirst = realDrawDate(due);
      if (realFirst < cancelBy) plan.held.push({ mandate: m, reason: 'oldDrawTooClose' });
      else if (m.firstDrawDate && realFirst < m.firstDrawDate)
        plan.held.push({ mandate: m, reason: 'promisedLater' });
      else plan.cancellations.push({ mandate: m, due, realFirst });
      continue;
    }
    if (today.changed.has(m.id)) {
      plan.held.push({ mandate: m, reason: 'sameDay' });
      continue;
    }
    const promisedDue = m.firstDrawDate ? dueDateOf(m.firstDrawDate, drawDay) : null;
    const due = promisedDue && promisedDue > earliestDue ? promisedDue : earliestDue;
    const realFirst = realDrawDate(due);
    // A raise's old payment was cancelled from firstDrawDate: a later first draw leaves months undrawn.
    const missedFrom =
      m.state === 'raiseReady' && m.firstDrawDate && realFirst > m.firstDrawDate ? m.firstDrawDate : null;
    plan.payments.push({ mandate: m, due, realFirst, missedFrom });
  }
  return plan;
}
