import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import { DASHBOARD_REFRESH_MS, MANDATE_STATES, type MandateState, type SaleDashboard } from '@concert/shared/api';
import { formatAmount, formatDateTime, Loading, Unavailable, usePolling } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';

// uPlot comes only with the chart, after the figures have shown.
import { stateText } from '../../components/mandate-texts.js';

const isMandateState = (state: string): state is MandateState => (MANDATE_STATES as readonly string[]).includes(state);
const SaleChart = lazy(() => import('./sale-chart.js').then((m) => ({ default: m.SaleChart })));

/**
 * admin: the office's dashboard. It asks again every few seconds (the server answers every open
 * dashboard from one count), so the figures move during a rush without anyone reloading.
 */
export function DashboardPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [figures, setFigures] = useState<SaleDashboard | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  usePolling({
    key: round,
    every: DASHBOARD_REFRESH_MS,
    immediately: true,
    poll: () => staffApi.call('getSaleDashboard', {}),
    onAnswer: (answer) => {
      setFigures(answer);
      setFailure(null);
      return true;
    },
    onError: (error, failures) => {
      setFailure(error);
      // A short outage heals by itself; after that the retry button starts over.
      return failures < 5;
    },
  });

  return (
    <article className="admin-page dashboard">
      <h1 tabIndex={-1}>{t('admin.dashboard.title')}</h1>
      {failure !== null && (
        <Unavailable message={t('admin.dashboard.error', { message: apiErrorText(t, failure) })} retry={{ label: t('admin.dashboard.retry'), onRetry: () => setRound((r) => r + 1) }} />
      )}
      {!figures && failure === null && <Loading className="admin-loading" />}
      {figures && <Figures figures={figures} lang={lang} />}
      {figures && (
        <section aria-labelledby="chart-title" className="dashboard-section">
          <h2 id="chart-title">{t('admin.dashboard.chart.title')}</h2>
          {figures.perMinute.length === 0 ? (
            <p>{t('admin.dashboard.chart.empty')}</p>
          ) : (
            <Suspense fallback={<div className="sale-chart" aria-hidden="true" />}>
              <SaleChart perMinute={figures.perMinute} labels={{ tickets: t('admin.dashboard.chart.tickets'), kronor: t('admin.dashboard.chart.kronor') }} lang={lang} />
              <p className="visually-hidden">{t('admin.dashboard.chart.summary', { count: figures.perMinute.length })}</p>
            </Suspense>
          )}
        </section>
      )}
    </article>
  );
}

function Figures({ figures, lang }: { figures: SaleDashboard; lang: 'sv' | 'en' }) {
  const t = useCopy();
  const { funnel, donations, queue } = figures;
  const steps = [
    { key: 'started', label: t('admin.dashboard.funnel.started'), value: funnel.started, previous: null },
    { key: 'identified', label: t('admin.dashboard.funnel.identified'), value: funnel.identified, previous: funnel.started },
    { key: 'signed', label: t('admin.dashboard.funnel.signed'), value: funnel.signed, previous: funnel.identified },
  ];
  return (
    <>
      {/* Polite: a screen reader hears that the figures changed, not every number. */}
      <p className="dashboard-as-of" role="status" aria-live="polite">
        {t('admin.dashboard.asOf', { time: formatDateTime(figures.asOf, lang) })}
      </p>
      <div className="dashboard-grid">
        <section aria-labelledby="tickets-title" className="dashboard-section">
          <h2 id="tickets-title">{t('admin.dashboard.tickets.title')}</h2>
          <dl className="figures">
            <Figure label={t('admin.dashboard.tickets.confirmed')} value={figures.confirmed} name="confirmed" />
            <Figure label={t('admin.dashboard.tickets.liveHolds')} value={figures.liveHolds} name="liveHolds" />
            <Figure label={t('admin.dashboard.tickets.checkedIn')} value={figures.checkedIn} name="checkedIn" />
            <Figure label={t('admin.dashboard.tickets.capacity')} value={figures.capacity} name="capacity" />
          </dl>
        </section>
        <section aria-labelledby="queue-title" className="dashboard-section">
          <h2 id="queue-title">{t('admin.dashboard.queue.title')}</h2>
          <dl className="figures">
            <Figure label={t('admin.dashboard.queue.waiting')} value={queue.waiting} name="queueWaiting" />
            <Figure label={t('admin.dashboard.queue.offered')} value={queue.offered} name="queueOffered" />
            <Figure label={t('admin.dashboard.queue.accepted')} value={queue.accepted} name="queueAccepted" />
          </dl>
        </section>
        <section aria-labelledby="funnel-title" className="dashboard-section">
          <h2 id="funnel-title">{t('admin.dashboard.funnel.title')}</h2>
          <ol className="funnel">
            {steps.map((s) => (
              <li key={s.key} data-figure={s.key}>
                <span className="figure-label">{s.label}</span> <strong className="figure-value">{s.value}</strong>
                {s.previous !== null && <span className="drop-off"> {t('admin.dashboard.funnel.dropOff', { count: Math.max(0, s.previous - s.value) })}</span>}
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="donations-title" className="dashboard-section">
          <h2 id="donations-title">{t('admin.dashboard.donations.title')}</h2>
          <dl className="figures">
            <Figure
              label={t('admin.dashboard.donations.newDonors')}
              value={donations.newDonors}
              name="newDonors"
              detail={t('admin.dashboard.donations.perMonth', { amount: formatAmount(donations.newDonorKronor, lang) })}
            />
            <Figure
              label={t('admin.dashboard.donations.raises')}
              value={donations.raises}
              name="raises"
              detail={t('admin.dashboard.donations.perMonth', { amount: formatAmount(donations.raiseKronor, lang) })}
            />
          </dl>
        </section>
        <section aria-labelledby="mandates-title" className="dashboard-section">
          <h2 id="mandates-title">{t('admin.dashboard.mandates.title')}</h2>
          {figures.mandates.length === 0 ? (
            <p>{t('admin.dashboard.mandates.empty')}</p>
          ) : (
            <dl className="figures">
              {figures.mandates.map((m) => (
                <Figure key={m.state} label={isMandateState(m.state) ? stateText(t, m.state) : m.state} value={m.count} name={`mandates-${m.state}`} />
              ))}
            </dl>
          )}
        </section>
      </div>
    </>
  );
}

function Figure({ label, value, name, detail }: { label: string; value: number; name: string; detail?: string }) {
  return (
    <div className="figure" data-figure={name}>
      <dt className="figure-label">{label}</dt>
      <dd className="figure-value">{value}</dd>
      {detail && <dd className="figure-detail">{detail}</dd>}
    </div>
  );
}
