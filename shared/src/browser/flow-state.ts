import { atom } from 'jotai';
import type { BankIdUser, PaymentData } from '../universal/api.js';

/**
 * Visitor-flow state that several screens share (SPEC.md §3 session payload: autogiroPaymentInfo,
 * autogiroUserState, newMember). Kept in atoms so a language switch keeps the visitor's data.
 */

/** What the visitor typed on memberCheck, as typed (normalised only when sent). */
export const memberCheckDraftAtom = atom({ personalNumber: '', email: '' });

/** The person BankID authenticated in this session; null until then. */
export const authenticatedUserAtom = atom<BankIdUser | null>(null);

/** Autogiro payment info from getPersonalInfo: minimum raise (or lowest new amount), months, previous amount. */
export const autogiroPaymentInfoAtom = atom<PaymentData | null>(null);

/** An existing member's chosen raise and the resulting monthly amount (previousAmount + raise). */
export const autogiroUserStateAtom = atom<{ raise: number; monthlyAmount: number } | null>(null);

/** A new member's chosen monthly amount (0: none chosen yet; the page shows the concert's minimum). */
export const newMemberAmountAtom = atom<number>(0);

/** True once a new member has filled in becomeMember (the step autoAddBank and addAutoGiro need). */
export const newMemberDetailsDoneAtom = atom(false);

/** True once BankID signing completed (the ticket is confirmed): what gotToken needs. */
export const signCompletedAtom = atom(false);

/** The e-mail the visitor joined the queue with: what inQueue needs. */
export const queuedEmailAtom = atom<string | null>(null);

/**
 * The held ticket came from a waiting-list offer: the visitor goes through the flow with it even
 * though the sale is in Queue (memberCheck does not send them to the queue they came from).
 */
export const queueOfferAtom = atom(false);

/** A BankID order the page waits for: kept with the flow so the app switch or a reload resumes its polling (issue 29). */
export interface PendingBankIdOrder {
  purpose: 'auth' | 'sign';
  transactionId: string;
  url: string;
  sameDevice: boolean;
  startedAt: number;
  /** This device: the visitor has tapped the link that opens the BankID app (absent: not yet). */
  launched?: boolean;
}
export const bankIdOrderAtom = atom<PendingBankIdOrder | null>(null);

/**
 * Whether the session's saved place (getFlow) has been read back on this load: until then a step
 * that needs the flow's state waits rather than sending the visitor elsewhere. True where no
 * session was there to ask (a first visit, the component tests).
 */
export const flowRestoredAtom = atom(true);
