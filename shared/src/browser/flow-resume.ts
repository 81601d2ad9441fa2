// The visitor's place in the sign-up (issue 29): the snapshot the page saves for the server and
// reads back on load, and the furthest step the state allows (where a link or a reload lands).
import type { FlowAnswer, FlowSnapshot, FlowStep, TicketData } from '../universal/api.js';
import { isReservation } from '../universal/flow.js';
import {
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  autogiroUserStateAtom,
  bankIdOrderAtom,
  memberCheckDraftAtom,
  newMemberAmountAtom,
  newMemberDetailsDoneAtom,
  queuedEmailAtom,
  queueOfferAtom,
  signCompletedAtom,
} from './flow-state.js';
import { accountInfoAtom, EMPTY_PERSON, personAtom, ticketDataAtom, type PersonState } from './state.js';
import { atom, type Getter, type Setter } from 'jotai';

/** Path segments of the steps a snapshot may name (FlowStep): a page elsewhere saves nothing. */
export const FLOW_STEP_SEGMENTS: readonly FlowStep[] = [
  'memberCheck',
  'becomeMember',
  'newDonationAmount',
  'autoAddBank',
  'addAutoGiro',
  'gotToken',
  'toQueue',
  'inQueue',
];

export function isFlowStep(segment: string): segment is FlowStep {
  return (FLOW_STEP_SEGMENTS as readonly string[]).includes(segment);
}

/** What the page saves of its state at `step`. */
export function flowSnapshot(get: Getter, step: FlowStep): FlowSnapshot {
  const person = get(personAtom);
  return {
    step,
    draft: get(memberCheckDraftAtom),
    person: { ...person },
    authenticatedUser: get(authenticatedUserAtom),
    paymentInfo: get(autogiroPaymentInfoAtom),
    userState: get(autogiroUserStateAtom),
    newMemberAmount: get(newMemberAmountAtom),
    detailsDone: get(newMemberDetailsDoneAtom),
    accountInfo: get(accountInfoAtom),
    bankIdOrder: get(bankIdOrderAtom),
    queuedEmail: get(queuedEmailAtom),
    queueOffer: get(queueOfferAtom),
  };
}

/** The server's answer back into the page's state: the reservation and the sign's outcome are the server's. */
export function restoreFlow(set: Setter, { flow, ticketData, signCompleted }: FlowAnswer): void {
  set(ticketDataAtom, ticketData);
  set(signCompletedAtom, signCompleted);
  if (!flow) return;
  set(memberCheckDraftAtom, flow.draft);
  set(personAtom, { ...EMPTY_PERSON, ...flow.person } satisfies PersonState);
  set(authenticatedUserAtom, flow.authenticatedUser);
  set(autogiroPaymentInfoAtom, flow.paymentInfo);
  set(autogiroUserStateAtom, flow.userState);
  set(newMemberAmountAtom, flow.newMemberAmount || 0);
  set(newMemberDetailsDoneAtom, flow.detailsDone);
  set(accountInfoAtom, flow.accountInfo);
  set(bankIdOrderAtom, flow.bankIdOrder);
  set(queuedEmailAtom, flow.queuedEmail);
  set(queueOfferAtom, flow.queueOffer);
}

/** The state a step's guard and the furthest step are judged on. */
export interface FlowFacts {
  ticket: TicketData | null;
  person: Pick<PersonState, 'isMember' | 'email' | 'personalNumber'>;
  identified: boolean;
  hasPaymentInfo: boolean;
  detailsDone: boolean;
  hasAccount: boolean;
  signCompleted: boolean;
  queuedEmail: string | null;
}

/**
 * The furthest step the session's state allows: where a step opened without what it needs (a
 * link, a new tab, a reload) sends the visitor, never to an error page. 'start' when nothing is
 * under way (the start page with its ticket button).
 */
export function furthestStep(f: FlowFacts): FlowStep | 'start' {
  if (f.signCompleted && f.person.email) return 'gotToken';
  if (f.queuedEmail) return 'inQueue';
  if (f.identified && isReservation(f.ticket)) {
    if (f.person.isMember) return f.hasPaymentInfo ? 'newDonationAmount' : 'memberCheck';
    if (!f.detailsDone) return 'becomeMember';
    return f.hasAccount ? 'addAutoGiro' : 'autoAddBank';
  }
  if (f.ticket) return 'memberCheck';
  return 'start';
}

export function flowFacts(get: Getter): FlowFacts {
  return {
    ticket: get(ticketDataAtom),
    person: get(personAtom),
    identified: get(authenticatedUserAtom) !== null,
    hasPaymentInfo: get(autogiroPaymentInfoAtom) !== null,
    detailsDone: get(newMemberDetailsDoneAtom),
    hasAccount: get(accountInfoAtom) !== null,
    signCompleted: get(signCompletedAtom),
    queuedEmail: get(queuedEmailAtom),
  };
}

/** The furthest step of the page's state, recomputed as it changes. */
export const furthestStepAtom = atom((get) => furthestStep(flowFacts(get)));

/** Everything the page saves, as one value: a change of any part is a change of this (what the shell saves on). */
export const flowStateAtom = atom((get) => flowSnapshot(get, 'memberCheck'));
