/**
 * What every step of the sign-up stands on: who BankID authenticated, and the refusals each step
 * repeats (a ticket or queue place already, another person's offer, under age, an amount off the steps).
 */
import { MIN_AGE } from '@concert/shared/universal';
import { ageOn } from '@concert/shared/validation';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import type { AutogiroConfig } from '../../config.js';
import { sessionIdentity } from '../bankid/queries.js';
import { emailKey, isInQueue } from '../queue/queries/entries.js';
import { offerOpenedBySession } from '../queue/queries/offers.js';
import { personHasTicket } from '../tickets/queries/confirmation.js';
import type { TicketScope } from '../tickets/queries/availability.js';
import type { TicketData } from '@concert/shared/api';
import { createDoorCodes, type DoorCodes } from '../tickets/door-codes.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';

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

/** What the sign-up is built from (membership/service.ts passes it on). */
export interface SignUpDeps {
  sql: Sql;
  /** The current concert's ticket rows (a getter: the office may change the capacity or publish another). */
  scope: TicketScope;
  /** The current concert's amounts (getters: the office's change applies to the next sign). */
  amounts: DonationTerms;
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
}

/** The sign-up's dependencies and what every step derives from them. */
export interface SignUp extends SignUpDeps {
  /** A personal number's lookup hash (what the person and ticket tables are keyed by). */
  key: (personalNumber: string) => string;
  doorCodes: DoorCodes;
  today: () => Date;
}

export function signUpOf(deps: SignUpDeps): SignUp {
  return {
    ...deps,
    // The concert's ticket rows, read per sign (the spread above would freeze the getter).
    get scope() {
      return deps.scope;
    },
    key: (personalNumber) => deps.protector.lookupHash(personalNumber),
    doorCodes: createDoorCodes(deps.protector),
    today: () => deps.now?.() ?? new Date(),
  };
}

/** What the checks before a sign read (readServed). */
interface Served {
  offer: { emailKey: string } | undefined;
  hasTicket: boolean;
  queued: boolean;
}

/** The personal number BankID authenticated for this session, or 403 invalidState for any other. */
export async function authenticatedAs(s: SignUp, sessionUid: string, personalNumber: string) {
  const identity = await sessionIdentity(s.sql, sessionUid);
  if (!identity || identity.personalNumberHash !== s.key(personalNumber))
    throw new AppError('PERMISSION_DENIED', 'invalidState');
  return identity;
}

/**
 * What the checks before a sign read, asked together (independent reads, one round trip side by
 * side): the waiting-list offer the session opened, whether the person has a ticket, and whether
 * `queueEmail` (when given) has a place in the queue.
 */
export async function readServed(
  s: SignUp,
  sessionUid: string,
  personalNumber: string,
  queueEmail: string | null,
): Promise<Served> {
  const [offer, hasTicket, queued] = await Promise.all([
    offerOpenedBySession(s.sql, sessionUid),
    personHasTicket(s.sql, s.key(personalNumber), s.scope.concertId),
    queueEmail ? isInQueue(s.sql, queueEmail, s.scope.concertId) : false,
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
export function refuseUnlessFree({ offer, hasTicket, queued }: Served, email: string | null): void {
  if (offer && (!email || emailKey(email) !== offer.emailKey))
    throw new AppError('PERMISSION_DENIED', 'offerNotYours');
  const queuedForItself = queued && !!email && emailKey(email) === offer?.emailKey;
  if (hasTicket || (queued && !queuedForItself)) throw new AppError('ALREADY_EXISTS', 'userExistsWithTicket');
}

export function refuseIfUnderAge(s: SignUp, personalNumber: string) {
  if (ageOn(personalNumber, s.today()) < MIN_AGE) throw new AppError('FAILED_PRECONDITION', 'underage');
}

/** The concert's minimum amounts and the step between amounts (kronor). */
export interface DonationTerms {
  readonly minNewMemberAmount: number;
  readonly minRaise: number;
  readonly donationStep: number;
}

/**
 * SPEC.md §5: at least the minimum, then in the concert's steps from it (75, 85, 95 … for a
 * raise): the concert's terms now, or those the visitor was shown when the sign-up began (an
 * office's change meanwhile never refuses what the page invited them to sign).
 */
export function refuseAmount(
  amount: number,
  current: { minimum: number; step: number },
  shown?: { minimum: number; step: number },
) {
  const fits = (t: { minimum: number; step: number }) =>
    Number.isInteger(amount) && amount >= t.minimum && (amount - t.minimum) % t.step === 0;
  if (!fits(current) && !(shown && fits(shown))) throw new AppError('INVALID_ARGUMENT', 'invalidPaymentInfo');
}

export function namesFromBankId(
  s: SignUp,
  sessionUid: string,
  namesSealed: string,
): { firstName: string; lastName: string } {
  const { givenName, surname } = JSON.parse(
    s.protector.unseal(namesSealed, SEALED_AT.sessionNames(sessionUid)),
  ) as { givenName: string; surname: string };
  return { firstName: givenName, lastName: surname };
}
