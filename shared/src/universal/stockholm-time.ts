/**
 * Stockholm wall-clock times (what the office thinks in: `YYYY-MM-DDTHH:MM`) and the instants
 * they are, whatever the server's own time zone. Intl carries the zone's rules, so no library is
 * needed for the one zone the product lives in; the two daylight-saving days are the hard part:
 * in spring 02:00–02:59 does not exist, in autumn 02:00–02:59 happens twice. Both are refused
 * (null): an office that types such a time must choose another.
 */
export const STOCKHOLM = 'Europe/Stockholm';

/** `YYYY-MM-DDTHH:MM`: a wall-clock time in Stockholm. */
export const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: STOCKHOLM,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The Stockholm wall clock at an instant, `YYYY-MM-DDTHH:MM`. */
export function stockholmWallClock(at: Date | number): string {
  const parts = wallFormat.formatToParts(at);
  const p = (type: string) => parts.find((x) => x.type === type)!.value;
  return `${p('year')}-${p('month')}-${p('day')}T${p('hour')}:${p('minute')}`;
}

/**
 * The one instant a Stockholm wall-clock time names; null when it names none (not a real date,
 * or the hour skipped in spring) or two (the hour repeated in autumn).
 */
export function stockholmInstant(wall: string): Date | null {
  const m = WALL_CLOCK.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(asUtc).toISOString().slice(0, 16) !== wall) return null; // e.g. 31 February, 24:00
  // Stockholm is UTC+1 or UTC+2: the wall time is one of these two instants, both or neither.
  const matches = [1, 2]
    .map((hours) => asUtc - hours * 3_600_000)
    .filter((instant) => stockholmWallClock(instant) === wall);
  return matches.length === 1 ? new Date(matches[0]!) : null;
}

/** The Stockholm date of an instant, `YYYY-MM-DD`. */
export const stockholmDate = (at: Date | number): string => stockholmWallClock(at).slice(0, 10);

/** A Stockholm date `days` whole calendar days later (or earlier), `YYYY-MM-DD`. */
export function addCalendarDays(dateIso: string, days: number): string {
  const t = Date.parse(`${dateIso}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole calendar days from one Stockholm date to another. */
export function calendarDaysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

/** How a Stockholm time reads to visitors: the one definition the copy variables and the office's preview share. */
type VisitorFormat = 'date' | 'dayMonth' | 'clock' | 'year';
const VISITOR_OPTIONS: Record<VisitorFormat, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'long' },
  clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  year: { year: 'numeric' },
};
const VISITOR_LOCALE = { sv: 'sv-SE', en: 'en-GB' } as const;
// Made on first use: a page that never formats a date pays nothing for them.
const visitorFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as visitors read it in Stockholm: `date` `15 september 2026` / `15 September 2026`,
 * `dayMonth` `10 september`, `clock` `19.00` in Swedish and `19:00` in English, `year` `2026`.
 */
export function stockholmText(at: Date | number, format: VisitorFormat, lang: 'sv' | 'en'): string {
  const key = `${format}.${lang}`;
  let f = visitorFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(VISITOR_LOCALE[lang], { timeZone: STOCKHOLM, ...VISITOR_OPTIONS[format] });
    visitorFormats.set(key, f);
  }
  const text = f.format(at);
  if (format !== 'clock') return text;
  return lang === 'sv' ? text.replace(':', '.') : text.replace('.', ':');
}
