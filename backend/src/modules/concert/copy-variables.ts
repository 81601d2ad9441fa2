/**
 * The copy variables a concert gives every text (CONCERT_COPY_VARIABLES), in each language: made
 * here on the server from the current concert, so no page or e-mail holds a concert fact of its
 * own. Dates and times as Stockholm shows them, whatever the server's time zone.
 */
import type { ConcertCopyVariable } from '@concert/shared/api';
import {
  ADMISSION_COPY_KEYS,
  holdMinutesText,
  LANGS,
  substituteCopy,
  type Lang,
} from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
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

/** The editors' two wordings of how you get in (ADMISSION_COPY_KEYS), per language. */
export type AdmissionTexts = Record<keyof typeof ADMISSION_COPY_KEYS, Record<Lang, string>>;

/** Reads the two wordings from the copy table (a missing one reads as empty). */
export async function admissionTexts(sql: Queryable): Promise<AdmissionTexts> {
  const rows = await sql<{ key: string; sv: string; en: string }[]>`
    SELECT key, sv, en FROM copy WHERE key IN (${ADMISSION_COPY_KEYS.door}, ${ADMISSION_COPY_KEYS.seller})`;
  const of = (key: string) => rows.find((r) => r.key === key) ?? { sv: '', en: '' };
  const door = of(ADMISSION_COPY_KEYS.door);
  const seller = of(ADMISSION_COPY_KEYS.seller);
  return { door: { sv: door.sv, en: door.en }, seller: { sv: seller.sv, en: seller.en } };
}

export function concertCopyVariables(
  c: StoredFacts,
  lang: Lang,
  admission: AdmissionTexts,
): Record<ConcertCopyVariable, string> {
  const f = FORMATS[lang];
  const seller = { sellerName: c.sellerName, sellerFee: kronor(c.sellerFee, lang) };
  return {
    ...seller,
    adminFee: seller.sellerFee,
    admission: substituteCopy(admission[c.admission][lang], lang, seller),
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
  admission: AdmissionTexts,
): Record<Lang, Record<ConcertCopyVariable, string>> {
  return Object.fromEntries(LANGS.map((lang) => [lang, concertCopyVariables(c, lang, admission)])) as Record<
    Lang,
    Record<ConcertCopyVariable, string>
  >;
}
