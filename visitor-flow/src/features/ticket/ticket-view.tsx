import { langAtom, useCopy } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import type { Answers } from '@concert/shared/api';
import type { ReactNode } from 'react';
import { ConcertFacts } from '../../components/concert-facts.js';
import { CopyText, Page } from '../../components/page.js';

export type Ticket = Answers['getTicket'];

/**
 * What the ticket page shows of a ticket: whose it is, its QR code large (`qr`) with the code
 * beneath, when and where, and what happens at the door; `children` after that. The server paints
 * it too, before any script runs (app/first-paint.tsx: the holder and the code are filled in there).
 */
export function TicketView({
  ticket,
  qr,
  children,
}: {
  ticket: Pick<Ticket, 'firstName' | 'lastName' | 'code' | 'copyVariables'>;
  qr: ReactNode;
  children?: ReactNode;
}) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  // The ticket's own concert (it may be an archived one): its date, time and place, not the current concert's.
  const vars = ticket.copyVariables[lang];
  return (
    <Page title={t('ticket.title')} className="ticket">
      <p className="ticket-holder">
        {t('ticket.holder', { ...vars, firstName: ticket.firstName, lastName: ticket.lastName })}
      </p>
      <div className="qr ticket-qr">
        {qr}
        <p className="ticket-code">{ticket.code}</p>
      </div>
      <div className="facts">
        <ConcertFacts vars={vars} />
      </div>
      <CopyText text={t('ticket.door', vars)} />
      {children}
    </Page>
  );
}
