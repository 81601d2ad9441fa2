import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { AuditRow } from '@concert/shared/api';
import { formatDateTime, Loading, SelectField, TextField, Unavailable, useApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { auditActionLabel } from '../../lib/audit-labels.js';
import { Erasure } from './erasure.js';

const PAGE = 50;
interface Filter {
  action: string;
  staff: string;
  subject: string;
  /** yyyy-mm-dd, the reader's days. */
  from: string;
  to: string;
}
const NO_FILTER: Filter = { action: '', staff: '', subject: '', from: '', to: '' };

/** admin/audit: every staff action, newest first, searchable, a page at a time; and the erasure of the sale's personal data. */
export function AuditPage() {
  const t = useCopy();
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [more, setMore] = useState<{ rows: AuditRow[]; nextCursor: string | null } | null>(null);
  const [moreFailure, setMoreFailure] = useState<unknown>(null);
  const query = (cursor?: string) =>
    staffApi.call('listAudit', {
      limit: PAGE,
      ...(filter.action ? { action: filter.action } : {}),
      ...(filter.staff ? { staff: filter.staff } : {}),
      ...(filter.subject ? { subject: filter.subject } : {}),
      // Whole days in the reader's time zone: from its first moment, to the next day's first.
      ...(filter.from ? { from: new Date(`${filter.from}T00:00`).toISOString() } : {}),
      ...(filter.to ? { to: new Date(new Date(`${filter.to}T00:00`).getTime() + 86_400_000).toISOString() } : {}),
      ...(cursor ? { cursor } : {}),
    });
  const first = useApiQuery(['listAudit', filter], () => query());
  const rows = [...(first.data?.rows ?? []), ...(more?.rows ?? [])];
  const nextCursor = more ? more.nextCursor : (first.data?.nextCursor ?? null);
  const bind = (name: keyof Filter) => ({ name: `audit-${name}`, value: draft[name], onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })) });

  const search = (e: FormEvent) => {
    e.preventDefault();
    setMore(null);
    setFilter({ ...draft, staff: draft.staff.trim(), subject: draft.subject.trim() });
  };
  const loadMore = async () => {
    if (!nextCursor) return;
    try {
      const page = await query(nextCursor);
      setMore((m) => ({ rows: [...(m?.rows ?? []), ...page.rows], nextCursor: page.nextCursor }));
      setMoreFailure(null);
    } catch (error) {
      setMoreFailure(error);
    }
  };

  return (
    <article className="admin-page">
      <h1 tabIndex={-1}>{t('admin.audit.title')}</h1>
      <p>{t('admin.audit.intro')}</p>
      <form className="admin-filters" role="search" onSubmit={search}>
        <SelectField
          {...bind('action')}
          label={t('admin.audit.action.label')}
          options={[{ value: '', label: t('admin.audit.action.all') }, ...(first.data?.actions ?? []).map((a) => ({ value: a, label: auditActionLabel(t, a) }))]}
        />
        <TextField {...bind('staff')} label={t('admin.audit.staff.label')} />
        <TextField {...bind('subject')} label={t('admin.audit.subject.label')} />
        <TextField {...bind('from')} type="date" label={t('admin.audit.from.label')} />
        <TextField {...bind('to')} type="date" label={t('admin.audit.to.label')} />
        <button type="submit" className="button">
          {t('admin.audit.search')}
        </button>
      </form>
      {first.failure !== null && <Unavailable message={t('admin.audit.error', { message: apiErrorText(t, first.failure) })} retry={{ label: t('admin.dashboard.retry'), onRetry: () => void first.reload() }} />}
      {!first.data && first.failure === null && <Loading className="admin-loading" />}
      {first.data && (
        <>
          {rows.length === 0 && <p role="status">{t('admin.audit.empty')}</p>}
          <ul className="admin-cards audit">
            {rows.map((row) => (
              <AuditCard key={row.id} row={row} />
            ))}
          </ul>
          {moreFailure !== null && <Unavailable message={t('admin.audit.error', { message: apiErrorText(t, moreFailure) })} />}
          {nextCursor && (
            <button type="button" className="button secondary admin-more" onClick={() => void loadMore()}>
              {t('admin.audit.more')}
            </button>
          )}
        </>
      )}
      <Erasure />
    </article>
  );
}

function AuditCard({ row }: { row: AuditRow }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  return (
    <li className="admin-card" data-action={row.action}>
      <p className="admin-card-title">{auditActionLabel(t, row.action)}</p>
      <p>
        <time dateTime={row.at}>{formatDateTime(row.at, lang)}</time>
      </p>
      <p className="wrap-anywhere">{row.staff ?? t('admin.audit.system')}</p>
      {row.subject && <p className="wrap-anywhere">{t('admin.audit.subject', { id: row.subject })}</p>}
      {row.before && <p className="wrap-anywhere audit-facts">{t('admin.audit.before', { message: facts(row.before) })}</p>}
      {row.after && <p className="wrap-anywhere audit-facts">{t('admin.audit.after', { message: facts(row.after) })}</p>}
    </li>
  );
}

const facts = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
