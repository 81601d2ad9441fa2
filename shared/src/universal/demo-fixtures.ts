/**
 * The demo persons of CONTRACT.md §4, by the role each plays, in one place: the simulators'
 * data (backend/src/integrations/demo-fixtures.ts), test mode, and the unit, API and e2e tests
 * all take the numbers from here, so a fixture cannot mean one person in one place and another
 * elsewhere. Demo mode only: no production code path treats these numbers specially.
 */
export const DEMO_PERSONAL_NUMBERS = {
  /** Maria Lind: member, autogiro 200 kr/month. */
  member: '198503151238',
  /** Erik Holm: adult non-member with a c/o address. */
  nonMember: '199001012344',
  /** Sara Berg: adult non-member; bank-account retrieval fails with "inga tillgängliga bankkonton". */
  noAccounts: '199207123457',
  /** Johan Ek: adult non-member; bank-account retrieval fails with "samtidiga" (active session). */
  activeSession: '197811244560',
  /** Anna Sjöberg: adult member; the BankID order ends with hintCode userCancel. */
  cancels: '198808085677',
  /** Leo Nyström: 17 years old, under 18. */
  seventeen: '200906013453',
  /** Ella Dahl: 14 years old, under 16. */
  fourteen: '201203044563',
  /** Karin Vik: adult non-member; the Bankgirot stand-in rejects her mandate with comment code 05 (account wrong). */
  mandateRejected: '196505052347',
  /** Olof Strand: adult non-member; the Bankgirot stand-in rejects his mandate with code 43 (the bank did not answer). */
  mandateUnanswered: '197102145674',
} as const;

export type DemoRole = keyof typeof DEMO_PERSONAL_NUMBERS;
