import type { PersonalInfo, TicketData } from '@concert/shared/api';
import { DONATION_STEP, MIN_AGE, MIN_NEW_MEMBER_AMOUNT, MIN_RAISE } from '@concert/shared/universal';
import { ageOn } from '@concert/shared/validation';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { SignRefused, type ApplyRefusal } from '../bankid/service.js';
import {
  rememberSessionEmail,
  sessionIdentity,
  type Completion,
  type SignRequest,
} from '../bankid/queries.js';
import type { AutogiroConfig } from '../../config.js';
import { bankgiroText, dateText } from '../../integrations/bankid/user-visible-data.js';
import { PROMISED_LEAD_DAYS, firstDrawDate } from '../mandates/lifecycle.js';
import { recordSignature, swedishDate } from '../mandates/service.js';
import { enqueueEmail } from '../outbox/queries.js';
import {
  acceptOfferOfSession,
  emailKey,
  isInQueue,
  lockOfferOfSession,
  offerOpenedBySession,
} from '../queue/queries.js';
import { confirmTicketForSession, personHasTicket } from '../tickets/queries/confirmation.js';
import { createDoorCodes } from '../tickets/door-codes.js';
import { ticketScanUrl } from '../tickets/scan-url.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import { changeMandateAmount, createMember, findMember, type MemberRecord } from './queries.js';

/** A member whose mandate ended this way signs up anew rather than raising. */
const ENDED_MANDATE_STATES: readonly string[] = ['cancelled', 'rejected', 'revoked'];

/** How many months the donation wording covers in paymentData (SPEC.md §9 sample data). */
const PAYMENT_MONTHS = 3;

export interface PopulationRegister {
  lookup(personalNumber: string): Promise<{
    firstName: string;
    lastName: string;
    coAddress: string;
    address: string;
    zipCode: string;
    city: string;
  } | null>;
}

/** What the checks before a sign read (readServed). */
/** Who signs: the person and the mandate the sign is recorded on (its state before, for a raise). */
type Signer = Pick<MemberRecord, 'personId' | 'mandateState'> & { mandateId: string };

interface Served {
  offer: { emailKey: string } | undefined;
  hasTicket: boolean;
  queued: boolean;
}

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

