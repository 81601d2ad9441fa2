/**
 * The copy variables a concert gives every text (CONCERT_COPY_VARIABLES), in each language: made
 * here on the server from the current concert, so no page or e-mail holds a concert fact of its
 * own. Dates and times as Stockholm shows them, whatever the server's time zone.
 */
import type { ConcertCopyVariable } from '@concert/shared/api';
import { holdMinutesText, LANGS, type Lang } from '@concert/shared/universal';
import { STOCKHOLM } from '@concert/shared/stockholm-time';
import type { StoredFacts } from './records.js';

const LOCALE: Record<Lang, string> = { sv: 'sv-SE', en: 'en-GB' };
const dateFormats = (lang: Lang) => ({
  date: new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone: STOCKHOLM,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }),
  dayMonth: new Intl.DateTimeFormat(LOCALE[lang], { timeZone: STOCKHOLM, day: 'numeric', month: 'long' }),
  time: new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone: STOCKHOLM,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  year: new Intl.DateTimeFormat(LOCALE[lang], { timeZone: STOCKHOLM, year: 'numeric' }),
});
const FORMATS = { sv: dateFormats('sv'), en: dateFormats('en') };

/** 150 → `150 kr` / `SEK 150`, as every amount of the copy reads. */
export const kronor = (amount: number, lang: Lang): string =>
  lang === 'sv' ? `${amount} kr` : `SEK ${amount}`;

/** 19:00 in Stockholm → `19.00` (Swedish) or `19:00` (English). */
function clock(at: Date, lang: Lang): string {
  const text = FORMATS[lang].time.format(at);
  return lang === 'sv' ? text.replace(':', '.') : text.replace('.', ':');
}

export function concertCopyVariables(c: StoredFacts, lang: Lang): Record<ConcertCopyVariable, string> {
  const f = FORMATS[lang];
  return {
    concertDate: f.date.format(c.startsAt),
    swedishDate: FORMATS.sv.date.format(c.startsAt),
    englishDate: FORMATS.en.date.format(c.startsAt),
    concertTime: clock(c.startsAt, lang),
    doorsTime: clock(c.doorsAt, lang),
    endTime: clock(c.endsAt, lang),
    venue: c.venue,
    city: c.city,
    address: c.address,
    ticketEmailDate: f.dayMonth.format(c.ticketEmailAt),
    minAmount: kronor(c.minNewMemberAmount, lang),
    minRaise: kronor(c.minRaise, lang),
    donationStep: kronor(c.donationStep, lang),
    holdMinutes: holdMinutesText(c.holdMinutes, lang),
    concertYear: f.year.format(c.startsAt),
  };
}

/** Both languages' variables. */
export function concertCopyVariablesByLang(
  c: StoredFacts,
): Record<Lang, Record<ConcertCopyVariable, string>> {
  return Object.fromEntries(LANGS.map((lang) => [lang, concertCopyVariables(c, lang)])) as Record<
    Lang,
    Record<ConcertCopyVariable, string>
  >;
}
