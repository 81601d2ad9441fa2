/** The sign-up's member check: what the visitor learns about their membership before the details. */
import type { PersonalInfo } from '@concert/shared/api';
import { rememberSessionEmail, type ShownTerms } from '../bankid/queries.js';
import { findMember } from '../membership/queries.js';
import { SEALED_AT } from '../../privacy/personal-data.js';
import {
  authenticatedAs,
  namesFromBankId,
  readServed,
  refuseIfUnderAge,
  refuseUnlessFree,
  type SignUp,
} from './checks.js';

/** A member whose mandate ended this way signs up anew rather than raising. */
const ENDED_MANDATE_STATES: readonly string[] = ['cancelled', 'rejected', 'revoked'];

/** How many months the donation wording covers in paymentData (SPEC.md §9 sample data). */
const PAYMENT_MONTHS = 3;

/** SPEC.md §3 personal-info response, only for the person BankID authenticated in this session. */
export async function checkMember(
  s: SignUp,
  sessionUid: string,
  personalNumber: string,
  email: string,
): Promise<PersonalInfo> {
  const identity = await authenticatedAs(s, sessionUid, personalNumber);
  refuseIfUnderAge(s, personalNumber);
  // Once BankID's identity is known, the rest is read side by side.
  const [served, ticketData, member] = await Promise.all([
    readServed(s, sessionUid, personalNumber, email),
    s.currentHold(sessionUid),
    findMember(s.sql, s.key(personalNumber)),
  ]);
  refuseUnlessFree(served, email);
  const raise = !!member?.monthlyAmount && !ENDED_MANDATE_STATES.includes(member.mandateState!);
  // The amounts shown now are the ones this sign-up may sign, whatever the office changes meanwhile.
  const shown: ShownTerms = {
    kind: raise ? 'raise' : 'new',
    minimum: raise ? s.amounts.minRaise : s.amounts.minNewMemberAmount,
    step: s.amounts.donationStep,
  };
  const remembered = rememberSessionEmail(
    s.sql,
    sessionUid,
    s.protector.seal(email, SEALED_AT.sessionEmail(sessionUid)),
    shown,
  );
  if (member?.monthlyAmount && raise) {
    await remembered;
    return {
      type: 'member',
      personId: member.personId,
      paymentType: 1,
      paymentData: {
        minimumRaise: shown.minimum,
        months: PAYMENT_MONTHS,
        previousAmount: member.monthlyAmount,
      },
      ticketData,
      member: {
        agStatus: member.mandateState ?? 'none',
        approvedDate: member.approvedDate?.toISOString().slice(0, 10) ?? null,
        contactId: member.contactId,
        currentAutogiroAmount: member.monthlyAmount,
        member: true,
        payments: member.payments,
        personId: member.personId,
      },
      personInfo: null,
    };
  }
  const [registered] = await Promise.all([
    s.populationRegister.lookup(personalNumber).catch(() => null),
    remembered,
  ]);
  return {
    type: 'nonMember',
    personId: member?.personId ?? null,
    paymentType: 0,
    paymentData: { minimumRaise: shown.minimum, months: PAYMENT_MONTHS, previousAmount: 0 },
    ticketData,
    member: null,
    personInfo: registered ?? {
      ...namesFromBankId(s, sessionUid, identity.namesSealed),
      coAddress: '',
      address: '',
      zipCode: '',
      city: '',
    },
  };
}
