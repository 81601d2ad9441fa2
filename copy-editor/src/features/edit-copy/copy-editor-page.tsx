import { apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import type { CopyRow } from '@concert/shared/api';
import { Unavailable, useApiQuery } from '@concert/shared/ui';
import { useDeferredValue, useMemo, useState } from 'react';
import { Popup, type PopupMessage } from '../../components/popup.js';
import { EntryEditor } from './entry-editor.js';

const editButtonId = (key: string) => `copy-edit-${key}`;

/**
 * admin/copy: every copy entry grouped by the key's first section, searchable across keys and
 * both texts; one entry at a time opens for editing (both languages side by side, live preview,
 * history).
 */
export function CopyEditorPage() {
  const t = useCopy();
  const { data: rows, setData: setRows, failure, reload: load } = useApiQuery(['listCopy'], () => staffApi.call('listCopy', {}));
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const deferredQuery = useDeferredValue(query);

  const groups = useMemo(() => {
    const q = deferredQuery.trim().toLowerCase();
    const bySection = new Map<string, CopyRow[]>();
    for (const row of rows ?? []) {
      // The entry being edited stays on screen while the search changes.
      if (q && row.key !== editing && ![row.key, row.sv, row.en].some((s) => s.toLowerCase().includes(q))) continue;
      const section = row.key.split('.')[0]!;
      bySection.set(section, [...(bySection.get(section) ?? []), row]);
    }
    return [...bySection.entries()];
  }, [rows, deferredQuery, editing]);
  const shown = groups.reduce((n, [, entries]) => n + entries.length, 0);

  const close = (key: string) => {
    setEditing(null);
    // Back to the entry's edit button, so keyboard users continue where they were.
    setTimeout(() => document.getElementById(editButtonId(key))?.focus(), 0);
  };

  const saved = (row: CopyRow) => {
    setRows((list) => list?.map((r) => (r.key === row.key ? row : r)) ?? null);
    setPopup({ kind: 'success', text: t('copyEditor.saveSuccess') });
    close(row.key);
  };

  const reload = async (key: string) => (await load())?.find((r) => r.key === key);

  return (
    <article className="copy-editor">
      <h1>{t('copyEditor.title')}</h1>
      <p>{t('copyEditor.intro')}</p>
      <div className="field">
        <label htmlFor="copy-search">{t('copyEditor.search.label')}</label>
        <input
          id="copy-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('copyEditor.search.placeholder')}
          aria-describedby="copy-count"
        />
      </div>
      <p id="copy-count" className="copy-count" aria-live="polite">
        {rows ? t('copyEditor.count', { count: shown, total: rows.length }) : ''}
      </p>
      {failure !== null && (
        <Unavailable
          message={t('copyEditor.loadError', { message: apiErrorText(t, failure) })}
          retry={{ label: t('copyEditor.retry'), onRetry: () => void load() }}
        />
      )}
      {rows && shown === 0 && <p>{t('copyEditor.noResults')}</p>}
      {groups.map(([section, entries]) => (
        <section key={section} className="copy-section" aria-labelledby={`copy-section-${section}`}>
          <h2 id={`copy-section-${section}`}>{section}</h2>
          <ul className="copy-entries">
            {entries.map((row) => (
              <li key={row.key} className="copy-entry">
                {editing === row.key ? (
                  <EntryEditor
                    row={row}
                    onSaved={saved}
                    onCancel={() => close(row.key)}
                    onReload={() => reload(row.key)}
                    onSaveFailed={(err) => setPopup({ kind: 'error', text: `${t('copyEditor.saveError')} ${apiErrorText(t, err)}` })}
                  />
                ) : (
                  <EntryRow row={row} onEdit={() => setEditing(row.key)} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Popup message={popup} />
    </article>
  );
}

function EntryRow({ row, onEdit }: { row: CopyRow; onEdit: () => void }) {
  const t = useCopy();
  return (
    <>
      <div className="copy-entry-head">
        <code className="copy-key">{row.key}</code>
        <button type="button" id={editButtonId(row.key)} className="button secondary copy-edit" onClick={onEdit}>
          {t('copyEditor.edit')}
          <span className="visually-hidden"> {row.key}</span>
        </button>
      </div>
      <dl className="copy-texts">
        <div>
          <dt>{t('copyEditor.swedish')}</dt>
          <dd lang="sv">{row.sv}</dd>
        </div>
        <div>
          <dt>{t('copyEditor.english')}</dt>
          <dd lang="en">{row.en}</dd>
        </div>
      </dl>
    </>
  );
}
