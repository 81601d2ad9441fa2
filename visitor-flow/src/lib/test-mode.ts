import { api, type TestBankIdMode, type TestMemberMode } from '@concert/shared/browser';
import type { Answer, BankAccountsStatus, Payload, PersonalInfo } from '@concert/shared/api';
import { MIN_NEW_MEMBER_AMOUNT, MIN_RAISE } from '@concert/shared/universal';
import { BANKS } from '@concert/shared/validation';

/**
 * Test mode (SPEC.md §4, demo only: the shell's test panel sets it): a mode other than Live
 * replaces the call with a canned answer, so a tester can reach every branch without fixtures.
 */

const MONTHS = 3;

const CANNED_MEMBER: PersonalInfo = {
  type: 'member',
  personId: 'test-member',
  paymentType: 1,
  paymentData: { minimumRaise: MIN_RAISE, months: MONTHS, previousAmount: 200 },
  ticketData: null,
  member: {
    agStatus: 'active',
    approvedDate: null,
    contactId: 'test-member',
    currentAutogiroAmount: 200,
    member: true,
    payments: MONTHS,
    personId: 'test-member',
  },
  personInfo: null,
};

const CANNED_NON_MEMBER: PersonalInfo = {
  type: 'nonMember',
  personId: null,
  paymentType: 0,
  paymentData: { minimumRaise: MIN_NEW_MEMBER_AMOUNT, months: MONTHS, previousAmount: 0 },
  ticketData: null,
  member: null,
  personInfo: { firstName: 'Test', lastName: 'Testsson', coAddress: '', address: 'Testgatan 1', zipCode: '123 45', city: 'Teststad' },
};

export async function getPersonalInfo(payload: Payload<'getPersonalInfo'>, mode: TestMemberMode): Promise<PersonalInfo> {
  if (mode === 'Member') return CANNED_MEMBER;
  if (mode === 'NonMember') return CANNED_NON_MEMBER;
  return api.call('getPersonalInfo', payload);
}

const TEST_PUBLIC_ID = 'test-mode';

export async function startRetrievingBankAccounts(
  payload: Payload<'startRetrievingBankAccounts'>,
  mode: TestBankIdMode,
): Promise<Answer<'startRetrievingBankAccounts'>> {
  if (mode !== 'Live') return { publicId: `${TEST_PUBLIC_ID}:${payload.bank}` };
  return api.call('startRetrievingBankAccounts', payload);
}

export async function getBankAccounts(payload: Payload<'getBankAccounts'>, mode: TestBankIdMode): Promise<BankAccountsStatus> {
  if (mode === 'Live') return api.call('getBankAccounts', payload);
  if (mode === 'Fail') {
    return { status: 'Failed', failureCode: 'NoAccountsFound', failureMessage: 'Det finns inga tillgängliga bankkonton för den angivna personen.' };
  }
  const code = payload.publicId.split(':')[1];
  const bank = BANKS.find((b) => b.code === code)?.name ?? BANKS[0].name;
  return {
    status: 'Success',
    bankAccounts: [
      { bank, clearingNumber: '5001', accountNumber: '1234566', name: 'Lönekonto' },
      { bank, clearingNumber: '5001', accountNumber: '7654325', name: 'Sparkonto' },
    ],
  };
}
