import {
  AUTOGIRO_COMMENT_MEANINGS,
  MANDATE_STATES,
  type AdviceMeaning,
  type AmendmentMeaning,
  type MandateState,
} from '@concert/shared/api';
import { describe, expect, it } from 'vitest';
import {
  INFORMATION_CODES,
  adviceMeaning,
  amendmentMeaning,
  stateAfterAmendment,
  stateAfterAnswer,
} from './lifecycle.js';

/**
 * Every code pair of Bankgirot's lists, written out here from the manual's tables (not from
 * lifecycle.ts): what it means, then what it does to a mandate in every state.
 */
const EXPECTED_MEANING: [info: string, comment: string, meaning: AdviceMeaning][] = [
  ['04', '32', 'approved'],
  ['42', '32', 'approved'],
  ['04', '03', 'rejected'],
  ['04', '04', 'rejected'],
  ['04', '05', 'rejected'],
  ['04', '09', 'rejected'],
  ['04', '20', 'rejected'],
  ['04', '21', 'rejected'],
  ['04', '23', 'rejected'],
  ['04', '24', 'rejected'],
  ['04', '29', 'rejected'],
  ['04', '30', 'rejected'],
  ['42', '05', 'rejected'],
  ['43', '07', 'unanswered'],
  ['43', '43', 'unanswered'],
  ['04', '10', 'alreadyExists'],
  ['46', '02', 'cancelledByPayer'],
  ['46', '33', 'cancelledByPayer'],
  ['93', '33', 'cancelledByPayer'],
  ['03', '33', 'revokedByUs'],
  ['10', '33', 'cancelledByBank'],
  ['44', '33', 'cancelledByBank'],
  ['44', '98', 'cancelledByBank'],
  ['46', '01', 'cancelledByBank'],
  ['46', '06', 'cancelledByBank'],
  ['46', '11', 'stopNotice'],
  ['46', '12', 'stopNotice'],
  ['05', '32', 'payerNumberChanged'],
  ['04', '99', 'unknown'],
  ['77', '77', 'unknown'],
];

/** The moves the register allows (AUTOGIRO.md's lifecycle); every other state × meaning is ignored and logged. */
const MOVES: Partial<Record<AdviceMeaning, Partial<Record<MandateState, MandateState>>>> = {
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
  revokedByUs: { revokePending: 'revoked', revokeSent: 'revoked' },
};

describe('what a TK73 code pair means', () => {
  for (const [info, comment, meaning] of EXPECTED_MEANING) {
    it(`${info}/${comment} → ${meaning}`, () => expect(adviceMeaning(info, comment)).toBe(meaning));
  }
  it('every comment code in the list and every information code is covered above', () => {
    const listed = new Set(EXPECTED_MEANING.map(([, c]) => c));
    for (const code of Object.keys(AUTOGIRO_COMMENT_MEANINGS)) expect(listed, code).toContain(code);
    const infos = new Set(EXPECTED_MEANING.map(([i]) => i));
    for (const code of INFORMATION_CODES) expect(infos, code).toContain(code);
  });
});

describe('every state × every code pair', () => {
  for (const [info, comment, meaning] of EXPECTED_MEANING) {
    for (const state of MANDATE_STATES) {
      const expected = MOVES[meaning]?.[state] ?? null;
      it(`${state} + ${info}/${comment} → ${expected ?? 'ignored, logged'}`, () =>
        expect(stateAfterAnswer(state, adviceMeaning(info, comment))).toBe(expected));
    }
  }

  it('the cases of issue 28: a second approval never re-arms a payment, 10 never rejects an active mandate', () => {
    expect(stateAfterAnswer('active', adviceMeaning('04', '32'))).toBeNull();
    expect(stateAfterAnswer('signed', adviceMeaning('04', '32'))).toBeNull();
    expect(stateAfterAnswer('active', adviceMeaning('04', '10'))).toBeNull();
    expect(stateAfterAnswer('active', adviceMeaning('46', '01'))).toBe('cancelled');
  });
});

