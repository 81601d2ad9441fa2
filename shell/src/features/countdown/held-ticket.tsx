// What a held ticket brings: the countdown and, at its end, the time-is-up dialog. Loaded once a
// ticket is held (ticket-countdown.tsx, time-is-up-overlay.tsx): a first visit carries neither.
import { api, langAtom, ticketDataAtom, timeIsUpAtom, useCopy } from '@concert/shared/browser';
import {
  HOLD_EXTENSION_MINUTES,
  HOLD_EXTENSION_OFFER_SECONDS,
  HOLD_EXTENSIONS_MAX,
  isReservation,
  paths,
} from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CountdownPlace } from './countdown-place.js';

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
 * More time for BankID (WCAG 2.2.1): asked for near the hold's end, at most HOLD_EXTENSIONS_MAX
 * times per hold (the server enforces both). The new end replaces the held ticket's.
 */
function useMoreTime(ticketId: string | null) {
  const setTicket = useSetAtom(ticketDataAtom);
  const [state, setState] = useState({ ticketId, left: HOLD_EXTENSIONS_MAX, asking: false, given: false });
  const current =
    state.ticketId === ticketId
      ? state
      : { ticketId, left: HOLD_EXTENSIONS_MAX, asking: false, given: false };
  async function ask() {
    setState({ ...current, asking: true, given: false });
    try {
      const extended = await api.call('extendHold', {});
      setTicket((t) =>
        t && t.ticketId === extended.ticketId ? { ...t, validUntil: extended.validUntil } : t,
      );
      setState({ ticketId, left: extended.extensionsLeft, asking: false, given: true });
    } catch {
      // Not (or no longer) possible: the offer goes away, the countdown runs on.
      setState({ ticketId, left: 0, asking: false, given: false });
    }
  }
  return { ...current, ask };
}

/**
 * The header's mm:ss to the end of the ticket hold (SPEC.md §4), shown while an unconfirmed
 * ticket is held. At 0 the ticket is cleared and time is up, which shows the overlay. What the
 * polite summary says goes to `announce` (the live region stays in the page, ticket-countdown.tsx).
 */
export function HoldClock({ announce }: { announce: (summary: string) => void }) {
  const t = useCopy();
  const ticket = useAtomValue(ticketDataAtom);
  const timeIsUp = useAtomValue(timeIsUpAtom);
  const setTicket = useSetAtom(ticketDataAtom);
  const setTimeIsUp = useSetAtom(timeIsUpAtom);
  const held = isReservation(ticket) && !timeIsUp ? ticket.validUntil : null;
  const expire = useCallback(() => {
    setTicket(null);
    setTimeIsUp(true);
  }, [setTicket, setTimeIsUp]);
  const tick = useHoldTick(held, expire);

  const moreTime = useMoreTime(ticket?.ticketId ?? null);
  const offerMoreTime = !!tick && tick.seconds <= HOLD_EXTENSION_OFFER_SECONDS && moreTime.left > 0;
  // The confirmation is what is said for the first minute after more time was given.
  const summary =
    moreTime.given && !!tick && tick.seconds > (HOLD_EXTENSION_MINUTES - 1) * 60
      ? t('countdown.moreTime.given')
      : !tick
        ? ''
        : tick.milestone === 'almostUp'
          ? t(offerMoreTime ? 'countdown.moreTime.offer' : 'countdown.almostUp')
          : t('countdown.minutesLeft', { minutes: tick.minutes });
  useEffect(() => announce(summary), [announce, summary]);
  useEffect(() => () => announce(''), [announce]);
  return (
    <>
      {tick ? (
        <p className="countdown" role="timer">
          {t('shell.header.countdown', {
            minutes: twoDigits(Math.floor(tick.seconds / 60)),
            seconds: twoDigits(tick.seconds % 60),
          })}
        </p>
      ) : (
        <CountdownPlace />
      )}
      {offerMoreTime && (
        <button
          type="button"
          className="button more-time"
          onClick={() => void moreTime.ask()}
          disabled={moreTime.asking}
        >
          {t('countdown.moreTime.button')}
        </button>
      )}
    </>
  );
}

/** "Tiden tog visst slut" (SPEC.md §2): a modal dialog once the ticket hold has run out. */
export function TimeIsUpDialog() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const restart = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Everything behind the dialog is out of reach (focus, clicks, screen readers) until the restart.
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    restart.current?.focus();
    return () => page?.removeAttribute('inert');
  }, []);
  return createPortal(
    <div className="overlay-backdrop">
      <div
        className="overlay"
        role="dialog"
        aria-modal="true"
        aria-labelledby="time-is-up-title"
        aria-describedby="time-is-up-body"
      >
        <h2 id="time-is-up-title">{t('shell.timeIsUp.title')}</h2>
        <p id="time-is-up-body">{t('shell.timeIsUp.body')}</p>
        {/* A real page load of the start page, so every piece of state starts over. */}
        <a ref={restart} className="button" href={paths.visitor.start.getHref(lang)}>
          {t('shell.timeIsUp.restart')}
        </a>
      </div>
    </div>,
    document.body,
  );
}
