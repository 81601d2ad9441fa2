import { staffApi, useCopy } from '@concert/shared/browser';
import {
  TICKET_ORIGINS,
  type AttendeeSort,
  type SortDirection,
  type TicketOrigin,
} from '@concert/shared/api';
import { SelectField, TextField } from '@concert/shared/ui';
import { useState } from 'react';
import { PagedSearchResults, usePagedSearch } from '../../components/paged-search.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { AttendeeCard, AttendeeTable } from './attendee-rows.js';
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
