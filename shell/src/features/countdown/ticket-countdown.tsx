import { ticketDataAtom, timeIsUpAtom } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import { lazy, useState } from 'react';
import { OptionalPart } from '../../components/error-boundary.js';

// The clock's code comes with the first held ticket (held-ticket.tsx): a first visit holds none.
const HoldClock = lazy(() => import('./held-ticket.js').then((m) => ({ default: m.HoldClock })));

/**
 * The header's countdown to the end of the ticket hold (SPEC.md §4) while an unconfirmed ticket
 * is held, and its polite live summary: always in the page, so the first summary is announced too.
 */
export function TicketCountdown() {
  const ticket = useAtomValue(ticketDataAtom);
  const timeIsUp = useAtomValue(timeIsUpAtom);
  const [summary, setSummary] = useState('');
  const held = !!ticket && !ticket.isConfirmed && ticket.validUntil > 0 && !timeIsUp;
  return (
    <>
      {held && (
        <OptionalPart>
          <HoldClock announce={setSummary} />
        </OptionalPart>
      )}
      <p className="visually-hidden" aria-live="polite">
        {held ? summary : ''}
      </p>
    </>
  );
}
