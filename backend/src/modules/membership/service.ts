import type { Queryable } from '../../db/connect.js';
import type { Completion, SignRequest } from '../bankid/queries.js';
import { signUpOf, type SignUpDeps } from '../sign-up/checks.js';
import { confirmSignUp } from '../sign-up/confirm.js';
import { checkMember } from '../sign-up/member-check.js';
import { prepareSign, type SignPayload } from '../sign-up/sign.js';

export type { PopulationRegister } from '../sign-up/checks.js';
export type { SignPayload } from '../sign-up/sign.js';

/**
 * The visitor's sign-up as a service: BankID identifies the visitor (bankid/), then come the
 * member check, the sign and its confirmation, each a named step in sign-up/.
 */
export function createMembershipService(deps: SignUpDeps) {
  const signUp = signUpOf(deps);
  return {
    personalInfo: (sessionUid: string, personalNumber: string, email: string) =>
      checkMember(signUp, sessionUid, personalNumber, email),
    prepareSign: (sessionUid: string, p: SignPayload) => prepareSign(signUp, sessionUid, p),
    applySign: (
      tx: Queryable,
      t: { id: string; sessionUid: string },
      r: SignRequest,
      completion: Completion,
    ) => confirmSignUp(signUp, tx, t, r, completion),
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
