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
import { stockholmText } from '@concert/shared/stockholm-time';
import type { StoredFacts } from './records.js';

/** 150 → `150 kr` / `SEK 150`, as every amount of the copy reads. */
export const kronor = (amount: number, lang: Lang): string =>
  lang === 'sv' ? `${amount} kr` : `SEK ${amount}`;

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
  const seller = { sellerName: c.sellerName, sellerFee: kronor(c.sellerFee, lang) };
  return {
    ...seller,
    adminFee: seller.sellerFee,
    admission: substituteCopy(admission[c.admission][lang], lang, seller),
    concertDate: stockholmText(c.startsAt, 'date', lang),
    swedishDate: stockholmText(c.startsAt, 'date', 'sv'),
    englishDate: stockholmText(c.startsAt, 'date', 'en'),
    concertTime: stockholmText(c.startsAt, 'clock', lang),
    doorsTime: stockholmText(c.doorsAt, 'clock', lang),
    endTime: stockholmText(c.endsAt, 'clock', lang),
    venue: c.venue,
    city: c.city,
    address: c.address,
    ticketEmailDate: stockholmText(c.ticketEmailAt, 'dayMonth', lang),
    minAmount: kronor(c.minNewMemberAmount, lang),
    minRaise: kronor(c.minRaise, lang),
    donationStep: kronor(c.donationStep, lang),
    holdMinutes: holdMinutesText(c.holdMinutes, lang),
    concertYear: stockholmText(c.startsAt, 'year', lang),
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