export function createMembershipService(deps: {
  sql: Sql;
  capacity: number;
  /** The session's hold as the visitor sees it (tickets/service.ts). */
  currentHold: (sessionUid: string) => Promise<TicketData | null>;
  /** The session's live reservation `ticketId`, kept for the sign's BankID order; refuses otherwise (tickets/service.ts). */
  reserveForSign: (sessionUid: string, ticketId: string) => Promise<TicketData>;
  publicUrl: string;
  populationRegister: PopulationRegister;
  protector: PersonalDataProtector;
  /** The organisation's bankgiro and draw day: in what is signed and in the confirmation e-mail. */
  autogiro: AutogiroConfig;
  now?: () => Date;
  /** In the signing transaction: what follows a confirmed ticket (its ticket e-mail, after the mail-out). */
  onTicketConfirmed?: (tx: Queryable, externalTicketId: string) => Promise<void>;
}) {
  const { sql, protector } = deps;
  const key = (personalNumber: string) => protector.lookupHash(personalNumber);
  const doorCodes = createDoorCodes(protector);
  const today = () => deps.now?.() ?? new Date();

  /** The personal number BankID authenticated for this session, or 403 invalidState for any other. */
  async function authenticatedAs(sessionUid: string, personalNumber: string) {
    const identity = await sessionIdentity(sql, sessionUid);
    if (!identity || identity.personalNumberHash !== key(personalNumber))
      throw new AppError('PERMISSION_DENIED', 'invalidState');
    return identity;
  }

  /**
   * What the checks before a sign read, asked together (independent reads, one round trip side by
   * side): the waiting-list offer the session opened, whether the person has a ticket, and whether
   * `queueEmail` (when given) has a place in the queue.
   */
  async function readServed(
    sessionUid: string,
    personalNumber: string,
    queueEmail: string | null,
  ): Promise<Served> {
    const [offer, hasTicket, queued] = await Promise.all([
      offerOpenedBySession(sql, sessionUid),
      personHasTicket(sql, key(personalNumber)),
      queueEmail ? isInQueue(sql, queueEmail) : false,
    ]);
    return { offer, hasTicket, queued };
  }

  /**
   * A session that opened a waiting-list offer holds a ticket meant for one person: the one the
   * offer was e-mailed to. The e-mail given in the flow must be that one (the ticket is only ever
   * sent there); anyone else, a forwarded link, is refused kindly (offerNotYours). Then: a ticket
   * already, or a place in the queue (the queue's own offer aside: that is what the place was
   * for), is userExistsWithTicket.
   */
  function refuseUnlessFree({ offer, hasTicket, queued }: Served, email: string | null): void {
    if (offer && (!email || emailKey(email) !== offer.emailKey))
      throw new AppError('PERMISSION_DENIED', 'offerNotYours');
    const queuedForItself = queued && !!email && emailKey(email) === offer?.emailKey;
    if (hasTicket || (queued && !queuedForItself))
      throw new AppError('ALREADY_EXISTS', 'userExistsWithTicket');
  }

  function refuseIfUnderAge(personalNumber: string) {
    if (ageOn(personalNumber, today()) < MIN_AGE) throw new AppError('FAILED_PRECONDITION', 'underage');
  }

  /** SPEC.md §3 personal-info response, only for the person BankID authenticated in this session. */
  async function personalInfo(
    sessionUid: string,
    personalNumber: string,
    email: string,
  ): Promise<PersonalInfo> {
    const identity = await authenticatedAs(sessionUid, personalNumber);
    refuseIfUnderAge(personalNumber);
    // Once BankID's identity is known, the rest is read side by side.
    const [served, ticketData, member] = await Promise.all([
      readServed(sessionUid, personalNumber, email),
      deps.currentHold(sessionUid),
      findMember(sql, key(personalNumber)),
    ]);
    refuseUnlessFree(served, email);
    const remembered = rememberSessionEmail(
      sql,
      sessionUid,
      protector.seal(email, SEALED_AT.sessionEmail(sessionUid)),
    );
    if (member?.monthlyAmount && !ENDED_MANDATE_STATES.includes(member.mandateState!)) {
      await remembered;
      return {
        type: 'member',
        personId: member.personId,
        paymentType: 1,
        paymentData: {
          minimumRaise: MIN_RAISE,
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
      deps.populationRegister.lookup(personalNumber).catch(() => null),
      remembered,
    ]);
    return {
      type: 'nonMember',
      personId: member?.personId ?? null,
      paymentType: 0,
      paymentData: { minimumRaise: MIN_NEW_MEMBER_AMOUNT, months: PAYMENT_MONTHS, previousAmount: 0 },
      ticketData,
      member: null,
      personInfo: registered ?? {
        ...namesFromBankId(sessionUid, identity.namesSealed),
        coAddress: '',
        address: '',
        zipCode: '',
        city: '',
      },
    };
  }

  function namesFromBankId(sessionUid: string, namesSealed: string): { firstName: string; lastName: string } {
    const { givenName, surname } = JSON.parse(
      protector.unseal(namesSealed, SEALED_AT.sessionNames(sessionUid)),
    ) as { givenName: string; surname: string };
    return { firstName: givenName, lastName: surname };
  }

  /** SPEC.md §5: at least the minimum, then in steps of 10 from it (75, 85, 95 … for a raise). */
  function refuseAmount(amount: number, minimum: number) {
    if (!Number.isInteger(amount) || amount < minimum || (amount - minimum) % DONATION_STEP !== 0)
      throw new AppError('INVALID_ARGUMENT', 'invalidPaymentInfo');
  }

  /**
   * Checks a sign before the BankID order starts and binds what will be signed; the last check is
   * the session's live reservation, then kept for the order (the ticket as kept is answered with it).
   * Nobody is asked to sign for a ticket they could not get.
   */
  async function prepareSign(
    sessionUid: string,
    p: SignPayload,
  ): Promise<{ request: SignRequest; ticket: TicketData }> {
    const request = await signRequestFor(sessionUid, p);
    return { request, ticket: await deps.reserveForSign(sessionUid, p.ticketId) };
  }

  async function signRequestFor(sessionUid: string, p: SignPayload): Promise<SignRequest> {
    const identity = await authenticatedAs(sessionUid, p.personalNumber);
    refuseIfUnderAge(p.personalNumber);
    // Read side by side, judged in order.
    const [served, member] = await Promise.all([
      readServed(sessionUid, p.personalNumber, null),
      findMember(sql, key(p.personalNumber)),
    ]);
    const email =
      p.person?.email ??
      (identity.emailSealed && protector.unseal(identity.emailSealed, SEALED_AT.sessionEmail(sessionUid)));
    if (!email) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    refuseUnlessFree(served, email);
    const names = namesFromBankId(sessionUid, identity.namesSealed);
    const base = {
      signType: p.signType,
      ticketId: p.ticketId,
      lang: p.lang,
      email,
      signerName: `${names.firstName} ${names.lastName}`,
      firstDrawDate: firstDrawDate(swedishDate(today()), deps.autogiro.drawDay, PROMISED_LEAD_DAYS),
    };
    if (p.signType === 'raise') {
      if (!member?.monthlyAmount || !member.mandateId) throw new AppError('NOT_FOUND', 'noMembershipFound');
      refuseAmount(p.donationAmount, MIN_RAISE);
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
    refuseAmount(p.donationAmount, MIN_NEW_MEMBER_AMOUNT);
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

  /** Who signs: the new member, created (refused if the person exists), or the member who raises (refused without a mandate). */
  async function signerOf(
    tx: Queryable,
    transactionId: string,
    r: SignRequest,
    person: NonNullable<SignRequest['person']>,
    personalNumber: string,
  ): Promise<Signer | ApplyRefusal> {
    const personalNumberHash = key(personalNumber);
    if (r.signType === 'raise') {
      const member = await findMember(tx, personalNumberHash);
      return member?.mandateId
        ? { personId: member.personId, mandateId: member.mandateId, mandateState: member.mandateState }
        : 'noMembershipFound';
    }
    const created = await createMember(tx, {
      personalNumberHash,
      personalNumberSealed: protector.seal(personalNumber, SEALED_AT.personalNumber(personalNumberHash)),
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
  async function applySign(
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
      signerOf(tx, t.id, r, person, user.personalNumber),
      personHasTicket(tx, key(user.personalNumber)),
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
        deps.capacity,
        {
          personId,
          firstName: person.firstName,
          lastName: person.lastName,
          email: r.email,
        },
        doorCodes.mint(),
      ),
      r.signType === 'raise'
        ? changeMandateAmount(tx, mandateId, r.monthlyAmount, t.id).then(() =>
            recordSignature(tx, protector, { ...signature, mandateId, state: mandateState }),
          )
        : recordSignature(tx, protector, { ...signature, mandateId, state: mandateState }),
    ]);
    // No ticket, no sale: refusing undoes the membership change with it.
    if (!ticket) throw new SignRefused('ticketExpired');
    await Promise.all([
      acceptOfferOfSession(tx, t.sessionUid, today()),
      deps.onTicketConfirmed?.(tx, ticket.externalId),
      enqueueEmail(tx, {
        to: r.email,
        lang: r.lang,
        type: r.signType === 'new' ? 'registeredNew' : 'registeredMember',
        vars: {
          firstName: person.firstName,
          amount: formatAmount(r.monthlyAmount, r.lang),
          ticketId: ticket.externalId,
          scanUrl: ticketScanUrl(deps.publicUrl, ticket.externalId),
          // The mandate as signed: when, how much, to which bankgiro.
          drawDay: String(deps.autogiro.drawDay),
          firstDrawDate: dateText(r.lang, r.firstDrawDate),
          bankgiro: bankgiroText(deps.autogiro.bankgiro),
        },
        dedupeKey: `sign:${t.id}`,
      }),
    ]);
  }

  return { personalInfo, prepareSign, applySign };
}
export type MembershipService = ReturnType<typeof createMembershipService>;

export function formatAmount(amount: number, lang: 'sv' | 'en'): string {
  return lang === 'sv' ? `${amount} kr` : `SEK ${amount}`;
}
