import { describe, expect, it } from 'vitest';
import { concertFactsAtom, store, ticketDataAtom } from './state.js';
import { cannedAnswer, MOCK_PERSONAL_NUMBERS, type TestState } from './test-mode.js';

const LIVE: TestState = { bankId: 'Live', memberStatus: 'Live' };

describe('cannedAnswer', () => {
  it('leaves every call to the backend while both modes are Live', () => {
    expect(
      cannedAnswer('startBankIDAuth', { personalNumber: MOCK_PERSONAL_NUMBERS.member }, LIVE),
    ).toBeUndefined();
    expect(
      cannedAnswer(
        'getPersonalInfo',
        { personalNumber: MOCK_PERSONAL_NUMBERS.member, email: 'a@b.se' },
        LIVE,
      ),
    ).toBeUndefined();
    expect(
      cannedAnswer(
        'checkBankIdTransactionStatus',
        { transactionId: '6f1c0d1e-0000-4000-8000-000000000000' },
        LIVE,
      ),
    ).toBeUndefined();
    expect(cannedAnswer('register', {}, { bankId: 'Success', memberStatus: 'Member' })).toBeUndefined();
  });

  it('bankId Success: a fake order that completes with a user of the given personal number', () => {
    const state: TestState = { bankId: 'Success', memberStatus: 'Live' };
    const start = cannedAnswer('startBankIDAuth', { personalNumber: '19900101-2344' }, state)!;
    expect(start.qrData).toMatch(/^bankid\.[a-z0-9]+\.0\.[0-9a-f]{64}$/);
    const status = cannedAnswer('checkBankIdTransactionStatus', { transactionId: start.transactionId }, LIVE);
    expect(status).toEqual({
      status: 'complete',
      completionData: {
        user: {
          personalNumber: '199001012344',
          givenName: 'Test',
          surname: 'Testsson',
          name: 'Test Testsson',
        },
      },
    });
    const sign = cannedAnswer(
      'startBankIDSign',
      {
        personalNumber: MOCK_PERSONAL_NUMBERS.member,
        ticketId: 't',
        donationAmount: 80,
        signType: 'raise',
        lang: 'sv',
      },
      state,
    )!;
    expect(
      cannedAnswer('checkBankIdTransactionStatus', { transactionId: sign.transactionId }, state)?.status,
    ).toBe('complete');
  });

  it('bankId Fail: the order fails with userCancel, and bank-account retrieval finds no accounts', () => {
    const state: TestState = { bankId: 'Fail', memberStatus: 'Live' };
    const start = cannedAnswer(
      'startBankIDAuth',
      { personalNumber: MOCK_PERSONAL_NUMBERS.nonMember },
      state,
    )!;
    expect(
      cannedAnswer('checkBankIdTransactionStatus', { transactionId: start.transactionId }, state),
    ).toEqual({ status: 'failed', hintCode: 'userCancel' });
    const { publicId } = cannedAnswer(
      'startRetrievingBankAccounts',
      { personalNumber: MOCK_PERSONAL_NUMBERS.nonMember, bank: 'NB', sameDevice: true },
      state,
    )!;
    expect(cannedAnswer('getBankAccounts', { publicId }, state)).toMatchObject({
      status: 'Failed',
      failureMessage: expect.stringContaining('inga tillgängliga bankkonton'),
    });
  });

  it('a cancelled fake order is forgotten', () => {
    const start = cannedAnswer(
      'startBankIDAuth',
      { personalNumber: MOCK_PERSONAL_NUMBERS.member },
      { bankId: 'Success', memberStatus: 'Live' },
    )!;
    expect(cannedAnswer('cancelBankIDSession', { transactionId: start.transactionId }, LIVE)).toEqual({
      cancelled: true,
    });
    expect(
      cannedAnswer('checkBankIdTransactionStatus', { transactionId: start.transactionId }, LIVE),
    ).toBeUndefined();
  });

  it('bankId Success: two accounts at the chosen bank', () => {
    const state: TestState = { bankId: 'Success', memberStatus: 'Live' };
    const { publicId } = cannedAnswer(
      'startRetrievingBankAccounts',
      { personalNumber: MOCK_PERSONAL_NUMBERS.nonMember, bank: 'SHB', sameDevice: false },
      state,
    )!;
    const answer = cannedAnswer('getBankAccounts', { publicId }, LIVE)!;
    expect(answer.status).toBe('Success');
    expect(answer.bankAccounts?.map((a) => a.bank)).toEqual(['Handelsbanken', 'Handelsbanken']);
  });

  it("memberStatus Member / NonMember: the canned personal info with the current ticket and the concert's amounts", () => {
    const concert = { minRaise: 65, minNewMemberAmount: 140, donationStep: 5 };
    store.set(concertFactsAtom, concert as never);
    const ticket = { ticketId: 'abc', isConfirmed: false, validUntil: 1, reserved: true };
    store.set(ticketDataAtom, ticket);
    const payload = { personalNumber: MOCK_PERSONAL_NUMBERS.member, email: 'a@b.se' };
    const asMember = cannedAnswer('getPersonalInfo', payload, { bankId: 'Live', memberStatus: 'Member' })!;
    expect(asMember).toMatchObject({
      type: 'member',
      paymentType: 1,
      paymentData: { previousAmount: 200, minimumRaise: concert.minRaise },
      ticketData: ticket,
    });
    const asNonMember = cannedAnswer('getPersonalInfo', payload, {
      bankId: 'Live',
      memberStatus: 'NonMember',
    })!;
    expect(asNonMember).toMatchObject({
      type: 'nonMember',
      paymentType: 0,
      paymentData: { minimumRaise: concert.minNewMemberAmount },
      member: null,
    });
    expect(asNonMember.personInfo?.firstName).toBeTruthy();
    store.set(ticketDataAtom, null);
  });
});
