import { ApiError, apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { QueueEntryState, QueueOverview } from '@concert/shared/api';
import { formatDateTime, TextField, Unavailable, useApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';

/** The states in the order the counts show them. */
const STATES: readonly QueueEntryState[] = [
  'waiting',
  'offered',
  'accepted',
  'declined',
  'expired',
  'left',
  'unconfirmed',
];

type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/**
 * The waiting list for the office: counts per state, pause / resume, the next offer by hand, the
 * hours a new offer is valid, and the people in queue order (offered first, with their offer's
 * end). Its own component so the office dashboard can embed it; /admin/queue shows it alone.
 * A list, not a table, so it reads at 390 px.
 */
export function QueuePanel({
  headingLevel = 2,
}: {
  /** 1 on its own page, 2 inside the dashboard. */ headingLevel?: 1 | 2;
}) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { data, failure, loading, reload } = useApiQuery(['listQueue'], () => staffApi.call('listQueue', {}));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  async function act(run: () => Promise<string>) {
    setBusy(true);
    try {
      setOutcome({ kind: 'ok', text: await run() });
    } catch (err) {
      setOutcome({ kind: 'error', text: t('admin.queue.actionFailed', { message: apiErrorText(t, err) }) });
    } finally {
      setBusy(false);
      void reload();
    }
  }

  const sendNext = () =>
    act(async () => {
      try {
        await staffApi.call('sendNextQueueOffer', {});
        return t('admin.queue.sent');
      } catch (err) {
        // noTicket: nothing free or nobody waiting (the list shows which); anything else is a failure
        if (err instanceof ApiError && err.errorId === 'noTicket') return t('admin.queue.nothingToSend');
        throw err;
      }
    });

  return (
    <section className="queue-panel" aria-labelledby="queue-panel-title" aria-busy={loading}>
      <div className="outbox-head">
        <Heading id="queue-panel-title">{t('admin.queue.title')}</Heading>
        <button type="button" className="button secondary" onClick={() => void reload()} disabled={loading}>
          {t('admin.queue.refresh')}
        </button>
      </div>
      <p>{t('admin.queue.intro')}</p>
      {failure !== null && (
        <Unavailable message={t('admin.queue.error', { message: apiErrorText(t, failure) })} />
      )}
      <div role="status" className="admin-result">
        {outcome && <p className={outcome.kind === 'ok' ? 'notice success' : 'notice'}>{outcome.text}</p>}
      </div>
      {data && (
        <>
          <dl className="queue-counts" aria-label={t('admin.queue.countsLabel')}>
            {STATES.map((state) => (
              <div key={state}>
                <dt>{t(`admin.exports.queueStates.${state}`)}</dt>
                <dd data-state={state}>{data.counts[state]}</dd>
              </div>
            ))}
          </dl>
          <p className={data.paused ? 'notice' : undefined}>
            {t(data.paused ? 'admin.queue.pausedNotice' : 'admin.queue.running')}
          </p>
          <div className="queue-actions">
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  const { paused } = await staffApi.call('setQueueOffersPaused', { paused: !data.paused });
                  return t(paused ? 'admin.queue.pausedNotice' : 'admin.queue.running');
                })
              }
            >
              {t(data.paused ? 'admin.queue.resume' : 'admin.queue.pause')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void sendNext()}>
              {t('admin.queue.sendNext')}
            </button>
          </div>
          <OfferHoursForm
            current={data.offerHours}
            busy={busy}
            onSave={(hours) =>
              act(async () =>
                t('admin.queue.hours.saved', {
                  hours: (await staffApi.call('setQueueOfferHours', { hours })).offerHours,
                }),
              )
            }
          />
          <QueueList data={data} lang={lang} />
        </>
      )}
    </section>
  );
}

function OfferHoursForm({
  current,
  busy,
  onSave,
}: {
  current: number;
  busy: boolean;
  onSave: (hours: number) => Promise<void>;
}) {
  const t = useCopy();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const hours = Number(value.replace(',', '.'));
    if (!Number.isFinite(hours) || hours <= 0 || hours > 168 || Math.round(hours * 4) !== hours * 4) {
      setError(t('admin.queue.hours.invalid'));
      return;
    }
    setError(undefined);
    void onSave(hours);
  }
  return (
    <form noValidate onSubmit={submit} className="queue-hours">
      <TextField
        name="offerHours"
        label={t('admin.queue.hours.label')}
        hint={t('admin.queue.hours.hint')}
        error={error}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
      />
      <button type="submit" className="button secondary" disabled={busy}>
        {t('admin.queue.hours.save')}
      </button>
    </form>
  );
}

function QueueList({ data, lang }: { data: QueueOverview; lang: 'sv' | 'en' }) {
  const t = useCopy();
  if (data.entries.length === 0) return <p>{t('admin.queue.empty')}</p>;
  return (
    <ol className="queue-list" aria-label={t('admin.queue.listLabel')}>
      {data.entries.map((entry) => (
        <li key={entry.entryId} data-state={entry.state}>
          <span className="queue-name">
            {entry.firstName} {entry.lastName}
          </span>{' '}
          <span className="outbox-email">{entry.email}</span>
          <span className="queue-state">
            {t(`admin.exports.queueStates.${entry.state}`)}
            {entry.position !== null && ` · ${t('admin.queue.position', { position: entry.position })}`}
          </span>
          {entry.offerExpiresAt && (
            <span>{t('admin.queue.offerUntil', { time: formatDateTime(entry.offerExpiresAt, lang) })}</span>
          )}
          {entry.state === 'offered' && entry.offerOpened && <span>{t('admin.queue.opened')}</span>}
          {entry.offeredByHand && <span>{t('admin.queue.byHand')}</span>}
        </li>
      ))}
    </ol>
  );
}
