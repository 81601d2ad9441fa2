import { stockholmInstant, stockholmText } from '@concert/shared/stockholm-time';
import type { Lang } from '@concert/shared/universal';

// How the concert's wall-clock times read to visitors: the server's copy variables' own
// formatting (stockholmText), so the office's preview and dashboard show what the site will show.

/** A wall-clock time's date, `15 september 2026` / `15 September 2026`; null when it names no instant. */
export function concertDateText(wall: string, lang: Lang): string | null {
  const at = stockholmInstant(wall);
  return at && stockholmText(at, 'date', lang);
}

/** Day and month only, `10 september` / `10 September` (the ticket e-mail's date in the texts). */
export function dayMonthText(wall: string, lang: Lang): string | null {
  const at = stockholmInstant(wall);
  return at && stockholmText(at, 'dayMonth', lang);
}

/** The clock, `19.00` in Swedish and `19:00` in English. */
export function clockText(wall: string, lang: Lang): string | null {
  const at = stockholmInstant(wall);
  return at && stockholmText(at, 'clock', lang);
}

/** Whole days and hours from `now` until a wall-clock time; null once it has passed (or names no instant). */
export function timeUntil(wall: string, now: number): { days: number; hours: number } | null {
  const at = stockholmInstant(wall);
  if (!at || at.getTime() <= now) return null;
  const hoursLeft = Math.floor((at.getTime() - now) / 3_600_000);
  return { days: Math.floor(hoursLeft / 24), hours: hoursLeft % 24 };
}
