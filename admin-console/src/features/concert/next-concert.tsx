import { ApiError, apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { Concert, ConcertFacts, StaleConcertText } from '@concert/shared/api';
import { stockholmInstant } from '@concert/shared/stockholm-time';
import { focusField, TextField } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { concertDateText } from '../../lib/concert-time.js';

/** What publishing needs, as far as the browser can tell; the published texts only the server can check. */
const CHECKS = ['startInFuture', 'saleInside', 'capacity'] as const;
type Check = (typeof CHECKS)[number];

export function readiness(c: ConcertFacts, now: number): Record<Check, boolean> {
  const at = (wall: string) => stockholmInstant(wall)?.getTime();
  const [start, opens, closes, doors] = [c.startsAt, c.saleOpensAt, c.saleClosesAt, c.doorsAt].map(at);
  return {
    startInFuture: start !== undefined && start > now,
    saleInside:
      opens !== undefined && closes !== undefined && doors !== undefined && opens < closes && closes <= doors,
    capacity: c.capacity > 0,
  };
}

type News = { kind: 'copied' | 'published'; date: string } | null;

/**
 * Next year's concert from this one: a draft for a new start (copyConcert), the drafts to change
 * or publish (publishConcert); a refused publish lists what is missing.
 */
export function NextConcert({
  from,
  drafts,
  onCopied,
  onEdit,
  onPublished,
}: {
  from: Concert;
  drafts: readonly Concert[];
  onCopied: (draft: Concert) => void;
  onEdit: (draft: Concert) => void;
  onPublished: (concert: Concert) => void;
}) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const year = from.startsAt.slice(0, 4);
  const [startsAt, setStartsAt] = useState(`${Number(year) + 1}${from.startsAt.slice(4)}`);
  const [startError, setStartError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const [publishing, setPublishing] = useState<number | null>(null);
  const [news, setNews] = useState<News>(null);
  const [failure, setFailure] = useState<{ text: string } | null>(null);
  const [notReady, setNotReady] = useState<Concert | null>(null);
  // The published texts that still name another concert's date or year (null: not known).
  const [stale, setStale] = useState<StaleConcertText[] | null>(null);
  const dateOf = (c: Concert) => concertDateText(c.startsAt, lang) ?? c.startsAt;

  async function copy(event: FormEvent) {
    event.preventDefault();
    if (copying) return;
    setNews(null);
    setFailure(null);
    if (!stockholmInstant(startsAt)) {
      setStartError(t(startsAt ? 'admin.concert.rules.noSuchTime' : 'admin.concert.rules.required'));
      return focusField('nextStartsAt');
    }
    setStartError(null);
    setCopying(true);
    try {
      const { concert } = await staffApi.call('copyConcert', { fromId: from.id, startsAt });
      setNews({ kind: 'copied', date: dateOf(concert) });
      onCopied(concert);
    } catch (err) {
      setFailure({ text: t('admin.concert.next.error', { message: apiErrorText(t, err) }) });
    } finally {
      setCopying(false);
    }
  }

  async function publish(draft: Concert) {
    if (publishing !== null) return;
    setNews(null);
    setFailure(null);
    setNotReady(null);
    setPublishing(draft.id);
    try {
      const { concert } = await staffApi.call('publishConcert', { id: draft.id });
      setNews({ kind: 'published', date: dateOf(concert) });
      onPublished(concert);
    } catch (err) {
      if (err instanceof ApiError && err.status === 'FAILED_PRECONDITION') {
        setNotReady(draft);
        setStale(null);
        staffApi
          .call('checkConcertTexts', { id: draft.id })
          .then((r) => setStale(r.stale))
          .catch(() => setStale(null));
      } else setFailure({ text: t('admin.concert.drafts.error', { message: apiErrorText(t, err) }) });
    } finally {
      setPublishing(null);
    }
  }

  const checks = notReady && readiness(notReady, Date.now());
  return (
    <section aria-labelledby="next-concert-title" className="next-concert">
      <h2 id="next-concert-title">{t('admin.concert.next.title')}</h2>
      <p>{t('admin.concert.next.intro')}</p>
      <div className="admin-result" role="status" aria-live="polite">
        {news && (
          <p className="notice success">
            {news.kind === 'copied'
              ? t('admin.concert.next.copied', { date: news.date })
              : t('admin.concert.drafts.published', { date: news.date })}
          </p>
        )}
      </div>
      {failure && (
        <p className="notice" role="alert">
          {failure.text}
        </p>
      )}
      {notReady && checks && (
        <div className="notice" role="alert">
          <p>{t('admin.concert.drafts.notReady')}</p>
          <ul className="concert-checklist">
            {CHECKS.map((check) => (
              <li key={check} data-check={checks[check] ? 'ok' : 'fails'}>
                <strong>
                  {t(checks[check] ? 'admin.concert.checklist.ok' : 'admin.concert.checklist.fails')}:
                </strong>{' '}
                {t(`admin.concert.checklist.${check}`)}
              </li>
            ))}
            <li data-check={stale === null ? undefined : stale.length === 0 ? 'ok' : 'fails'}>
              {stale !== null && (
                <strong>
                  {t(stale.length === 0 ? 'admin.concert.checklist.ok' : 'admin.concert.checklist.fails')}:
                </strong>
              )}{' '}
              {t('admin.concert.checklist.texts')}
              {stale !== null && stale.length > 0 && (
                <ul className="concert-stale-texts">
                  {stale.map((s) => (
                    <li key={`${s.key}.${s.lang}`}>
                      {t('admin.concert.checklist.staleText', {
                        textKey: s.key,
                        textLang: s.lang,
                        found: s.found,
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          </ul>
        </div>
      )}
      <form noValidate onSubmit={(e) => void copy(e)}>
        <TextField
          name="nextStartsAt"
          type="datetime-local"
          label={t('admin.concert.next.startsAt')}
          value={startsAt}
          error={startError}
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <button type="submit" className="button secondary" disabled={copying}>
          {copying ? t('admin.concert.next.copying') : t('admin.concert.next.copy', { year })}
        </button>
      </form>
      <h3>{t('admin.concert.drafts.title')}</h3>
      {drafts.length === 0 ? (
        <p>{t('admin.concert.drafts.empty')}</p>
      ) : (
        <ul className="concert-drafts">
          {drafts.map((draft) => (
            <li key={draft.id}>
              <button type="button" className="button secondary" onClick={() => onEdit(draft)}>
                {t('admin.concert.drafts.edit', { date: dateOf(draft) })}
              </button>
              <button
                type="button"
                className="button"
                disabled={publishing !== null}
                onClick={() => void publish(draft)}
              >
                {publishing === draft.id
                  ? t('admin.concert.drafts.publishing')
                  : t('admin.concert.drafts.publish', { date: dateOf(draft) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
