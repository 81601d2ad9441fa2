import { describe, expect, it } from 'vitest';
import { nextStandingDue, planPaymentRun, type RunMandate } from './payment-run.js';

const none = new Set<string>();
const mandate = (over: Partial<RunMandate> & { id: string }): RunMandate => ({
  state: 'approved',
  firstDrawDate: null,
  standingDate: null,
  standingAmount: null,
  ...over,
});
/** Active from 28 December 2026 at 150 kr; a raise signed on 20 January 2027 was promised from 1 March (28 February, a Sunday). */
const raise = mandate({
  id: 'r',
  state: 'raisePending',
  firstDrawDate: '2027-03-01',
  standingDate: '2026-12-28',
  standingAmount: 150,
});

describe('a payment run (issue 39)', () => {
  it('the TK25 names the next draw Bankgirot holds for the old payment on the day it is sent', () => {
    expect(nextStandingDue('2026-12-28', '2027-01-21')).toBe('2027-01-28');
    expect(nextStandingDue('2026-12-28', '2027-01-28')).toBe('2027-01-28'); // drawn today: not yet gone
    expect(nextStandingDue('2026-12-28', '2027-01-29')).toBe('2027-02-28');
    expect(nextStandingDue('2026-12-28', '2027-03-01')).toBe('2027-02-28'); // 28 Feb (Sunday) is drawn on 1 March
    expect(nextStandingDue('2026-12-28', '2026-11-30')).toBe('2026-12-28'); // not before its first draw
  });

  it('a raise waits while its promised draw is later than the old payment’s next one, then cancels from it', () => {
    expect(planPaymentRun('2027-01-21', 28, [raise], { paid: none, changed: none }).held).toEqual([
      { mandate: raise, reason: 'promisedLater' },
    ]);
    expect(planPaymentRun('2027-01-29', 28, [raise], { paid: none, changed: none }).cancellations).toEqual([
      { mandate: raise, due: '2027-02-28', realFirst: '2027-03-01' },
    ]);
  });

  it('a raise is not cancelled closer than five banking days to the old draw: it waits for the next month', () => {
    // 22 February: 23, 24, 25, 26 February and 1 March are five banking days: still in time.
    expect(
      planPaymentRun('2027-02-22', 28, [raise], { paid: none, changed: none }).cancellations,
    ).toHaveLength(1);
    const late = planPaymentRun('2027-02-23', 28, [raise], { paid: none, changed: none });
    expect(late.held).toEqual([{ mandate: raise, reason: 'oldDrawTooClose' }]);
    expect(late.payments).toEqual([]);
  });

  it('never a payment and a change of the same mandate on one day, whichever came first', () => {
    const ids = new Set(['r', 'ready']);
    const ready = mandate({ id: 'ready', state: 'raiseReady', firstDrawDate: '2027-03-01' });
    const plan = planPaymentRun('2027-01-29', 28, [raise, ready], { paid: ids, changed: ids });
    expect(plan.cancellations).toEqual([]);
    expect(plan.payments).toEqual([]);
    expect(plan.held.map((h) => [h.mandate.id, h.reason])).toEqual([
      ['r', 'sameDay'],
      ['ready', 'sameDay'],
    ]);
  });

  it('a confirmed raise starts from the draw its old payment was cancelled from, or says which it missed', () => {
    const ready = mandate({ id: 'ready', state: 'raiseReady', firstDrawDate: '2027-03-01' });
    expect(planPaymentRun('2027-02-02', 28, [ready], { paid: none, changed: none }).payments).toEqual([
      { mandate: ready, due: '2027-02-28', realFirst: '2027-03-01', missedFrom: null },
    ]);
    // 28 March 2027 is Easter Sunday, the 29th Easter Monday: drawn Tuesday the 30th.
    expect(planPaymentRun('2027-02-26', 28, [ready], { paid: none, changed: none }).payments).toEqual([
      { mandate: ready, due: '2027-03-28', realFirst: '2027-03-30', missedFrom: '2027-03-01' },
    ]);
  });

  it('a new mandate’s first draw is two banking days after the file at the earliest, and not before the one promised', () => {
    const fresh = mandate({ id: 'n', firstDrawDate: '2026-12-28' });
    expect(
      planPaymentRun('2026-12-24', 28, [fresh], { paid: none, changed: none }).payments[0],
    ).toMatchObject({
      due: '2027-01-28',
      realFirst: '2027-01-28',
    });
    expect(
      planPaymentRun('2026-12-01', 28, [fresh], { paid: none, changed: none }).payments[0],
    ).toMatchObject({
      due: '2026-12-28',
    });
    const promisedLater = mandate({ id: 'p', firstDrawDate: '2027-03-01' });
    expect(
      planPaymentRun('2026-12-01', 28, [promisedLater], { paid: none, changed: none }).payments[0],
    ).toMatchObject({
      due: '2027-02-28',
      realFirst: '2027-03-01',
    });
  });
});
