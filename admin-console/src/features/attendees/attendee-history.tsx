import { apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import type { AttendeeHistory, AttendeeRow } from '@concert/shared/api';
import { formatDateTime } from '@concert/shared/ui';
import { useState } from 'react';
import { auditActionLabel } from '../../lib/audit-labels.js';

/** A ticket's history, loaded when opened; a second press closes it. */
export function useHistory(ticketId: string) {
  const [history, setHistory] = useState<AttendeeHistory | 'loading' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const toggle = async () => {
    if (history) return setHistory(null);
    setHistory('loading');
    try {
      setHistory(await staffApi.call('attendeeHistory', { ticketId }));
      setFailure(null);
    } catch (error) {
      setHistory(null);
      setFailure(error);
    }
  };
  return { history: history === 'loading' ? null : history, loading: history === 'loading', failure, toggle };
}

export function HistoryToggle({
  row,
  name,
  open,
  controls,
  onToggle,
}: {
  row: AttendeeRow;
  name: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  const t = useCopy();
  return (
    <button
      type="button"
      className="button secondary"
      aria-expanded={open}
      aria-controls={controls}
      data-history={row.ticketId}
      onClick={onToggle}
    >
      {open ? t('admin.attendees.history.close') : t('admin.attendees.history.openFor', { id: name })}
    </button>
  );
}

export function HistoryView({
  row,
  history,
  failure,
}: {
  row: AttendeeRow;
  history: AttendeeHistory | null;
  failure: unknown;
}) {
  const t = useCopy();
  return (
    <>
      {failure !== null && (
        <p className="notice">{t('admin.attendees.error', { message: apiErrorText(t, failure) })}</p>
      )}
      {history && (
        <section aria-label={t('admin.attendees.history.title', { ticketId: row.ticketCode })}>
          <ol className="history">
            {history.events.map((e, i) => {
              const what = historyLabel(t, e.what);
              return (
                <li key={`${e.at}-${i}`}>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>{' '}
                  {e.staff ? t('admin.attendees.history.by', { message: what, email: e.staff }) : what}
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </>
  );
}

const TICKET_EVENTS = ['confirmed', 'checkedIn', 'mailQueued', 'mailSent'] as const;
function historyLabel(t: ReturnType<typeof useCopy>, what: string): string {
  const event = TICKET_EVENTS.find((e) => e === what);
  return event ? t(`admin.attendees.history.${event}`) : auditActionLabel(t, what);
}
