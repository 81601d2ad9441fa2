import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import {
  TICKET_ORIGINS,
  type AttendeeHistory,
  type AttendeeRow,
  type TicketOrigin,
} from '@concert/shared/api';
import { formatDateTime, SelectField, TextField } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { PagedSearchResults, usePagedSearch } from '../../components/paged-search.js';
import { auditActionLabel } from '../../lib/audit-labels.js';
import { Exports } from './exports.js';

const PAGE = 50;
interface Filter {
  search: string;
  origin: '' | TicketOrigin;
  checkedIn: '' | 'yes' | 'no';
}
const NO_FILTER: Filter = { search: '', origin: '', checkedIn: '' };

/**
 * admin/attendees: every confirmed ticket, newest first, a page at a time (keyset: "show more"
 * continues after the last one shown); search and filters; each ticket's history on demand;
 * the exports. Cards rather than a table, so nothing is cut off on a phone.
 */
export function AttendeesPage() {
  const t = useCopy();
  const list = usePagedSearch({
    name: 'listAttendees',
    noFilter: NO_FILTER,
    tidy: (draft) => ({ ...draft, search: draft.search.trim() }),
    load: (filter, cursor?: string) =>
      staffApi.call('listAttendees', {
        limit: PAGE,
        ...(filter.search ? { search: filter.search } : {}),
        ...(filter.origin ? { origin: filter.origin } : {}),
        ...(filter.checkedIn ? { checkedIn: filter.checkedIn === 'yes' } : {}),
        ...(cursor ? { cursor } : {}),
      }),
  });
  const { draft, setDraft } = list;

  return (
    <article className="admin-page">
      <h1 tabIndex={-1}>{t('admin.attendees.title')}</h1>
      <Exports />
      <PagedSearchResults
        list={list}
        filters={
          <>
            <TextField
              name="search"
              type="search"
              label={t('admin.attendees.search.label')}
              value={draft.search}
              onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
            />
            <SelectField
              name="origin"
              label={t('admin.attendees.origin.label')}
              value={draft.origin}
              onChange={(e) => setDraft((d) => ({ ...d, origin: e.target.value as Filter['origin'] }))}
              options={[
                { value: '', label: t('admin.attendees.origin.all') },
                ...TICKET_ORIGINS.map((o) => ({ value: o, label: t(`admin.attendees.origins.${o}`) })),
              ]}
            />
            <SelectField
              name="checkedIn"
              label={t('admin.attendees.checkedIn.label')}
              value={draft.checkedIn}
              onChange={(e) => setDraft((d) => ({ ...d, checkedIn: e.target.value as Filter['checkedIn'] }))}
              options={[
                { value: '', label: t('admin.attendees.checkedIn.all') },
                { value: 'yes', label: t('admin.attendees.checkedIn.yes') },
                { value: 'no', label: t('admin.attendees.checkedIn.no') },
              ]}
            />
          </>
        }
        searchLabel={t('admin.attendees.search.submit')}
        errorText={(message) => t('admin.attendees.error', { message })}
        status={(rows) => (
          <p role="status" aria-live="polite">
            {rows.length === 0
              ? t('admin.attendees.empty')
              : t('admin.attendees.shown', { count: rows.length })}
          </p>
        )}
        listClassName="admin-cards attendees"
        renderRow={(row) => <AttendeeCard key={row.ticketId} row={row} />}
        moreLabel={t('admin.attendees.more')}
      />
    </article>
  );
}

function AttendeeCard({ row }: { row: AttendeeRow }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [history, setHistory] = useState<AttendeeHistory | 'loading' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const name =
    row.firstName || row.lastName
      ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim()
      : t('admin.attendees.erased');
  const historyId = `history-${row.ticketId}`;
  const toggle = async () => {
    if (history) return setHistory(null);
    setHistory('loading');
    try {
      setHistory(await staffApi.call('attendeeHistory', { ticketId: row.ticketId }));
      setFailure(null);
    } catch (error) {
      setHistory(null);
      setFailure(error);
    }
  };
  return (
    <li className="admin-card" data-ticket={row.ticketId}>
      <p className="admin-card-title wrap-anywhere">{name}</p>
      {row.email && <p className="wrap-anywhere">{row.email}</p>}
      <p className="ticket-id">{t('admin.attendees.ticketCode', { ticketId: row.ticketCode })}</p>
      <p>{t(`admin.attendees.origins.${row.origin}`)}</p>
      {row.mandateRejected && <p className="attendee-flag">{t('admin.autogiro.states.rejected')}</p>}
      <p>{t('admin.attendees.confirmedAt', { time: formatDateTime(row.confirmedAt, lang) })}</p>
      <p>
        {row.checkedInAt
          ? t('admin.attendees.checkedInAt', { time: formatDateTime(row.checkedInAt, lang) })
          : t('admin.attendees.notCheckedIn')}
      </p>
      <button
        type="button"
        className="button secondary"
        aria-expanded={!!history && history !== 'loading'}
        aria-controls={historyId}
        onClick={() => void toggle()}
      >
        {history && history !== 'loading'
          ? t('admin.attendees.history.close')
          : t('admin.attendees.history.openFor', { id: name })}
      </button>
      <div id={historyId} aria-live="polite">
        {failure !== null && (
          <p className="notice">{t('admin.attendees.error', { message: apiErrorText(t, failure) })}</p>
        )}
        {history && history !== 'loading' && (
          <section aria-label={t('admin.attendees.history.title', { ticketId: row.ticketCode })}>
            <ol className="history">
              {history.events.map((e, i) => {
                const what = historyLabel(t, e.what);
                return (
                  <li key={`${e.at}-${i}`}>
                    <time dateTime={e.at}>{formatDateTime(e.at, lang)}</time>{' '}
                    {e.staff ? t('admin.attendees.history.by', { message: what, email: e.staff }) : what}
                  </li>
                );
              })}
            </ol>
          </section>
        )}
      </div>
    </li>
  );
}

const TICKET_EVENTS = ['confirmed', 'checkedIn', 'mailQueued', 'mailSent'] as const;
function historyLabel(t: ReturnType<typeof useCopy>, what: string): string {
  const event = TICKET_EVENTS.find((e) => e === what);
  return event ? t(`admin.attendees.history.${event}`) : auditActionLabel(t, what);
}
