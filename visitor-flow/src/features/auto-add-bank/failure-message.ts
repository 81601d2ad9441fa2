import type { CopyKey } from '@concert/shared/universal';

/**
 * The bank-account service's Swedish failure messages (SPEC.md §8) and the inline message each
 * one shows; anything else is not something the visitor can act on (error/bankIDFailed).
 */
const FAILURES: readonly [substring: string, key: CopyKey][] = [
  ['samtidiga', 'autoAddBank.messages.bankIdFailedActiveSession'],
  ['löpte ut', 'autoAddBank.messages.sessionExpired'],
  ['inga tillgängliga bankkonton', 'autoAddBank.messages.noAccountsFound'],
  ['tekniska problem', 'autoAddBank.messages.technicalProblems'],
  ['problem med att autentisera dig', 'autoAddBank.messages.authenticationProblem'],
  ['misslyckades av okänd anledning', 'autoAddBank.messages.unknownProblem'],
];

/** The copy key of the inline message for a failure message, or null for error/bankIDFailed. */
export function failureMessageKey(failureMessage: string): CopyKey | null {
  const message = failureMessage.toLocaleLowerCase('sv-SE');
  return FAILURES.find(([substring]) => message.includes(substring))?.[1] ?? null;
}
