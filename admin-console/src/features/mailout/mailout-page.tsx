import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { MailoutState } from '@concert/shared/api';
import { paths } from '@concert/shared/universal';
import { formatDateTime, Loading, TextField, Unavailable, useApiQuery, usePolling } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { Link } from '@concert/shared/router';
import { useState } from 'react';
import { failureReason, MailoutConfirm, type MailoutIntent } from './mailout-confirm.js';

/** While e-mails wait (or a scheduled mail-out is due), the progress is asked for this often. */
const FOLLOW_MS = 2000;

type Outcome =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; message: string }
  | { state: 'failed'; error: unknown };

/**
 * admin/mailout: the ticket e-mail to every confirmed attendee, now or at a time; exactly once
 * per ticket however often it is pressed (the server keeps one e-mail per ticket). Both go
 * through a confirmation naming how many and the subject, with a preview and a test to oneself.
 * Progress follows by itself while e-mails wait; given-up ones are listed with why, and can be
 * retried.
 */
export function MailoutPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const mailout = useApiQuery(['getMailout'], () => staffApi.call('getMailout', {}));
  const [sendAt, setSendAt] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [intent, setIntent] = useState<MailoutIntent | null>(null);
  const state = mailout.data;
  const following = (s: MailoutState) => (s.releasedAt ? s.waiting > 0 : s.sendAt !== null);
  usePolling({
    key: state && following(state) ? 'following' : null,
    every: FOLLOW_MS,
    poll: () => staffApi.call('getMailout', {}),
    onAnswer: (answer) => {
      mailout.setData(answer);
      return following(answer);
    },
    onError: (_e, failures) => failures < 5,
  });

  const act = async (run: () => Promise<MailoutState>, message: (s: MailoutState) => string) => {
    setOutcome({ state: 'busy' });
    try {
      const next = await run();
      mailout.setData(next);
      setOutcome({ state: 'done', message: message(next) });
    } catch (error) {
      setOutcome({ state: 'failed', error });
    }
  };
  const askSchedule = () => {
    // datetime-local is the browser's local time; the API takes an instant.
    const at = sendAt ? new Date(sendAt) : null;
    if (!at || Number.isNaN(at.getTime())) return setOutcome({ state: 'failed', error: null });
    setIntent({ kind: 'at', at: at.toISOString(), time: formatDateTime(at.toISOString(), lang) });
  };
  const confirm = (chosen: MailoutIntent) => {
    if (outcome.state === 'busy') return;
    const run =
      chosen.kind === 'now'
        ? act(
            () => staffApi.call('scheduleMailout', {}),
            () => t('admin.mailout.started'),
          )
        : act(
            () => staffApi.call('scheduleMailout', { sendAt: chosen.at }),
            (s) =>
              s.releasedAt
                ? t('admin.mailout.started')
                : t('admin.mailout.scheduled', { time: formatDateTime(s.sendAt ?? chosen.at, lang) }),
          );
    void run.then(() => setIntent(null));
  };
  const cancel = () =>
    act(
      () => staffApi.call('cancelMailout', {}),
      () => t('admin.mailout.cancelled'),
    );
  const retry = () =>
    act(
      () => staffApi.call('retryMailout', {}),
      (s) => t('admin.mailout.retried', { count: (s as MailoutState & { retried: number }).retried }),
    );

  return (
    <article className="admin-page">
      <h1 tabIndex={-1}>{t('admin.mailout.title')}</h1>
      <p>{t('admin.mailout.intro')}</p>
      <div role="status" aria-live="polite" className="admin-result">
        {outcome.state === 'done' && <p className="notice success">{outcome.message}</p>}
        {outcome.state === 'failed' && (
          <p className="notice">{t('admin.mailout.error', { message: apiErrorText(t, outcome.error) })}</p>
        )}
      </div>
      {mailout.failure !== null && !state && (
        <Unavailable
          message={t('admin.mailout.error', { message: apiErrorText(t, mailout.failure) })}
          retry={{ label: t('admin.dashboard.retry'), onRetry: () => void mailout.reload() }}
        />
      )}
      {!state && mailout.failure === null && <Loading className="admin-loading" />}
      {state && (
        <>
          <p className="mailout-state">
            {state.releasedAt
              ? t('admin.mailout.state.released', { time: formatDateTime(state.releasedAt, lang) })
              : state.sendAt
                ? t('admin.mailout.state.scheduled', {
                    time: formatDateTime(state.sendAt, lang),
                    email: state.scheduledBy ?? '',
                  })
                : t('admin.mailout.state.none')}
          </p>
          {!state.releasedAt && intent && (
            <MailoutConfirm
              t={t}
              lang={lang}
              intent={intent}
              busy={outcome.state === 'busy'}
              onConfirm={() => confirm(intent)}
              onCancel={() => setIntent(null)}
            />
          )}
          {!state.releasedAt && !intent && (
            <div className="admin-actions">
              <TextField
                name="sendAt"
                type="datetime-local"
                label={t('admin.mailout.sendAt.label')}
                hint={t('admin.mailout.sendAt.hint')}
                value={sendAt}
                onChange={(e) => setSendAt(e.target.value)}
              />
              <button
                type="button"
                className="button"
                disabled={outcome.state === 'busy' || !sendAt}
                onClick={askSchedule}
              >
                {t('admin.mailout.schedule')}
              </button>
              <button
                type="button"
                className="button"
                disabled={outcome.state === 'busy'}
                onClick={() => setIntent({ kind: 'now' })}
              >
                {t('admin.mailout.sendNow')}
              </button>
              {state.sendAt && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={outcome.state === 'busy'}
                  onClick={() => void cancel()}
                >
                  {t('admin.mailout.cancel')}
                </button>
              )}
            </div>
          )}
          <section aria-labelledby="progress-title">
            <h2 id="progress-title">{t('admin.mailout.progress.title')}</h2>
            <dl className="figures">
              {(['attendees', 'sent', 'waiting', 'failed'] as const).map((k) => (
                <div className="figure" key={k} data-figure={k}>
                  <dt className="figure-label">{t(`admin.mailout.progress.${k}`)}</dt>
                  <dd className="figure-value">{state[k]}</dd>
                </div>
              ))}
            </dl>
            {state.failed > 0 && (
              <>
                <h3>{t('admin.mailout.failures.title')}</h3>
                <ul className="wrap-anywhere">
                  {state.failures.map((f) => (
                    <li key={f.ticketId}>
                      {t('admin.mailout.failures.reason', {
                        email: f.email || t('admin.mailout.reasons.erased'),
                        ticketId: f.ticketId,
                        reason: failureReason(t, f.error),
                      })}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="button secondary"
                  disabled={outcome.state === 'busy'}
                  onClick={() => void retry()}
                >
                  {t('admin.mailout.retry')}
                </button>
              </>
            )}
          </section>
          <p>
            <Link to={paths.admin.sendEmail.getHref()}>{t('admin.mailout.singleEmail')}</Link>
          </p>
        </>
      )}
    </article>
  );
}
