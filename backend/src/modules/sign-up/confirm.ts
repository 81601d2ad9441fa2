/**
 * The sign-up's last step, inside the transaction that records the completed sign: the member
 * created or their mandate raised, exactly what was signed stored, the ticket confirmed and mailed.
 */
import type { Queryable } from '../../db/connect.js';
import { SignRefused, type ApplyRefusal } from '../bankid/refusal.js';
import type { Completion, SignRequest } from '../bankid/queries.js';
import { bankgiroText, dateText } from '../../integrations/bankid/user-visible-data.js';
import { recordSignature } from '../mandates/signature.js';
import { changeMandateAmount, createMember, findMember, type MemberRecord } from '../membership/queries.js';
import { enqueueEmail } from '../outbox/queries.js';
import { acceptOfferOfSession, lockOfferOfSession } from '../queue/queries/offers.js';
import { confirmTicketForSession, personHasTicket } from '../tickets/queries/confirmation.js';
import { sealedDoorCodeVars } from '../outbox/door-code-vars.js';
import { SEALED_AT } from '../../privacy/personal-data.js';
import type { SignUp } from './checks.js';

/** Who signs: the person and the mandate the sign is recorded on (its state before, for a raise). */
type Signer = Pick<MemberRecord, 'personId' | 'mandateState'> & { mandateId: string };

/** Who signs: the new member, created (refused if the person exists), or the member who raises (refused without a mandate). */
async function signerOf(
  s: SignUp,
  tx: Queryable,
  transactionId: string,
  r: SignRequest,
  person: NonNullable<SignRequest['person']>,
  personalNumber: string,
): Promise<Signer | ApplyRefusal> {
  const personalNumberHash = s.key(personalNumber);
  if (r.signType === 'raise') {
    const member = await findMember(tx, personalNumberHash);
    return member?.mandateId
      ? { personId: member.personId, mandateId: member.mandateId, mandateState: member.mandateState }
      : 'noMembershipFound';
  }
  const created = await createMember(tx, {
    personalNumberHash,
    personalNumberSealed: s.protector.seal(personalNumber, SEALED_AT.personalNumber(personalNumberHash)),
    firstName: person.firstName,
    lastName: person.lastName,
    email: r.email,
    phone: person.phone,
    address: person.address,
    zipCode: person.zipCode,
    city: person.city,
    monthlyAmount: r.monthlyAmount,
    account: r.accountInfo,
    mandateState: 'signed',
    bankIdTransactionId: transactionId,
  });
  return created ? { ...created, mandateState: null } : 'registrationFailed';
}

/** Runs inside the transaction that records the completed sign: stores exactly what was signed and confirms the ticket. */
export async function confirmSignUp(
  s: SignUp,
  tx: Queryable,
  t: { id: string; sessionUid: string },
  r: SignRequest,
  completion: Completion,
): Promise<void> {
  const user = completion.user;
  // The name is the one BankID vouches for, not what was typed; the address stays as typed.
  const person = { ...r.person!, firstName: user.givenName, lastName: user.surname };
  const signature = {
    signType: r.signType,
    bankIdTransactionId: t.id,
    amount: r.monthlyAmount,
    firstDrawDate: r.firstDrawDate,
    lang: r.lang,
    signedText: r.signedText,
    completion,
  };
  // Statements that do not need each other's answers are issued together (Promise.all): in the
  // signing transaction they go out as one round trip, and the server runs them in the order given.
  // First who signs, whether they have a ticket already, and the session's waiting-list offer
  // locked (before its ticket, in the order every other offer change takes).
  const [signer, hasTicket] = await Promise.all([
    signerOf(s, tx, t.id, r, person, user.personalNumber),
    personHasTicket(tx, s.key(user.personalNumber), s.scope.concertId),
    lockOfferOfSession(tx, t.sessionUid),
  ]);
  if (typeof signer === 'string') throw new SignRefused(signer);
  if (hasTicket) throw new SignRefused('userExistsWithTicket');
  const { personId, mandateId, mandateState } = signer;
  // Then the ticket confirmed, and what was signed (a raise changes the mandate's amount first;
  // the signature's large write goes last, see recordSignature).
  const [ticket] = await Promise.all([
    confirmTicketForSession(
      tx,
      t.sessionUid,
      r.ticketId,
      s.scope,
      {
        personId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: r.email,
      },
      s.doorCodes.mint(),
    ),
    r.signType === 'raise'
      ? changeMandateAmount(tx, mandateId, r.monthlyAmount, t.id).then(() =>
          recordSignature(tx, s.protector, { ...signature, mandateId, state: mandateState }),
        )
      : recordSignature(tx, s.protector, { ...signature, mandateId, state: mandateState }),
  ]);
  // No ticket, no sale: refusing undoes the membership change with it.
  if (!ticket) throw new SignRefused('ticketExpired');
  await Promise.all([
    acceptOfferOfSession(tx, t.sessionUid, s.today()),
    s.onTicketConfirmed?.(tx, ticket.externalId),
    enqueueEmail(tx, {
      to: r.email,
      lang: r.lang,
      type: r.signType === 'new' ? 'registeredNew' : 'registeredMember',
      vars: {
        firstName: person.firstName,
        amount: formatAmount(r.monthlyAmount, r.lang),
        // The door code hashed and sealed, never plain in the outbox (outbox/door-code-vars.ts).
        ...sealedDoorCodeVars(s.protector, ticket.externalId),
        // The mandate as signed: when, how much, to which bankgiro.
        drawDay: String(s.autogiro.drawDay),
        firstDrawDate: dateText(r.lang, r.firstDrawDate),
        bankgiro: bankgiroText(s.autogiro.bankgiro),
      },
      dedupeKey: `sign:${t.id}`,
    }),
  ]);
}

export function formatAmount(amount: number, lang: 'sv' | 'en'): string {
  return lang === 'sv' ? `${amount} kr` : `SEK ${amount}`;
}
