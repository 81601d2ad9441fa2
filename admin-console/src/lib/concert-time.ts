import { STOCKHOLM, stockholmInstant } from '@concert/shared/stockholm-time';
import type { Lang } from '@concert/shared/universal';

/**
 * How the concert's wall-clock times read to visitors, made the way the server makes the copy
 * variables (`concertDate`, `concertTime`, `ticketEmailDate`…: Intl in Europe/Stockholm), so the
 * office's preview and dashboard show what the site will show.
 */
const LOCALE: Record<Lang, string> = { sv: 'sv-SE', en: 'en-GB' };
const formats = (lang: Lang) => ({
  date: new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone: STOCKHOLM,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }),
  dayMonth: new Intl.DateTimeFormat(LOCALE[lang], { timeZone: STOCKHOLM, day: 'numeric', month: 'long' }),
  clock: new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone: STOCKHOLM,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
});
const FORMATS = { sv: formats('sv'), en: formats('en') };

/** A wall-clock time's date, `15 september 2026` / `15 September 2026`; null when it names no instant. */
export function concertDateText(wall: string, lang: Lang): string | null {
  const at = stockholmInstant(wall);
  return at && FORMATS[lang].date.format(at);
}

/** Day and month only, `10 september` / `10 September` (the ticket e-mail's date in the texts). */
export function dayMonthText(wall: string, lang: Lang): string | null {
  const at = stockholmInstant(wall);
  return at && FORMATS[lang].dayMonth.format(at);
}

/** The clock, `19.00` in Swedish and `19:00` in English. */
export function clockText(wall: string, lang: Lang): string | null {
  const at = stockholmInstant(wall);
  if (!at) return null;
  const text = FORMATS[lang].clock.format(at);
  return lang === 'sv' ? text.replace(':', '.') : text.replace('.', ':');
}

/** Whole days and hours from `now` until a wall-clock time; null once it has passed (or names no instant). */
export function timeUntil(wall: string, now: number): { days: number; hours: number } | null {
  const at = stockholmInstant(wall);
  if (!at || at.getTime() <= now) return null;
  const hoursLeft = Math.floor((at.getTime() - now) / 3_600_000);
  return { days: Math.floor(hoursLeft / 24), hours: hoursLeft % 24 };
}
