import { apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import {
  TICKET_ORIGINS,
  ticketState,
  ticketStateKey,
  type AttendeeHistory,
  type AttendeePage,
  type AttendeeRow,
  type AttendeeSort,
  type SortDirection,
  type TicketOrigin,
} from '@concert/shared/api';
import { formatDateTime, SelectField, TextField } from '@concert/shared/ui';
import { useState } from 'react';
import { PagedSearchResults, usePagedSearch, type PagedSearch } from '../../components/paged-search.js';
import { auditActionLabel } from '../../lib/audit-labels.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { Exports } from './exports.js';

const PAGE = 50;
/** From this width the list is a table (issue 30 §5); below it, cards that fit a phone. */
export const TABLE_MEDIA = '(min-width: 1024px)';
interface Filter {
  search: string;
  origin: '' | TicketOrigin;
  checkedIn: '' | 'yes' | 'no';
  sort: AttendeeSort;
  dir: SortDirection;
}
const NO_FILTER: Filter = { search: '', origin: '', checkedIn: '', sort: 'confirmedAt', dir: 'desc' };
/** A column's first direction when sorted by it: names A–Ö, times newest first. */
const FIRST_DIRECTION: Record<AttendeeSort, SortDirection> = {
  confirmedAt: 'desc',
  checkedInAt: 'desc',
  name: 'asc',
};

/**
 * admin/attendees: every confirmed ticket, newest first, a page at a time (keyset: "show more"
 * continues after the last one shown); search and filters; each ticket's history on demand;
 * the exports. On a phone cards, so nothing is cut off; from 1024 px a dense table with
 * sortable columns and pages.
 */
export function AttendeesPage() {
  const t = useCopy();
  const wide = useMediaQuery(TABLE_MEDIA);
  const [pageIndex, setPageIndex] = useState(0);
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
        ...(filter.sort !== NO_FILTER.sort || filter.dir !== NO_FILTER.dir
          ? { sort: filter.sort, dir: filter.dir }
          : {}),
        ...(cursor ? { cursor } : {}),
      }),
  });
  const { draft, setDraft } = list;
  // The page shown, never past the rows there are (a new search has fewer).
  const lastPage = Math.max(0, Math.ceil(list.rows.length / PAGE) - 1);
  const page = Math.min(pageIndex, lastPage);

  return (
    <article className={wide ? 'admin-page admin-page-wide' : 'admin-page'}>
      <h1 tabIndex={-1}>{t('admin.attendees.title')}</h1>
      <Exports />
      <PagedSearchResults
        list={{
          ...list,
          search: (e) => {
            setPageIndex(0);
            list.search(e);
          },
        }}
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
              : wide
                ? t('admin.attendees.table.rows', {
                    position: page * PAGE + 1,
                    count: Math.min(rows.length, (page + 1) * PAGE),
                  })
                : t('admin.attendees.shown', { count: rows.length })}
          </p>
        )}
        listClassName="admin-cards attendees"
        renderRow={(row) => <AttendeeCard key={row.ticketId} row={row} />}
        moreLabel={t('admin.attendees.more')}
        renderList={
          wide
            ? (rows) => (
                <AttendeeTable
                  rows={rows.slice(page * PAGE, (page + 1) * PAGE)}
                  list={list}
                  page={page}
                  hasNext={rows.length > (page + 1) * PAGE || !!list.nextCursor}
                  onPage={async (next) => {
                    if (next > page && rows.length <= next * PAGE && !(await list.loadMore())) return;
                    setPageIndex(next);
                  }}
                  onSort={(sort) => {
                    setPageIndex(0);
                    list.apply((f) => ({
                      ...f,
                      sort,
                      dir: f.sort === sort ? (f.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[sort],
                    }));
                  }}
                />
              )
            : undefined
        }
      />
    </article>
  );
}

const attendeeName = (t: ReturnType<typeof useCopy>, row: AttendeeRow) =>
  row.firstName || row.lastName
    ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim()
    : t('admin.attendees.erased');

/** The ticket's state in the office's words (the exports' too). */
function StateWord({ row }: { row: AttendeeRow }) {
  const t = useCopy();
  const state = ticketState(row);
  return (
    <span className={`ticket-state ${state}`} data-state={state}>
      {t(ticketStateKey(state))}
    </span>
  );
}

