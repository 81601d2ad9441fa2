/**
 * Publishing a concert is refused while a published text still names another concert's date or
 * year (issue 38 §5): a text with the date typed out instead of `{{concertDate}}` would
 * tell next year's visitors last year's date. The office gets the list to hand to the editors.
 */
import { LANGS } from '@concert/shared/universal';
import type { StaleConcertText } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';
import { concertCopyVariables, type AdmissionTexts } from './copy-variables.js';
import { listConcertRecords, type StoredConcert } from './records.js';

/** No admission wording is needed to read dates. */
const NO_ADMISSION: AdmissionTexts = { door: { sv: '', en: '' }, seller: { sv: '', en: '' } };

/** What names a concert in a text: its date as either language writes it, and its year on its own. */
function namesOf(concert: StoredConcert): { dates: string[]; year: string } {
  const dates = LANGS.flatMap((lang) => {
    const v = concertCopyVariables(concert, lang, NO_ADMISSION);
    return [v.concertDate, v.swedishDate, v.englishDate];
  });
  return { dates: [...new Set(dates)], year: concertCopyVariables(concert, 'sv', NO_ADMISSION).concertYear };
}

/** The published texts that name another concert's date or year than `concert`'s, each once per key and language. */
export async function staleConcertTexts(sql: Queryable, concert: StoredConcert): Promise<StaleConcertText[]> {
  const [concerts, texts] = await Promise.all([
    listConcertRecords(sql),
    sql<{ key: string; sv: string; en: string }[]>`SELECT key, sv, en FROM copy ORDER BY key`,
  ]);
  // The concerts visitors have been told of: the current one and those before it.
  const others = concerts.filter(
    (c) => c.id !== concert.id && (c.status === 'published' || c.status === 'archived'),
  );
  const ownYear = namesOf(concert).year;
  // Compared without case; told as the date is written.
  const needles = new Map<string, string>();
  const years = new Set<string>();
  for (const other of others) {
    const { dates, year } = namesOf(other);
    dates.forEach((d) => needles.set(d.toLowerCase(), d));
    if (year !== ownYear) years.add(year);
  }
  const stale: StaleConcertText[] = [];
  for (const row of texts)
    for (const lang of LANGS) {
      const text = row[lang].toLowerCase();
      const found =
        [...needles].find(([lower]) => text.includes(lower))?.[1] ??
        [...years].find((y) => new RegExp(`(^|\\D)${y}(\\D|$)`).test(text));
      if (found) stale.push({ key: row.key, lang, found });
    }
  return stale;
}
