// One ticket as the office sees it: a card on a phone, a table row from 1024 px.
import { useCopy } from '@concert/shared/browser';
import {
  ticketState,
  ticketStateKey,
  type AttendeeRow,
  type AttendeeSort,
  type SortDirection,
} from '@concert/shared/api';
import { formatDateTime } from '@concert/shared/ui';
import { useState } from 'react';
import { HistoryToggle, HistoryView, useHistory } from './attendee-history.js';
import { TicketActions } from './ticket-actions.js';

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

export function AttendeeCard({ row: listed }: { row: AttendeeRow }) {
  const t = useCopy();
  // What the office's actions made of it (cancelled, moved), until the list is read again.
  const [row, setRow] = useState(listed);
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
      <TicketActions row={row} name={name} onChange={setRow} />
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
  'actions',
] as const;
type Column = (typeof COLUMNS)[number];
const SORTABLE: Partial<Record<Column, AttendeeSort>> = {
  name: 'name',
  confirmedAt: 'confirmedAt',
  checkedInAt: 'checkedInAt',
};

/** The desktop's list: one row per ticket, sortable by name, code and times (the server sorts), a page at a time. */
export function AttendeeTable({
  rows,
  list,
  page,
  hasNext,
  onPage,
  onSort,
}: {
  rows: AttendeeRow[];
  /** The server's order now. */
  list: { filter: { sort: AttendeeSort; dir: SortDirection } };
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

function AttendeeTableRow({ row: listed }: { row: AttendeeRow }) {
  const t = useCopy();
  const [row, setRow] = useState(listed);
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
        <td>
          <TicketActions row={row} name={name} onChange={setRow} />
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
