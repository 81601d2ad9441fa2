import { useCopy } from '@concert/shared/browser';
import type { ConcertFacts } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import { clockText, concertDateText, dayMonthText } from '../../lib/concert-time.js';

const LANGS: readonly Lang[] = ['sv', 'en'];

/** What the visitor reads, per place, from the form's facts (the server's copy variables, made alike). */
function lines(facts: ConcertFacts, lang: Lang) {
  const date = concertDateText(facts.startsAt, lang);
  const start = clockText(facts.startsAt, lang);
  const doors = clockText(facts.doorsAt, lang);
  const end = clockText(facts.endsAt, lang);
  if (!date || !start || !doors || !end) return null;
  const place = [facts.venue, facts.city].map((s) => s.trim()).filter(Boolean);
  const fullPlace = [facts.venue, facts.address, facts.city].map((s) => s.trim()).filter(Boolean);
  return {
    header: date,
    start: [date, start, ...place].join(', '),
    email: [date, `${doors} · ${start}–${end}`, ...fullPlace].join(', '),
    ticketEmail: dayMonthText(facts.ticketEmailAt, lang),
  };
}

const PLACES = ['header', 'start', 'email', 'ticketEmail'] as const;

/**
 * How the concert's date reads in the header, on the start page and in the e-mails, in Swedish
 * and English, from the values being typed (before they are saved).
 */
export function ConcertPreview({ facts }: { facts: ConcertFacts }) {
  const t = useCopy();
  const byLang = { sv: lines(facts, 'sv'), en: lines(facts, 'en') };
  return (
    <section aria-labelledby="concert-preview-title" className="concert-preview">
      <h2 id="concert-preview-title">{t('admin.concert.preview.title')}</h2>
      <p id="concert-preview-intro">{t('admin.concert.preview.intro')}</p>
      <div className="table-scroll">
        <table aria-describedby="concert-preview-intro">
          <thead>
            <tr>
              <th scope="col">{t('admin.concert.preview.what')}</th>
              <th scope="col">{t('admin.concert.preview.sv')}</th>
              <th scope="col">{t('admin.concert.preview.en')}</th>
            </tr>
          </thead>
          <tbody>
            {PLACES.map((place) => (
              <tr key={place} data-preview={place}>
                <th scope="row">{t(`admin.concert.preview.${place}`)}</th>
                {LANGS.map((lang) => {
                  const text = byLang[lang]?.[place];
                  // A value in its own language (WCAG 3.1.2); the hint in the page's.
                  return (
                    <td key={lang} lang={text ? lang : undefined}>
                      {text ?? t('admin.concert.preview.incomplete')}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
