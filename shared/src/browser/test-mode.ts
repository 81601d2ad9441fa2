/**
 * Test mode (SPEC.md §4, demo only): while a mode is not Live, some calls get canned answers
 * here instead of reaching the backend, so a tester can walk every branch of the journey
 * without BankID or a real member. Loaded on demand by api.ts the first time a mode is chosen.
 */
import type {
  Answer,
  BankIdStart,
  BankIdStatus,
  FunctionName,
  Payload,
  PersonalInfo,
} from '../universal/api.js';
import { BANKS } from '../universal/banks.js';
import {
  concertFactsAtom,
  store,
  ticketDataAtom,
  type TestBankIdMode,
  type TestMemberMode,
} from './state.js';
import { DEMO_PERSONAL_NUMBERS } from '../universal/demo-fixtures.js';

export interface TestState {
  bankId: TestBankIdMode;
  memberStatus: TestMemberMode;
}

/** The demo fixtures of CONTRACT.md §4, for testers who want a number that fits a mode. */
export const MOCK_PERSONAL_NUMBERS = {
  member: DEMO_PERSONAL_NUMBERS.member,
  nonMember: DEMO_PERSONAL_NUMBERS.nonMember,
  underAge: DEMO_PERSONAL_NUMBERS.seventeen,
} as const;

const MOCK_PREVIOUS_AMOUNT = 200;
const MOCK_MONTHS = 3;
const NO_ACCOUNTS_MESSAGE = 'Det finns inga tillgängliga bankkonton för den angivna personen.';

/** Fake ids start with this, so a fake transaction is answered here even if the mode goes back to Live meanwhile. */
const FAKE_ID_PREFIX = 'test-';
let fakeCount = 0;
const fakeId = () => `${FAKE_ID_PREFIX}${Date.now().toString(36)}-${++fakeCount}`;

/** Fake BankID orders and bank-account retrievals: how each one ends. */
const bankIdOrders = new Map<string, { personalNumber: string; mode: Exclude<TestBankIdMode, 'Live'> }>();
const retrievals = new Map<string, { bank: string; mode: Exclude<TestBankIdMode, 'Live'> }>();

function fakeBankIdStart(personalNumber: string, mode: TestBankIdMode): BankIdStart | undefined {
  if (mode === 'Live') return undefined;
  const transactionId = fakeId();
  bankIdOrders.set(transactionId, { personalNumber: twelveDigits(personalNumber), mode });
  const token = transactionId.replace(/[^a-z0-9]/g, '');
  return {
    url: `bankid:///?autostarttoken=${token}&redirect=null`,
    transactionId,
    qrData: `bankid.${token}.0.${'0'.repeat(64)}`,
  };
}

function fakeBankIdStatus(transactionId: string): BankIdStatus | undefined {
  const order = bankIdOrders.get(transactionId);
  if (!order) return undefined;
  if (order.mode === 'Fail') return { status: 'failed', hintCode: 'userCancel' };
  const [givenName, surname] = ['Test', 'Testsson'];
  return {
    status: 'complete',
    completionData: {
      user: { personalNumber: order.personalNumber, givenName, surname, name: `${givenName} ${surname}` },
    },
  };
}

/** The payload's number as 12 digits; a tester's odd input falls back to the member fixture. */
function twelveDigits(personalNumber: string): string {
  const digits = personalNumber.replace(/\D/g, '');
  return digits.length === 12 ? digits : MOCK_PERSONAL_NUMBERS.member;
}

/**
 * The session's place as a reservation: the canned identification stands for a real one, which
 * would have reserved the ticket (a tester walks the reserved journey; no real sign follows).
 */
function reservedForTester(): PersonalInfo['ticketData'] {
  const ticket = store.get(ticketDataAtom);
  return ticket && { ...ticket, reserved: true };
}

function member(): PersonalInfo {
  const personId = 'test-member';
  return {
    type: 'member',
    personId,
    paymentType: 1,
    paymentData: {
      minimumRaise: store.get(concertFactsAtom)?.minRaise ?? 0,
      months: MOCK_MONTHS,
      previousAmount: MOCK_PREVIOUS_AMOUNT,
    },
    ticketData: reservedForTester(),
    member: {
      agStatus: 'active',
      approvedDate: '2020-01-01',
      contactId: 'test-contact',
      currentAutogiroAmount: MOCK_PREVIOUS_AMOUNT,
      member: true,
      payments: 24,
      personId,
    },
    personInfo: null,
  };
}

function nonMember(): PersonalInfo {
  return {
    type: 'nonMember',
    personId: null,
    paymentType: 0,
    paymentData: {
      minimumRaise: store.get(concertFactsAtom)?.minNewMemberAmount ?? 0,
      months: MOCK_MONTHS,
      previousAmount: 0,
    },
    ticketData: reservedForTester(),
    member: null,
    personInfo: {
      firstName: 'Erik',
      lastName: 'Holm',
      coAddress: 'c/o Svensson',
      address: 'Storgatan 5',
      zipCode: '411 38',
      city: 'Göteborg',
    },
  };
}

type CannedAnswers = {
  [N in FunctionName]?: (payload: Payload<N>, state: TestState) => Answer<N> | undefined;
};

const CANNED: CannedAnswers = {
  startBankIDAuth: (p, s) => fakeBankIdStart(p.personalNumber, s.bankId),
  startBankIDSign: (p, s) => fakeBankIdStart(p.personalNumber, s.bankId),
  checkBankIdTransactionStatus: (p) => fakeBankIdStatus(p.transactionId),
  cancelBankIDSession: (p) => (bankIdOrders.delete(p.transactionId) ? { cancelled: true } : undefined),
  // The panel's "bank account retrieval" mode covers the retrieval as well as the BankID order.
  startRetrievingBankAccounts: (p, s) => {
    if (s.bankId === 'Live') return undefined;
    const publicId = fakeId();
    retrievals.set(publicId, { bank: BANKS.find((b) => b.code === p.bank)?.name ?? p.bank, mode: s.bankId });
    return { publicId };
  },
  getBankAccounts: (p) => {
    const retrieval = retrievals.get(p.publicId);
    if (!retrieval) return undefined;
    if (retrieval.mode === 'Fail')
      return { status: 'Failed', failureCode: 'NoAccountsFound', failureMessage: NO_ACCOUNTS_MESSAGE };
    const { bank } = retrieval;
    return {
      status: 'Success',
      bankAccounts: [
        { bank, clearingNumber: '8327-9', accountNumber: '1234567897', name: 'Lönekonto' },
        { bank, clearingNumber: '8327-9', accountNumber: '7654321004', name: 'Sparkonto' },
      ],
    };
  },
  getPersonalInfo: (_p, s) =>
    s.memberStatus === 'Member' ? member() : s.memberStatus === 'NonMember' ? nonMember() : undefined,
};

/** The canned answer of a call in the given test state, or undefined when the call should go to the backend. */
export function cannedAnswer<N extends FunctionName>(
  name: N,
  payload: Payload<N>,
  testState: TestState,
): Answer<N> | undefined {
  const canned = CANNED[name] as
    ((payload: Payload<N>, state: TestState) => Answer<N> | undefined) | undefined;
  return canned?.(payload, testState);
}
