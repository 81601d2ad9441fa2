import { atom, createStore } from 'jotai';
import type { ConcertStatus, ConcertStatusAnswer, TicketData } from '../universal/api.js';
import { DEFAULT_LANG, type Lang } from '@concert/shared/universal';

/**
 * Global state of SPEC.md §3, shared by the shell and every remote (jotai is a singleton in
 * Module Federation, and so is this module, so they all read one store).
 */
export const store = createStore();

export interface PersonState {
  firstName: string;
  lastName: string;
  personalNumber: string;
  email: string;
  phone: string;
  address: string;
  zipCode: string;
  city: string;
  isMember: boolean;
  personId: string | null;
  paymentType: 0 | 1;
}
export const EMPTY_PERSON: PersonState = {
  firstName: '',
  lastName: '',
  personalNumber: '',
  email: '',
  phone: '',
  address: '',
  zipCode: '',
  city: '',
  isMember: false,
  personId: null,
  paymentType: 0,
};

export interface AccountInfoState {
  bank: string;
  clearingNumber: string;
  accountNumber: string;
}

export type TestBankIdMode = 'Live' | 'Success' | 'Fail';
export type TestMemberMode = 'Live' | 'Member' | 'NonMember';

export const langAtom = atom<Lang>(DEFAULT_LANG);
export const personAtom = atom<PersonState>(EMPTY_PERSON);
export const accountInfoAtom = atom<AccountInfoState | null>(null);
export const ticketDataAtom = atom<TicketData | null>(null);
export const concertStatusAtom = atom<ConcertStatus | null>(null);
export const memberQueueAtom = atom(false);
/**
 * From the last status answer (asked, or inlined with the page): tickets nobody has confirmed or
 * reserved, HOLD_MINUTES, and when the answer arrived (`Date.now()`: how old the count is).
 */
export interface SaleFigures {
  ticketsLeft: number;
  holdMinutes: number;
  receivedAt: number;
}
export const saleFiguresAtom = atom<SaleFigures | null>(null);
/** HOLD_MINUTES as the server runs it (null until a status answer told it): the texts that name it follow it. */
export const holdMinutesAtom = atom((get) => get(saleFiguresAtom)?.holdMinutes ?? null);
/** The current concert's public facts (amounts, times as instants), from the status answer. */
export const concertFactsAtom = atom<ConcertStatusAnswer['concert'] | null>(null);
/** The concert's copy variables per language, derived by the server from the concert the office set. */
export const concertCopyVariablesAtom = atom<ConcertStatusAnswer['copyVariables'] | null>(null);
/**
 * Everything a status answer (GET /api/getConcertStatus, or inlined with the page) tells the pages,
 * set at once. `receivedAt`: when it arrived (by default now; for one inlined with the page, the
 * page's own start, so its age is never understated).
 */
export const concertStatusAnswerAtom = atom(
  null,
  (_get, set, answer: ConcertStatusAnswer | null, receivedAt: number = Date.now()) => {
    if (!answer) return; // (the component tests' reset sets every atom to its first value, null here)
    set(concertStatusAtom, answer.concertStatus);
    if (answer.concert) set(concertFactsAtom, answer.concert);
    if (answer.copyVariables) set(concertCopyVariablesAtom, answer.copyVariables);
    set(memberQueueAtom, answer.memberQueue);
    if (typeof answer.ticketsLeft === 'number')
      set(saleFiguresAtom, {
        ticketsLeft: answer.ticketsLeft,
        holdMinutes: answer.holdMinutes,
        receivedAt,
      });
  },
);
export const timeIsUpAtom = atom(false);
export const isSlowRequestAtom = atom(false);
export const testStateAtom = atom<{ bankId: TestBankIdMode; memberStatus: TestMemberMode }>({
  bankId: 'Live',
  memberStatus: 'Live',
});
/** Copy texts of the current language, raw with {{variables}}; null while loading. */
export const copyAtom = atom<Record<string, string> | null>(null);
