import { useCopy } from '@concert/shared/browser';

/**
 * When and where (date, time, venue): the start page's facts (the current concert), and the
 * attendee's ticket page (`vars`: the ticket's own concert's copy variables, which may be last year's).
 */
export function ConcertFacts({ vars }: { vars?: Record<string, string> }) {
  const t = useCopy();
  return (
    <dl>
      <div>
        <dt>{t('start.facts.dateLabel', vars)}</dt>
        <dd>{t('start.facts.date', vars)}</dd>
      </div>
      <div>
        <dt>{t('start.facts.timeLabel', vars)}</dt>
        <dd>{t('start.facts.time', vars)}</dd>
      </div>
      <div>
        <dt>{t('start.facts.placeLabel', vars)}</dt>
        <dd>{t('start.facts.place', vars)}</dd>
      </div>
    </dl>
  );
}
