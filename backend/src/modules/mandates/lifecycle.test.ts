import {
  AUTOGIRO_COMMENT_MEANINGS,
  MANDATE_STATES,
  type AdviceMeaning,
  type MandateState,
} from '@concert/shared/api';
import { describe, expect, it } from 'vitest';
import { INFORMATION_CODES, adviceMeaning, stateAfterAnswer } from './lifecycle.js';

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
    revokePending: 'cancelled',
    revokeSent: 'cancelled',
  },
  cancelledByBank: {
    sent: 'cancelled',
    approved: 'cancelled',
    active: 'cancelled',
    raisePending: 'cancelled',
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