/** A ticket's history, loaded when opened; a second press closes it. */
function useHistory(ticketId: string) {
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

function HistoryToggle({
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

function HistoryView({
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

function AttendeeCard({ row }: { row: AttendeeRow }) {
  const t = useCopy();
  const { history, failure, toggle } = useHistory(row.ticketId);
  const name = attendeeName(t, row);
  const historyId = `history-${row.ticketId}`;
  return (
    <li className="admin-card" data-ticket={row.ticketId}>
      <p className="admin-card-title wrap-anywhere">{name}</p>
      {row.email && <p className="wrap-anywhere">{row.email}</p>}
      <p className="ticket-id">{t('admin.attendees.ticketCode', { ticketId: row.ticketCode })}</p>
      <p>{t(`admin.attendees.origins.${row.origin}`)}</p>
      <p>
        <StateWord row={row} />
      </p>
      {row.mandateRejected && <p className="attendee-flag">{t('admin.autogiro.states.rejected')}</p>}
      <p>{t('admin.attendees.confirmedAt', { time: formatDateTime(row.confirmedAt) })}</p>
      <p>
        {row.checkedInAt
          ? t('admin.attendees.checkedInAt', { time: formatDateTime(row.checkedInAt) })
          : t('admin.attendees.notCheckedIn')}
      </p>
      <HistoryToggle
        row={row}
        name={name}
        open={!!history}
        controls={historyId}
        onToggle={() => void toggle()}
      />
      <div id={historyId} aria-live="polite">
        <HistoryView row={row} history={history} failure={failure} />
      </div>
    </li>
  );
}

const COLUMNS = [
  'name',
  'email',
  'ticketCode',
  'origin',
  'state',
  'confirmedAt',
  'checkedInAt',
  'history',
] as const;
type Column = (typeof COLUMNS)[number];
const SORTABLE: Partial<Record<Column, AttendeeSort>> = {
  name: 'name',
  confirmedAt: 'confirmedAt',
  checkedInAt: 'checkedInAt',
};

/** The desktop's list: one row per ticket, sortable by name, code and times (the server sorts), a page at a time. */
function AttendeeTable({
  rows,
  list,
  page,
  hasNext,
  onPage,
  onSort,
}: {
  rows: AttendeeRow[];
  list: PagedSearch<Filter, AttendeePage>;
  page: number;
  hasNext: boolean;
  onPage: (page: number) => Promise<void>;
  onSort: (sort: AttendeeSort) => void;
}) {
  const t = useCopy();
  const [busy, setBusy] = useState(false);
  const go = async (next: number) => {
    setBusy(true);
    try {
      await onPage(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {/* Focusable and named: keyboard users can scroll it when it is wider than the window (WCAG 2.1.1). */}
      <div
        className="table-scroll attendee-table-wrap"
        tabIndex={0}
        role="group"
        aria-label={t('admin.attendees.table.caption', { position: page + 1 })}
      >
        <table className="attendee-table">
          <caption className="visually-hidden">
            {t('admin.attendees.table.caption', { position: page + 1 })}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const label = t(`admin.attendees.columns.${column}`);
                const sort = SORTABLE[column];
                if (!sort)
                  return (
                    <th key={column} scope="col">
                      {label}
                    </th>
                  );
                const active = list.filter.sort === sort;
                const dir = active ? list.filter.dir : undefined;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                  >
                    <button type="button" className="sort-button" onClick={() => onSort(sort)}>
                      {label}
                      <span className="sort-mark" aria-hidden="true">
                        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <AttendeeTableRow key={row.ticketId} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <nav className="attendee-pages" aria-label={t('admin.attendees.table.pages')}>
        <button
          type="button"
          className="button secondary"
          disabled={page === 0 || busy}
          onClick={() => void go(page - 1)}
        >
          {t('admin.attendees.table.previous')}
        </button>
        <span>{t('admin.attendees.table.page', { position: page + 1 })}</span>
        <button
          type="button"
          className="button secondary"
          disabled={!hasNext || busy}
          onClick={() => void go(page + 1)}
        >
          {t('admin.attendees.table.next')}
        </button>
      </nav>
    </>
  );
}

function AttendeeTableRow({ row }: { row: AttendeeRow }) {
  const t = useCopy();
  const { history, failure, toggle } = useHistory(row.ticketId);
  const name = attendeeName(t, row);
  const historyId = `history-${row.ticketId}`;
  return (
    <>
      <tr data-ticket={row.ticketId}>
        <th scope="row" className="wrap-anywhere">
          {name}
        </th>
        <td className="wrap-anywhere">{row.email ?? ''}</td>
        <td className="ticket-code">{row.ticketCode}</td>
        <td>{t(`admin.attendees.origins.${row.origin}`)}</td>
        <td>
          <StateWord row={row} />
          {row.mandateRejected && (
            <span className="attendee-flag"> · {t('admin.autogiro.states.rejected')}</span>
          )}
        </td>
        <td className="nowrap">
          <time dateTime={row.confirmedAt}>{formatDateTime(row.confirmedAt)}</time>
        </td>
        <td className="nowrap">
          {row.checkedInAt ? <time dateTime={row.checkedInAt}>{formatDateTime(row.checkedInAt)}</time> : '–'}
        </td>
        <td>
          <HistoryToggle
            row={row}
            name={name}
            open={!!history}
            controls={historyId}
            onToggle={() => void toggle()}
          />
        </td>
      </tr>
      <tr className="attendee-history-row" hidden={!history && failure === null}>
        <td colSpan={COLUMNS.length} id={historyId} aria-live="polite">
          <HistoryView row={row} history={history} failure={failure} />
        </td>
      </tr>
    </>
  );
}

const TICKET_EVENTS = ['confirmed', 'checkedIn', 'mailQueued', 'mailSent'] as const;
function historyLabel(t: ReturnType<typeof useCopy>, what: string): string {
  const event = TICKET_EVENTS.find((e) => e === what);
  return event ? t(`admin.attendees.history.${event}`) : auditActionLabel(t, what);
}
