/**
 * The sign-up's sign step: the details checked and bound into what BankID will have signed,
 * before the order starts. Nobody is asked to sign for a ticket they could not get.
 */
import type { TicketData } from '@concert/shared/api';
import { AppError } from '../../errors.js';
import type { ShownTerms, SignRequest } from '../bankid/queries.js';
import { PROMISED_LEAD_DAYS, firstDrawDate } from '../mandates/lifecycle.js';
import { stockholmDate } from '@concert/shared/stockholm-time';
import { findMember } from '../membership/queries.js';
import { SEALED_AT } from '../../privacy/personal-data.js';
import {
  authenticatedAs,
  namesFromBankId,
  readServed,
  refuseAmount,
  refuseIfUnderAge,
  refuseUnlessFree,
  type SignUp,
} from './checks.js';

export interface SignPayload {
  personalNumber: string;
  ticketId: string;
  donationAmount: number;
  signType: 'new' | 'raise';
  lang: 'sv' | 'en';
  person?: {
    firstName: string;
    lastName: string;
    email?: string;
    phone?: string;
    address?: string;
    zipCode?: string;
    city?: string;
  };
  accountInfo?: { bank: string; clearingNumber: string; accountNumber: string };
}

/**
 * Checks a sign before the BankID order starts and binds what will be signed; the last check is
 * the session's live reservation, then kept for the order (the ticket as kept is answered with it).
 */
export async function prepareSign(
  s: SignUp,
  sessionUid: string,
  p: SignPayload,
): Promise<{ request: SignRequest; ticket: TicketData }> {
  const request = await signRequestFor(s, sessionUid, p);
  return { request, ticket: await s.reserveForSign(sessionUid, p.ticketId) };
}

async function signRequestFor(s: SignUp, sessionUid: string, p: SignPayload): Promise<SignRequest> {
  const { protector, key } = s;
  const identity = await authenticatedAs(s, sessionUid, p.personalNumber);
  refuseIfUnderAge(s, p.personalNumber);
  // Read side by side, judged in order.
  const [served, member] = await Promise.all([
    readServed(s, sessionUid, p.personalNumber, null),
    findMember(s.sql, key(p.personalNumber)),
  ]);
  const email =
    p.person?.email ??
    (identity.emailSealed && protector.unseal(identity.emailSealed, SEALED_AT.sessionEmail(sessionUid)));
  if (!email) throw new AppError('FAILED_PRECONDITION', 'invalidState');
  refuseUnlessFree(served, email);
  const names = namesFromBankId(s, sessionUid, identity.namesSealed);
  const shownFor = (kind: ShownTerms['kind']) =>
    identity.shownTerms?.kind === kind ? identity.shownTerms : undefined;
  const base = {
    signType: p.signType,
    ticketId: p.ticketId,
    lang: p.lang,
    email,
    signerName: `${names.firstName} ${names.lastName}`,
    firstDrawDate: firstDrawDate(stockholmDate(s.today()), s.autogiro.drawDay, PROMISED_LEAD_DAYS),
  };
  if (p.signType === 'raise') {
    if (!member?.monthlyAmount || !member.mandateId) throw new AppError('NOT_FOUND', 'noMembershipFound');
    refuseAmount(
      p.donationAmount,
      { minimum: s.amounts.minRaise, step: s.amounts.donationStep },
      shownFor('raise'),
    );
    return {
      ...base,
      previousAmount: member.monthlyAmount,
      monthlyAmount: member.monthlyAmount + p.donationAmount,
      person: { firstName: member.firstName, lastName: member.lastName },
    };
  }
  if (member) throw new AppError('ALREADY_EXISTS', 'registrationFailed');
  const person = p.person;
  if (!person?.phone || !person.address || !person.zipCode || !person.city)
    throw new AppError('INVALID_ARGUMENT', 'invalidState');
  if (!p.accountInfo) throw new AppError('FAILED_PRECONDITION', 'noPaymentInfo');
  refuseAmount(
    p.donationAmount,
    { minimum: s.amounts.minNewMemberAmount, step: s.amounts.donationStep },
    shownFor('new'),
  );
  return {
    ...base,
    previousAmount: 0,
    monthlyAmount: p.donationAmount,
    person: {
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      address: person.address,
      zipCode: person.zipCode,
      city: person.city,
    },
    accountInfo: {
      bank: p.accountInfo.bank,
      clearingNumber: p.accountInfo.clearingNumber,
      accountNumberSealed: protector.seal(
        p.accountInfo.accountNumber,
        SEALED_AT.mandateAccount(key(p.personalNumber)),
      ),
    },
  };
}
