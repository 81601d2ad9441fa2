import { bankIdOrderAtom, langAtom, signCompletedAtom, store, ticketDataAtom } from '@concert/shared/browser';
import type { BankIdStart } from '@concert/shared/api';
import { isReservation, paths } from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from '@concert/shared/router';
import { BankIdControl, type BankIdLaunch } from './bankid-control.js';
import { useRefocus } from './use-refocus.js';

/**
 * Whether a sign screen is signing: `begin` opens the BankID control (or, without a held ticket,
 * goes to error/noTicketId), `cancel` closes it and focus returns to `signButton`.
 */
export function useSigning() {
  const lang = useAtomValue(langAtom);
  const ticket = useAtomValue(ticketDataAtom);
  const navigate = useNavigate();
  // A sign the visitor was waiting for when the page went away (the BankID app, a reload) resumes.
  const [signing, setSigning] = useState(() => store.get(bankIdOrderAtom)?.purpose === 'sign');
  const signButton = useRefocus<HTMLButtonElement>(signing);
  const begin = () => {
    // Nobody signs for a ticket that is not theirs (issue 27): the server refuses it too, before any order.
    if (!isReservation(ticket))
      return navigate(paths.visitor.error.getHref(lang, ticket ? 'noTicket' : 'noTicketId'));
    setSigning(true);
  };
  return { signing, begin, cancel: () => setSigning(false), signButton };
}

interface SignWithBankIdProps {
  /** Starts the sign order (startBankIDSign) for the held ticket. */
  start: (ticketId: string, launch: BankIdLaunch) => Promise<BankIdStart>;
  onCancel: () => void;
  /** Which screen signs, sent with each status check. */
  source: string;
  waitingText?: string;
}

/** Signs what the screen shows with BankID; once signed, on to gotToken (SPEC.md §2). */
export function SignWithBankId({ start, onCancel, source, waitingText }: SignWithBankIdProps) {
  const lang = useAtomValue(langAtom);
  const ticket = useAtomValue(ticketDataAtom);
  const setTicket = useSetAtom(ticketDataAtom);
  const setSignCompleted = useSetAtom(signCompletedAtom);
  const navigate = useNavigate();
  // The reservation is kept while BankID's order lives: its new end is the countdown's.
  const startSign = async (ticketId: string, launch: BankIdLaunch) => {
    const started = await start(ticketId, launch);
    if (started.ticketData) setTicket(started.ticketData);
    return started;
  };
  return (
    <BankIdControl
      purpose="sign"
      start={(launch) =>
        ticket ? startSign(ticket.ticketId, launch) : Promise.reject(new Error('noTicketId'))
      }
      onComplete={() => {
        setSignCompleted(true);
        navigate(paths.visitor.gotToken.getHref(lang));
      }}
      onCancel={onCancel}
      ticketId={ticket?.ticketId}
      source={source}
      waitingText={waitingText}
    />
  );
}