/**
 * The cancellations/changes answer (technical manual 8.5.3), written out here from the manual's
 * tables, not from lifecycle.ts: each transaction code with every comment code the manual lists
 * for it, what the pair means, then where it is logged on a mandate (state unchanged).
 */
const AMENDMENT_CODES: Record<string, string[]> = {
  '03': ['12'],
  '11': ['12'],
  '21': ['12'],
  '23': ['02', '10', '11', '12', '13'],
  '24': ['01', '02', '10', '11', '12', '13'],
  '25': ['01', '02', '04', '05', '10', '11', '12', '13'],
  '26': ['06', '10', '11', '13', '14', '15'],
  '27': ['01', '06', '10', '11', '13', '14', '15'],
  '28': ['01', '02', '06', '10', '11', '13', '15', '18'],
  '29': ['01', '02', '04', '05', '06', '10', '11', '13', '15', '18'],
};
function expectedAmendmentMeaning(code: string, comment: string): AmendmentMeaning {
  if (['23', '24', '25'].includes(code)) return comment === '12' ? 'paymentsCancelled' : 'cancellationFailed';
  if (['26', '27', '28', '29'].includes(code))
    return comment === '14' || comment === '18' ? 'dateChanged' : 'dateChangeFailed';
  return ({ '03': 'cancelledMandateGone', '11': 'cancelledByPayer', '21': 'agreementEnded' } as const)[
    code as '03'
  ];
}
/** Where a record is logged on the mandate (the state stays); every other state: a discrepancy. */
const LOGGED_IN: Partial<Record<AmendmentMeaning, MandateState[]>> = {
  paymentsCancelled: ['revokePending', 'revokeSent', 'revoked', 'cancelled'],
  cancelledMandateGone: ['revokeSent', 'revoked', 'cancelled'],
  cancelledByPayer: ['revokeSent', 'revoked', 'cancelled'],
};
/**
 * Issue 39: the answer to a raise's TK25 moves the raise on (giroapp's order): confirmed (12),
 * the new amount may be sent; any other code, the new amount is held back.
 */
const MOVED: Partial<Record<AmendmentMeaning, Partial<Record<MandateState, MandateState>>>> = {
  paymentsCancelled: { raiseCancelSent: 'raiseReady' },
  cancellationFailed: { raiseCancelSent: 'raiseHeld' },
};

describe('every cancellations/changes code pair × every state', () => {
  for (const [code, comments] of Object.entries(AMENDMENT_CODES)) {
    for (const comment of comments) {
      const meaning = expectedAmendmentMeaning(code, comment);
      it(`TK${code}/${comment} → ${meaning}`, () => expect(amendmentMeaning(code, comment)).toBe(meaning));
      for (const state of MANDATE_STATES) {
        const expected = MOVED[meaning]?.[state] ?? (LOGGED_IN[meaning]?.includes(state) ? state : null);
        it(`${state} + TK${code}/${comment} → ${expected ?? 'ignored, a discrepancy'}`, () =>
          expect(stateAfterAmendment(state, meaning)).toBe(expected));
      }
    }
  }

  it('codes outside the lists are unknown and never fit; the retired TK22 reads as the agreement ended', () => {
    expect(amendmentMeaning('03', '02')).toBe('unknown');
    expect(amendmentMeaning('77', '12')).toBe('unknown');
    expect(amendmentMeaning('22', '12')).toBe('agreementEnded');
    for (const state of MANDATE_STATES) expect(stateAfterAmendment(state, 'unknown')).toBeNull();
  });

  it('a cancellation we did not send, done or not, is for the office: a running payment may have stopped', () => {
    expect(stateAfterAmendment('active', amendmentMeaning('25', '13'))).toBeNull();
    expect(stateAfterAmendment('active', amendmentMeaning('25', '12'))).toBeNull();
    expect(stateAfterAmendment('raisePending', amendmentMeaning('25', '12'))).toBeNull();
  });
});
