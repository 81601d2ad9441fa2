import { concertStatusAtom, langAtom, memberQueueAtom, personAtom, ticketDataAtom, timeIsUpAtom } from '@concert/shared/browser';
import { useLocation } from '@concert/shared/router';
import { isReservation, paths, queuePageMovesOn } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { lazy, useState } from 'react';
import { OptionalPart } from '../../components/error-boundary.js';
import { CountdownPlace } from './countdown-place.js';

// The clock's code comes with the first held ticket (held-ticket.tsx): a first visit holds none.
const HoldClock = lazy(() => import('./held-ticket.js').then((m) => ({ default: m.HoldClock })));

/**
 * The header's countdown to the end of the ticket's reservation (SPEC.md §4) while a ticket is
 * reserved and not yet confirmed, and its polite live summary: always in the page, so the first summary is announced too.
 * Where a hold is taken as the page opens (the queue page while tickets are on sale) its place is
 * kept from the first paint on (the server paints it too: app/first-paint.tsx).
 */
export function TicketCountdown() {
  const ticket = useAtomValue(ticketDataAtom);
  const timeIsUp = useAtomValue(timeIsUpAtom);
  const coming = useHoldComing() && !ticket && !timeIsUp;
  const [summary, setSummary] = useState('');
  // Only a reservation is counted down: a place that waits for BankID has no ticket to run out (issue 27).
  const held = isReservation(ticket) && !timeIsUp;
  return (
    <>
      {held ? (
        <OptionalPart loading={<CountdownPlace />}>
          <HoldClock announce={setSummary} />
        </OptionalPart>
      ) : (
        coming && <CountdownPlace />
      )}
      <p className="visually-hidden" aria-live="polite">
        {held ? summary : ''}
      </p>
    </>
  );
}

/** Whether the page takes a ticket hold as it opens, without a tap: the queue page moving on to memberCheck. */
function useHoldComing(): boolean {
  const { pathname } = useLocation();
  const lang = useAtomValue(langAtom);
  const status = useAtomValue(concertStatusAtom);
  const memberQueue = useAtomValue(memberQueueAtom);
  const person = useAtomValue(personAtom);
  return pathname === paths.visitor.toQueue.getHref(lang) && queuePageMovesOn(status, { memberQueue, isMember: person.isMember });
}
