import { apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import type { CopyRow } from '@concert/shared/api';
import { Unavailable, useApiQuery } from '@concert/shared/ui';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Popup, type PopupMessage } from '../../components/popup.js';
import { EntryEditor } from './entry-editor.js';

const editButtonId = (key: string) => `copy-edit-${key}`;
const sectionToggleId = (section: string) => `copy-section-toggle-${section}`;

/** A phone: the list starts with its sections closed (387 entries open were ~88,000 px to scroll). */
const narrowScreen = () => typeof matchMedia === 'function' && matchMedia('(max-width: 759px)').matches;

/**
 * admin/copy: every copy entry grouped by the key's first section, searchable across keys and
 * both texts; one entry at a time opens for editing (both languages side by side, live preview,
 * history). Sections open and close (on a phone they start closed; a search opens those with
 * matches); the search and a section picker stay at the top of the screen; an opened entry is
 * scrolled to and takes the focus.
 */
export function CopyEditorPage() {
  const t = useCopy();
  const {
    data: rows,
    setData: setRows,
    failure,
    reload: load,
  } = useApiQuery(['listCopy'], () => staffApi.call('listCopy', {}));
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const deferredQuery = useDeferredValue(query);
  const [expanded, setExpanded] = useState<ReadonlySet<string> | 'all'>(() =>
    narrowScreen() ? new Set() : 'all',
  );
  const searching = deferredQuery.trim() !== '';
  const isOpen = (section: string) =>
    searching || expanded === 'all' || expanded.has(section) || editing?.split('.')[0] === section;
  const sections = useMemo(() => [...new Set((rows ?? []).map((r) => r.key.split('.')[0]!))], [rows]);
  const setOpen = (section: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current === 'all' ? sections : current);
      if (open) next.add(section);
      else next.delete(section);
      return next;
    });
  const picker = useRef<HTMLSelectElement>(null);
  const goToSection = (section: string) => {
    if (!section) return;
    setOpen(section, true);
    // after the section has opened: to its heading, below the bar that stays at the top
    setTimeout(() => {
      const toggle = document.getElementById(sectionToggleId(section));
      toggle?.focus();
      toggle?.scrollIntoView?.({ block: 'start' });
      if (picker.current) picker.current.value = '';
    }, 0);
  };

  const groups = useMemo(() => {
    const q = deferredQuery.trim().toLowerCase();
    const bySection = new Map<string, CopyRow[]>();
    for (const row of rows ?? []) {
      // The entry being edited stays on screen while the search changes.
      if (q && row.key !== editing && ![row.key, row.sv, row.en].some((s) => s.toLowerCase().includes(q)))
        continue;
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
      {/* Stays at the top while the list scrolls: search and the way to a section are always at hand. */}
      <div className="copy-toolbar" role="search">
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
        <div className="field">
          <label htmlFor="copy-section-picker">{t('copyEditor.jump.label')}</label>
          <select
            id="copy-section-picker"
            ref={picker}
            defaultValue=""
            onChange={(e) => goToSection(e.target.value)}
          >
            <option value="">{t('copyEditor.jump.placeholder')}</option>
            {sections.map((section) => (
              <option key={section} value={section}>
                {section}
              </option>
            ))}
          </select>
        </div>
        <p id="copy-count" className="copy-count" aria-live="polite">
          {rows ? t('copyEditor.count', { count: shown, total: rows.length }) : ''}
        </p>
      </div>
      {failure !== null && (
        <Unavailable
          message={t('copyEditor.loadError', { message: apiErrorText(t, failure) })}
          retry={{ label: t('copyEditor.retry'), onRetry: () => void load() }}
        />
      )}
      {rows && shown === 0 && <p>{t('copyEditor.noResults')}</p>}
      {groups.map(([section, entries]) => {
        const open = isOpen(section);
        return (
          <section key={section} className="copy-section" aria-labelledby={`copy-section-${section}`}>
            <h2>
              <button
                type="button"
                id={sectionToggleId(section)}
                className="copy-section-toggle"
                aria-expanded={open}
                aria-controls={`copy-section-list-${section}`}
                disabled={searching}
                onClick={() => setOpen(section, !open)}
              >
                <span className="copy-section-chevron" aria-hidden="true">
                  ▸
                </span>
                <span id={`copy-section-${section}`}>{section}</span>{' '}
                <span className="copy-section-count">({entries.length})</span>
              </button>
            </h2>
            {open && (
              <ul className="copy-entries" id={`copy-section-list-${section}`}>
                {entries.map((row) => (
                  <li key={row.key} className="copy-entry">
                    {editing === row.key ? (
                      <EntryEditor
                        row={row}
                        onSaved={saved}
                        onCancel={() => close(row.key)}
                        onReload={() => reload(row.key)}
                        onSaveFailed={(err) =>
                          setPopup({
                            kind: 'error',
                            text: `${t('copyEditor.saveError')} ${apiErrorText(t, err)}`,
                          })
                        }
                      />
                    ) : (
                      <EntryRow row={row} onEdit={() => setEditing(row.key)} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
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
        <button
          type="button"
          id={editButtonId(row.key)}
          className="button secondary copy-edit"
          onClick={onEdit}
        >
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
