import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';

/**
 * The demo persons of CONTRACT.md §4 as the simulators play them: the BankID simulator, the
 * bank-account simulator, the population-register simulator and the member seed all read them
 * from here. Their numbers come from @concert/shared/demo-fixtures, which the tests use too.
 * Demo mode only; nothing here exists in production.
 */
export interface DemoPerson {
  personalNumber: string;
  givenName: string;
  surname: string;
  /** Existing member: monthly autogiro amount in kr. */
  member?: { monthlyAmount: number };
  address: { coAddress?: string; street: string; zipCode: string; city: string };
  /** How a BankID order for this person ends by itself in demo mode (≈2 s after start). */
  bankId: 'complete' | 'userCancel';
  /** Bank-account retrieval fails with this Swedish message, as the real service sends it. */
  bankAccountFailure?: { failureCode: string; failureMessage: string };
  /** The Bankgirot stand-in answers this person's new mandate with these TK73 codes (default: 04/32, approved). */
  autogiroAnswer?: { infoCode: string; commentCode: string };
}

export const DEMO_PERSONS: readonly DemoPerson[] = [
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.member,
    givenName: 'Maria',
    surname: 'Lind',
    member: { monthlyAmount: 200 },
    address: { street: 'Sveavägen 12', zipCode: '111 57', city: 'Stockholm' },
    bankId: 'complete',
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.nonMember,
    givenName: 'Erik',
    surname: 'Holm',
    address: { coAddress: 'c/o Svensson', street: 'Storgatan 5', zipCode: '411 38', city: 'Göteborg' },
    bankId: 'complete',
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.noAccounts,
    givenName: 'Sara',
    surname: 'Berg',
    address: { street: 'Kungsgatan 40', zipCode: '753 21', city: 'Uppsala' },
    bankId: 'complete',
    bankAccountFailure: {
      failureCode: 'NoAccountsFound',
      failureMessage: 'Det finns inga tillgängliga bankkonton för den angivna personen.',
    },
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.activeSession,
    givenName: 'Johan',
    surname: 'Ek',
    address: { street: 'Drottninggatan 3', zipCode: '211 41', city: 'Malmö' },
    bankId: 'complete',
    bankAccountFailure: {
      failureCode: 'ActiveSession',
      failureMessage: 'Det finns redan samtidiga sessioner för personnumret. Försök igen om några minuter.',
    },
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.cancels,
    givenName: 'Anna',
    surname: 'Sjöberg',
    member: { monthlyAmount: 150 },
    address: { street: 'Hamngatan 8', zipCode: '582 26', city: 'Linköping' },
    bankId: 'userCancel',
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.seventeen,
    givenName: 'Leo',
    surname: 'Nyström',
    address: { street: 'Skolgatan 2', zipCode: '903 27', city: 'Umeå' },
    bankId: 'complete',
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.fourteen,
    givenName: 'Ella',
    surname: 'Dahl',
    address: { street: 'Parkvägen 9', zipCode: '702 10', city: 'Örebro' },
    bankId: 'complete',
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.mandateRejected,
    givenName: 'Karin',
    surname: 'Vik',
    address: { street: 'Torggatan 14', zipCode: '852 30', city: 'Sundsvall' },
    bankId: 'complete',
    // Bankgirot: "Felaktiga bankkonto- eller personuppgifter" (new mandate, comment code 05).
    autogiroAnswer: { infoCode: '04', commentCode: '05' },
  },
  {
    personalNumber: DEMO_PERSONAL_NUMBERS.mandateUnanswered,
    givenName: 'Olof',
    surname: 'Strand',
    address: { street: 'Hamnvägen 21', zipCode: '972 31', city: 'Luleå' },
    bankId: 'complete',
    // The payer's bank did not answer the account check (CONTRACT.md §4): information code 43
    // ("removed: unanswered account inquiry") with comment code 07, the pair Bankgirot sends.
    autogiroAnswer: { infoCode: '43', commentCode: '07' },
  },
];

export function demoPerson(personalNumber: string): DemoPerson | undefined {
  return DEMO_PERSONS.find((p) => p.personalNumber === personalNumber);
}
