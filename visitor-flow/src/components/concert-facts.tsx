import { useCopy } from '@concert/shared/browser';

/** When and where (date, time, venue): the start page's facts, and the attendee's ticket page. */
export function ConcertFacts() {
  const t = useCopy();
  return (
    <dl>
      <div>
        <dt>{t('start.facts.dateLabel')}</dt>
        <dd>{t('start.facts.date')}</dd>
      </div>
      <div>
        <dt>{t('start.facts.timeLabel')}</dt>
        <dd>{t('start.facts.time')}</dd>
      </div>
      <div>
        <dt>{t('start.facts.placeLabel')}</dt>
        <dd>{t('start.facts.place')}</dd>
      </div>
    </dl>
  );
}
