import { ticketDataAtom, timeIsUpAtom } from '@concert/shared/browser';
import { isReservation } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { lazy, useState } from 'react';
import { OptionalPart } from '../../components/error-boundary.js';
import { CountdownPlace } from './countdown-place.js';

// The clock's code comes with the first held ticket (held-ticket.tsx): a first visit holds none.
const HoldClock = lazy(() => import('./held-ticket.js').then((m) => ({ default: m.HoldClock })));

/**
 * The header's countdown to the end of the ticket's reservation (SPEC.md §4) while a ticket is
 * reserved and not yet confirmed, and its polite live summary: always in the page, so the first
 * summary is announced too. A place taken as a page opens (the queue page while tickets are on
 * sale) is not a reservation, so no clock comes with it: BankID's identification reserves the
 * ticket and starts the clock.
 */
export function TicketCountdown() {
  const ticket = useAtomValue(ticketDataAtom);
  const timeIsUp = useAtomValue(timeIsUpAtom);
  const [summary, setSummary] = useState('');
  // Only a reservation is counted down: a place that waits for BankID has no ticket to run out (issue 27).
  const held = isReservation(ticket) && !timeIsUp;
  return (
    <>
      {held && (
        <OptionalPart loading={<CountdownPlace />}>
          <HoldClock announce={setSummary} />
        </OptionalPart>
      )}
      <p className="visually-hidden" aria-live="polite">
        {held ? summary : ''}
      </p>
    </>
  );
}
