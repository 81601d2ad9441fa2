import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { ErasureCounts } from '@concert/shared/api';
import { Checkbox, formatDateTime, Unavailable, useApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';

const COUNTS: readonly (keyof ErasureCounts)[] = [
  'tickets',
  'queueEntries',
  'bankIdTransactions',
  'sessionIdentities',
  'emails',
  'clientLogs',
];
type Outcome =
  { state: 'idle' } | { state: 'busy' } | { state: 'done' } | { state: 'failed'; error: unknown };

/**
 * What the erasure of the sale's personal data will take, what it keeps, when it runs by itself
 * and how the last runs went; the office may run it early once the sale has closed. On the
 * office's start page (the dashboard), where it cannot be missed.
 */
export function Erasure() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const plan = useApiQuery(['getErasurePlan'], () => staffApi.call('getErasurePlan', {}));
  const [understood, setUnderstood] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const p = plan.data;
  const mayErase = p ? Date.now() >= new Date(p.earlyAllowedFrom).getTime() : false;

  const erase = async () => {
    setOutcome({ state: 'busy' });
    try {
      await staffApi.call('eraseSaleDataNow', { confirm: true });
      setOutcome({ state: 'done' });
      setUnderstood(false);
      await plan.reload();
    } catch (error) {
      setOutcome({ state: 'failed', error });
    }
  };

  return (
    <section className="erasure" aria-labelledby="erasure-title">
      <h2 id="erasure-title">{t('admin.erasure.title')}</h2>
      {plan.failure !== null && !p && (
        <Unavailable message={t('admin.erasure.error', { message: apiErrorText(t, plan.failure) })} />
      )}
      {p && (
        <>
          <p>{t('admin.erasure.due', { time: formatDateTime(p.dueAt, lang), count: p.eraseAfterDays })}</p>
          <h3>{t('admin.erasure.pending.title')}</h3>
          <ul>
            {COUNTS.map((k) => (
              <li key={k}>{t(`admin.erasure.pending.${k}`, { count: p.pending[k] })}</li>
            ))}
          </ul>
          <p>{t('admin.erasure.kept')}</p>
          {mayErase ? (
            <div className="admin-actions">
              <Checkbox
                name="eraseUnderstood"
                label={t('admin.erasure.early.confirm')}
                checked={understood}
                onChange={(e) => setUnderstood(e.target.checked)}
              />
              <button
                type="button"
                className="button danger"
                disabled={!understood || outcome.state === 'busy'}
                onClick={() => void erase()}
              >
                {t('admin.erasure.early.button')}
              </button>
            </div>
          ) : (
            <p>{t('admin.erasure.early.notYet', { time: formatDateTime(p.earlyAllowedFrom, lang) })}</p>
          )}
          <div role="status" aria-live="polite" className="admin-result">
            {outcome.state === 'done' && <p className="notice success">{t('admin.erasure.early.done')}</p>}
            {outcome.state === 'failed' && (
              <p className="notice">
                {t('admin.erasure.error', { message: apiErrorText(t, outcome.error) })}
              </p>
            )}
          </div>
          {p.done.length > 0 && (
            <>
              <h3>{t('admin.erasure.done.title')}</h3>
              <ul>
                {p.done.map((d) => (
                  <li key={d.at}>
                    {d.trigger === 'scheduled'
                      ? t('admin.erasure.done.scheduled', { time: formatDateTime(d.at, lang) })
                      : t('admin.erasure.done.early', {
                          time: formatDateTime(d.at, lang),
                          email: d.staff ?? '',
                        })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
