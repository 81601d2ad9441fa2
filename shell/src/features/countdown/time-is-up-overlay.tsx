import { timeIsUpAtom } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { OptionalPart } from '../../components/error-boundary.js';

// Loaded with the countdown, while a ticket is held (held-ticket.tsx): there by the time it is up.
const TimeIsUpDialog = lazy(() => import('./held-ticket.js').then((m) => ({ default: m.TimeIsUpDialog })));

/** "Tiden tog visst slut" (SPEC.md §2): a modal dialog once the ticket hold has run out. */
export function TimeIsUpOverlay() {
  const timeIsUp = useAtomValue(timeIsUpAtom);
  if (!timeIsUp) return null;
  return (
    <OptionalPart>
      <TimeIsUpDialog />
    </OptionalPart>
  );
}
