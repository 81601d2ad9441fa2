import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import { useApiQuery } from '@concert/shared/ui';
import { Link } from '@concert/shared/router';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { clockText, concertDateText, timeUntil } from '../../lib/concert-time.js';

const MINUTE = 60_000;

/** The current concert on the dashboard: its date, doors, and how long until doors open (days and hours). */
export function ConcertCountdown() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const query = useApiQuery(['getConcert'], () => staffApi.call('getConcert', {}));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  const concert = query.data?.concert;
  const left = concert && timeUntil(concert.doorsAt, now);
  return (
    <section aria-labelledby="concert-title" className="dashboard-section dashboard-concert">
      <h2 id="concert-title">{t('admin.concert.dashboard.title')}</h2>
      {query.failure !== null && !concert && (
        <p className="notice">{t('admin.concert.loadError', { message: apiErrorText(t, query.failure) })}</p>
      )}
      {concert && (
        <>
          <p data-figure="concertDate">
            {t('admin.concert.dashboard.date', {
              date: concertDateText(concert.startsAt, lang) ?? concert.startsAt,
              time: clockText(concert.doorsAt, lang) ?? concert.doorsAt,
            })}
          </p>
          {/* Not a live region: a minute's tick is not news. */}
          <p data-figure="doorsCountdown" className="figure-value">
            {left
              ? t('admin.concert.dashboard.countdown', { days: left.days, hours: left.hours })
              : timeUntil(concert.endsAt, now)
                ? t('admin.concert.dashboard.doorsOpen')
                : t('admin.concert.dashboard.ended')}
          </p>
          <Link to={paths.admin.concert.getHref()}>{t('admin.concert.dashboard.edit')}</Link>
        </>
      )}
    </section>
  );
}
