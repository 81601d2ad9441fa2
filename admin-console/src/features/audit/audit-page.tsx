import { staffApi, useCopy } from '@concert/shared/browser';
import type { AuditRow } from '@concert/shared/api';
import { formatDateTime, SelectField, TextField } from '@concert/shared/ui';
import { PagedSearchResults, usePagedSearch } from '../../components/paged-search.js';
import { auditActionLabel, auditSentence } from '../../lib/audit-labels.js';

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
  const list = usePagedSearch({
    name: 'listAudit',
    noFilter: NO_FILTER,
    tidy: (draft) => ({ ...draft, staff: draft.staff.trim(), subject: draft.subject.trim() }),
    load: (filter, cursor?: string) =>
      staffApi.call('listAudit', {
        limit: PAGE,
        ...(filter.action ? { action: filter.action } : {}),
        ...(filter.staff ? { staff: filter.staff } : {}),
        ...(filter.subject ? { subject: filter.subject } : {}),
        // Whole days in the reader's time zone: from its first moment, to the next day's first.
        ...(filter.from ? { from: new Date(`${filter.from}T00:00`).toISOString() } : {}),
        ...(filter.to
          ? { to: new Date(new Date(`${filter.to}T00:00`).getTime() + 86_400_000).toISOString() }
          : {}),
        ...(cursor ? { cursor } : {}),
      }),
  });
  const { draft, setDraft } = list;
  const bind = (name: keyof Filter) => ({
    name: `audit-${name}`,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });

  return (
    <article className="admin-page">
      <h1 tabIndex={-1}>{t('admin.audit.title')}</h1>
      <p>{t('admin.audit.intro')}</p>
      <PagedSearchResults
        list={list}
        filters={
          <>
            <SelectField
              {...bind('action')}
              label={t('admin.audit.action.label')}
              options={[
                { value: '', label: t('admin.audit.action.all') },
                ...(list.first.data?.actions ?? []).map((a) => ({ value: a, label: auditActionLabel(t, a) })),
              ]}
            />
            <TextField {...bind('staff')} label={t('admin.audit.staff.label')} />
            <TextField {...bind('subject')} label={t('admin.audit.subject.label')} />
            <TextField {...bind('from')} type="date" label={t('admin.audit.from.label')} />
            <TextField {...bind('to')} type="date" label={t('admin.audit.to.label')} />
          </>
        }
        searchLabel={t('admin.audit.search')}
        errorText={(message) => t('admin.audit.error', { message })}
        status={(rows) => rows.length === 0 && <p role="status">{t('admin.audit.empty')}</p>}
        listClassName="admin-cards audit"
        renderRow={(row) => <AuditCard key={row.id} row={row} />}
        moreLabel={t('admin.audit.more')}
      />
    </article>
  );
}

/** A row as a sentence (names, Stockholm time), with the record as stored one click away. */
function AuditCard({ row }: { row: AuditRow }) {
  const t = useCopy();
  const field = (name: 'id' | 'at' | 'action' | 'staff' | 'subject' | 'before' | 'after', value: string) => (
    <>
      <dt>{t(`admin.audit.recordFields.${name}`)}</dt>
      <dd className="wrap-anywhere">{value}</dd>
    </>
  );
  return (
    <li className="admin-card" data-action={row.action}>
      <p className="admin-card-title audit-sentence wrap-anywhere">{auditSentence(t, row)}</p>
      <p className="audit-meta">
        <time dateTime={row.at}>{formatDateTime(row.at)}</time> · {auditActionLabel(t, row.action)}
      </p>
      <details className="audit-record">
        <summary>{t('admin.audit.record')}</summary>
        <dl>
          {field('id', row.id)}
          {field('at', `${formatDateTime(row.at)} (${row.at})`)}
          {field('action', row.action)}
          {field('staff', row.staff ?? t('admin.audit.system'))}
          {row.subject && field('subject', row.subject)}
          {row.before && field('before', JSON.stringify(row.before))}
          {row.after && field('after', JSON.stringify(row.after))}
        </dl>
      </details>
    </li>
  );
}
