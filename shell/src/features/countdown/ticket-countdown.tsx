import { ticketDataAtom, timeIsUpAtom, useCopy } from '@concert/shared/browser';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';

/** What the polite live summary says; it changes at most once a minute (a screen reader is not told every second). */
type Milestone = 'start' | 10 | 5 | 2 | 'almostUp';

function milestoneOf(seconds: number): Milestone {
  if (seconds <= 60) return 'almostUp';
  if (seconds <= 2 * 60) return 2;
  if (seconds <= 5 * 60) return 5;
  if (seconds <= 10 * 60) return 10;
  return 'start';
}

interface Tick {
  validUntil: number;
  seconds: number;
  /** The milestone reached and the whole minutes left when it was reached. */
  milestone: Milestone;
  minutes: number;
}

/**
 * Seconds left of the hold, recomputed from the clock at each whole second (so a sleeping tab is
 * right when it wakes up); calls `onExpire` at 0.
 */
function useHoldTick(validUntil: number | null, onExpire: () => void): Tick | null {
  const [tick, setTick] = useState<Tick | null>(null);
  useEffect(() => {
    if (validUntil === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const ms = validUntil - Date.now();
      if (ms <= 0) return onExpire();
      const seconds = Math.ceil(ms / 1000);
      const milestone = milestoneOf(seconds);
      setTick((t) =>
        t?.validUntil === validUntil && t.milestone === milestone
          ? { ...t, seconds }
          : { validUntil, seconds, milestone, minutes: Math.ceil(seconds / 60) },
      );
      timer = setTimeout(update, ms % 1000 || 1000);
    };
    update();
    return () => clearTimeout(timer);
  }, [validUntil, onExpire]);
  return tick?.validUntil === validUntil ? tick : null;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The header's mm:ss to the end of the ticket hold (SPEC.md §4), shown while an unconfirmed
 * ticket is held. At 0 the ticket is cleared and time is up, which shows the overlay.
 */
export function TicketCountdown() {
  const t = useCopy();
  const ticket = useAtomValue(ticketDataAtom);
  const timeIsUp = useAtomValue(timeIsUpAtom);
  const setTicket = useSetAtom(ticketDataAtom);
  const setTimeIsUp = useSetAtom(timeIsUpAtom);
  const held = ticket && !ticket.isConfirmed && ticket.validUntil > 0 && !timeIsUp ? ticket.validUntil : null;
  const expire = useCallback(() => {
    setTicket(null);
    setTimeIsUp(true);
  }, [setTicket, setTimeIsUp]);
  const tick = useHoldTick(held, expire);

  const summary = !tick ? '' : tick.milestone === 'almostUp' ? t('countdown.almostUp') : t('countdown.minutesLeft', { minutes: tick.minutes });
  return (
    <>
      {tick && (
        <p className="countdown" role="timer">
          {t('shell.header.countdown', { minutes: twoDigits(Math.floor(tick.seconds / 60)), seconds: twoDigits(tick.seconds % 60) })}
        </p>
      )}
      {/* Always in the page, so the first summary is announced too. */}
      <p className="visually-hidden" aria-live="polite">
        {summary}
      </p>
    </>
  );
}
