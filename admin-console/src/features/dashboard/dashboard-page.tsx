import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import {
  DASHBOARD_REFRESH_MS,
  MANDATE_STATES,
  type MandateState,
  type SaleDashboard,
} from '@concert/shared/api';
import { formatAmount, formatDateTime, Loading, Unavailable, usePolling } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { stateText } from '../../components/mandate-texts.js';
import { Erasure } from '../../components/erasure-plan.js';
import { ConcertCountdown } from './concert-countdown.js';

/** The ticket figures, and the queue's with the names their figures carry (`data-figure`), in order. */
const TICKET_FIGURES = ['confirmed', 'liveHolds', 'checkedIn', 'cancelled', 'capacity'] as const;
const QUEUE_FIGURES = [
  ['waiting', 'queueWaiting'],
  ['offered', 'queueOffered'],
  ['accepted', 'queueAccepted'],
] as const;

const isMandateState = (state: string): state is MandateState =>
  (MANDATE_STATES as readonly string[]).includes(state);
// uPlot comes only with the chart, after the figures have shown.
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
        <Unavailable
          message={t('admin.dashboard.error', { message: apiErrorText(t, failure) })}
          retry={{ label: t('admin.dashboard.retry'), onRetry: () => setRound((r) => r + 1) }}
        />
      )}
      <ConcertCountdown />
      {!figures && failure === null && <Loading className="admin-loading" />}
      {figures && <Figures figures={figures} lang={lang} />}
      {figures && (
        <DashboardSection id="chart" title={t('admin.dashboard.chart.title')}>
          {figures.perMinute.length === 0 ? (
            <p>{t('admin.dashboard.chart.empty')}</p>
          ) : (
            <Suspense fallback={<div className="sale-chart" aria-hidden="true" />}>
              <SaleChart
                perMinute={figures.perMinute}
                labels={{
                  time: t('admin.dashboard.chart.time'),
                  tickets: t('admin.dashboard.chart.tickets'),
                  kronor: t('admin.dashboard.chart.kronor'),
                }}
                lang={lang}
              />
              <p className="visually-hidden">
                {t('admin.dashboard.chart.summary', { count: figures.perMinute.length })}
              </p>
            </Suspense>
          )}
        </DashboardSection>
      )}
      <Erasure />
    </article>
  );
}

function Figures({ figures, lang }: { figures: SaleDashboard; lang: 'sv' | 'en' }) {
  const t = useCopy();
  const { funnel, donations, queue } = figures;
  const steps = [
    { key: 'started', label: t('admin.dashboard.funnel.started'), value: funnel.started, previous: null },
    {
      key: 'identified',
      label: t('admin.dashboard.funnel.identified'),
      value: funnel.identified,
      previous: funnel.started,
    },
    {
      key: 'signed',
      label: t('admin.dashboard.funnel.signed'),
      value: funnel.signed,
      previous: funnel.identified,
    },
  ];
  return (
    <>
      {/* Polite: a screen reader hears that the figures changed, not every number. */}
      <p className="dashboard-as-of" role="status" aria-live="polite">
        {t('admin.dashboard.asOf', { time: formatDateTime(figures.asOf, lang) })}
      </p>
      <div className="dashboard-grid">
        <FigureSection
          id="tickets"
          title={t('admin.dashboard.tickets.title')}
          figures={TICKET_FIGURES.map((key) => ({
            label: t(`admin.dashboard.tickets.${key}`),
            value: figures[key],
            name: key,
          }))}
        />
        <FigureSection
          id="queue"
          title={t('admin.dashboard.queue.title')}
          figures={QUEUE_FIGURES.map(([key, name]) => ({
            label: t(`admin.dashboard.queue.${key}`),
            value: queue[key],
            name,
          }))}
        />
        <DashboardSection id="funnel" title={t('admin.dashboard.funnel.title')}>
          <ol className="funnel">
            {steps.map((s) => (
              <li key={s.key} data-figure={s.key}>
                <span className="figure-label">{s.label}</span>{' '}
                <strong className="figure-value">{s.value}</strong>
                {s.previous !== null && (
                  <span className="drop-off">
                    {' '}
                    {t('admin.dashboard.funnel.dropOff', { count: Math.max(0, s.previous - s.value) })}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </DashboardSection>
        <FigureSection
          id="donations"
          title={t('admin.dashboard.donations.title')}
          figures={[
            {
              label: t('admin.dashboard.donations.newDonors'),
              value: donations.newDonors,
              name: 'newDonors',
              detail: t('admin.dashboard.donations.perMonth', {
                amount: formatAmount(donations.newDonorKronor, lang),
              }),
            },
            {
              label: t('admin.dashboard.donations.raises'),
              value: donations.raises,
              name: 'raises',
              detail: t('admin.dashboard.donations.perMonth', {
                amount: formatAmount(donations.raiseKronor, lang),
              }),
            },
          ]}
        />
        <FigureSection
          id="mandates"
          title={t('admin.dashboard.mandates.title')}
          figures={figures.mandates.map((m) => ({
            label: isMandateState(m.state) ? stateText(t, m.state) : m.state,
            value: m.count,
            name: `mandates-${m.state}`,
          }))}
          empty={t('admin.dashboard.mandates.empty')}
        />
      </div>
    </>
  );
}

/** One section of the dashboard, named by its heading. */
function DashboardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="dashboard-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

interface FigureProps {
  label: string;
  value: number;
  /** Its `data-figure` (the tests find the figure by it). */
  name: string;
  detail?: string;
}

/** A section of figures; `empty` says so when there are none. */
function FigureSection({
  id,
  title,
  figures,
  empty,
}: {
  id: string;
  title: string;
  figures: FigureProps[];
  empty?: string;
}) {
  return (
    <DashboardSection id={id} title={title}>
      {figures.length === 0 && empty !== undefined ? (
        <p>{empty}</p>
      ) : (
        <dl className="figures">
          {figures.map((figure) => (
            <Figure key={figure.name} {...figure} />
          ))}
        </dl>
      )}
    </DashboardSection>
  );
}

function Figure({ label, value, name, detail }: FigureProps) {
  return (
    <div className="figure" data-figure={name}>
      <dt className="figure-label">{label}</dt>
      <dd className="figure-value">{value}</dd>
      {detail && <dd className="figure-detail">{detail}</dd>}
    </div>
  );
}
