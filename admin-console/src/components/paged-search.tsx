import { apiErrorText, useCopy } from '@concert/shared/browser';
import { Loading, Unavailable, useApiQuery, type ApiQuery } from '@concert/shared/ui';
import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';

/** A page of a list function's answer: its rows, and where the next page begins (keyset), if any. */
interface Paged<Row = unknown> {
  rows: Row[];
  nextCursor: string | null;
}
type RowOf<Answer extends Paged> = Answer['rows'][number];

export interface PagedSearch<Filter, Answer extends Paged> {
  /** The filter as typed, not yet searched for. */
  draft: Filter;
  setDraft: Dispatch<SetStateAction<Filter>>;
  /** The first page for the filter searched for (its answer may carry more than rows). */
  first: ApiQuery<Answer>;
  /** The rows shown: the first page and every page "show more" added. */
  rows: RowOf<Answer>[];
  nextCursor: string | null;
  moreFailure: unknown;
  search: (e: FormEvent) => void;
  /** Loads the next page; false when it could not be had (moreFailure says why) or there is none. */
  loadMore: () => Promise<boolean>;
  /** The filter searched for (not the draft). */
  filter: Filter;
  /** Searches at once with a changed filter (e.g. a table's sort), the draft following it. */
  apply: (change: (filter: Filter) => Filter) => void;
}

/**
 * A staff list searched with a filter form and read a page at a time, newest first: the search
 * loads the first page for the filter as typed (`tidy` trims it), "show more" continues after the
 * last row shown.
 */
export function usePagedSearch<Filter, Answer extends Paged>({
  name,
  noFilter,
  tidy,
  load,
}: {
  /** The list function's name (the query's key with the filter). */
  name: string;
  noFilter: Filter;
  tidy: (draft: Filter) => Filter;
  load: (filter: Filter, cursor?: string) => Promise<Answer>;
}): PagedSearch<Filter, Answer> {
  const [draft, setDraft] = useState<Filter>(noFilter);
  const [filter, setFilter] = useState<Filter>(noFilter);
  const [more, setMore] = useState<Paged<RowOf<Answer>> | null>(null);
  const [moreFailure, setMoreFailure] = useState<unknown>(null);
  const first = useApiQuery([name, filter], () => load(filter));
  const rows = [...(first.data?.rows ?? []), ...(more?.rows ?? [])];
  const nextCursor = more ? more.nextCursor : (first.data?.nextCursor ?? null);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setMore(null);
    setFilter(tidy(draft));
  };
  const loadMore = async () => {
    if (!nextCursor) return false;
    try {
      const page = await load(filter, nextCursor);
      setMore((m) => ({ rows: [...(m?.rows ?? []), ...page.rows], nextCursor: page.nextCursor }));
      setMoreFailure(null);
      return true;
    } catch (error) {
      setMoreFailure(error);
      return false;
    }
  };
  const apply = (change: (filter: Filter) => Filter) => {
    setMore(null);
    setMoreFailure(null);
    setFilter(change);
    setDraft(change);
  };
  return { draft, setDraft, first, rows, nextCursor, moreFailure, search, loadMore, filter, apply };
}

/**
 * The filter form (`filters`, then the search button) and what it found: why it could not be
 * loaded (with a retry), a placeholder while it loads, else the status line, the rows as cards
 * and "show more" while there are more.
 */
export function PagedSearchResults<Filter, Answer extends Paged>({
  list,
  filters,
  searchLabel,
  errorText,
  status,
  listClassName,
  renderRow,
  moreLabel,
  renderList,
}: {
  list: PagedSearch<Filter, Answer>;
  filters: ReactNode;
  searchLabel: string;
  /** The list's error message around the API's reason. */
  errorText: (message: string) => string;
  /** The status line over the rows (how many, or none). */
  status: (rows: RowOf<Answer>[]) => ReactNode;
  listClassName: string;
  renderRow: (row: RowOf<Answer>) => ReactNode;
  moreLabel: string;
  /** Another way to show the rows (e.g. a table with its own paging) instead of the cards and "show more". */
  renderList?: (rows: RowOf<Answer>[]) => ReactNode;
}) {
  const t = useCopy();
  const { first, rows, nextCursor, moreFailure } = list;
  return (
    <>
      <form className="admin-filters" role="search" onSubmit={list.search}>
        {filters}
        <button type="submit" className="button">
          {searchLabel}
        </button>
      </form>
      {first.failure !== null && (
        <Unavailable
          message={errorText(apiErrorText(t, first.failure))}
          retry={{ label: t('admin.dashboard.retry'), onRetry: () => void first.reload() }}
        />
      )}
      {!first.data && first.failure === null && <Loading className="admin-loading" />}
      {first.data && (
        <>
          {status(rows)}
          {renderList ? renderList(rows) : <ul className={listClassName}>{rows.map(renderRow)}</ul>}
          {moreFailure !== null && <Unavailable message={errorText(apiErrorText(t, moreFailure))} />}
          {nextCursor && !renderList && (
            <button
              type="button"
              className="button secondary admin-more"
              onClick={() => void list.loadMore()}
            >
              {moreLabel}
            </button>
          )}
        </>
      )}
    </>
  );
}
