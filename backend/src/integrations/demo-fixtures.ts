/**
 * The demo persons of CONTRACT.md §4, in one place: the BankID simulator, the bank-account
 * simulator, the population-register simulator and the member seed all read them from here.
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
}

export const DEMO_PERSONS: readonly DemoPerson[] = [
  {
    personalNumber: '198503151238',
    givenName: 'Maria',
    surname: 'Lind',
    member: { monthlyAmount: 200 },
    address: { street: 'Sveavägen 12', zipCode: '111 57', city: 'Stockholm' },
    bankId: 'complete',
  },
  {
    personalNumber: '199001012344',
    givenName: 'Erik',
    surname: 'Holm',
    address: { coAddress: 'c/o Svensson', street: 'Storgatan 5', zipCode: '411 38', city: 'Göteborg' },
    bankId: 'complete',
  },
  {
    personalNumber: '199207123457',
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
    personalNumber: '197811244560',
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
    personalNumber: '198808085677',
    givenName: 'Anna',
    surname: 'Sjöberg',
    member: { monthlyAmount: 150 },
    address: { street: 'Hamngatan 8', zipCode: '582 26', city: 'Linköping' },
    bankId: 'userCancel',
  },
  {
    personalNumber: '200906013453',
    givenName: 'Leo',
    surname: 'Nyström',
    address: { street: 'Skolgatan 2', zipCode: '903 27', city: 'Umeå' },
    bankId: 'complete',
  },
  {
    personalNumber: '201203044563',
    givenName: 'Ella',
    surname: 'Dahl',
    address: { street: 'Parkvägen 9', zipCode: '702 10', city: 'Örebro' },
    bankId: 'complete',
  },
];

export function demoPerson(personalNumber: string): DemoPerson | undefined {
  return DEMO_PERSONS.find((p) => p.personalNumber === personalNumber);
}
