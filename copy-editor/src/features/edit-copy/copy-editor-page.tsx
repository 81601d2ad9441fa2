import { apiErrorText, concertCopyVariablesAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { CopyDraft, CopyRow } from '@concert/shared/api';
import { Unavailable, useApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Popup, type PopupMessage } from '../../components/popup.js';
import { COPY_GROUPS, copyGroupOf, type CopyGroup, type CopyGroupId } from '../../lib/copy-groups.js';
import { searchableText, searchForm } from '../../lib/copy-search.js';
import { EntryEditor } from './entry-editor.js';
import { EntryRow, editButtonId } from './entry-row.js';

const sectionToggleId = (group: CopyGroupId) => `copy-section-toggle-${group}`;

/** A phone: the list starts with its sections closed (387 entries open were ~88,000 px to scroll). */
const narrowScreen = () => typeof matchMedia === 'function' && matchMedia('(max-width: 759px)').matches;

type Drafts = ReadonlyMap<string, CopyDraft>;

async function loadTexts(): Promise<{ rows: CopyRow[]; drafts: Drafts }> {
  const [rows, drafts] = await Promise.all([
    staffApi.call('listCopy', {}),
    staffApi.call('listCopyDrafts', {}),
  ]);
  return { rows, drafts: new Map(drafts.map((d) => [d.key, d])) };
}

/**
 * admin/copy: every copy entry grouped by the page or screen it is on (human names, in the order a
 * visitor meets them), searchable across keys and both languages (as stored and as visitors see them), or narrowed to the texts with a
 * draft; one entry at a time opens for editing (both languages side by side, live preview,
 * history, publish at once or save a draft to preview on the real page). Sections open and close
 * (on a phone they start closed; a search opens those with matches); the search and a page picker
 * stay at the top of the screen; an opened entry is scrolled to and takes the focus.
 */
export function CopyEditorPage() {
  const t = useCopy();
  const { data, setData, failure, reload: load } = useApiQuery(['listCopy'], loadTexts);
  const rows = data?.rows;
  const drafts: Drafts = data?.drafts ?? new Map();
  const concertVariables = useAtomValue(concertCopyVariablesAtom);
  // Each entry's texts as stored and as visitors see them, made once per load, edit or concert change.
  const searchable = useMemo(
    () =>
      new Map(
        (data?.rows ?? []).map((row) => [
          row.key,
          searchableText(row, data?.drafts.get(row.key), concertVariables),
        ]),
      ),
    [data, concertVariables],
  );
  const [query, setQuery] = useState('');
  const [draftsOnly, setDraftsOnly] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const deferredQuery = useDeferredValue(query);
  const [expanded, setExpanded] = useState<ReadonlySet<CopyGroupId> | 'all'>(() =>
    narrowScreen() ? new Set() : 'all',
  );
  const searching = deferredQuery.trim() !== '';
  const filtering = searching || draftsOnly;
  const isOpen = (group: CopyGroupId) =>
    filtering ||
    expanded === 'all' ||
    expanded.has(group) ||
    (editing !== null && copyGroupOf(editing).id === group);
  const present = useMemo(() => {
    const ids = new Set((rows ?? []).map((r) => copyGroupOf(r.key).id));
    return COPY_GROUPS.filter((g) => ids.has(g.id));
  }, [rows]);
  const setOpen = (group: CopyGroupId, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current === 'all' ? present.map((g) => g.id) : current);
      if (open) next.add(group);
      else next.delete(group);
      return next;
    });
  const picker = useRef<HTMLSelectElement>(null);
  const goToGroup = (group: CopyGroupId | '') => {
    if (!group) return;
    setOpen(group, true);
    // after the section has opened: to its heading, below the bar that stays at the top
    setTimeout(() => {
      const toggle = document.getElementById(sectionToggleId(group));
      toggle?.focus();
      toggle?.scrollIntoView?.({ block: 'start' });
      if (picker.current) picker.current.value = '';
    }, 0);
  };

  const groups = useMemo(() => {
    const q = searchForm(deferredQuery.trim());
    const byGroup = new Map<CopyGroup, CopyRow[]>();
    for (const row of rows ?? []) {
      const draft = data?.drafts.get(row.key);
      // The entry being edited stays on screen while the search changes.
      const shown =
        row.key === editing ||
        ((!q || searchable.get(row.key)!.includes(q)) && (!draftsOnly || draft !== undefined));
      if (!shown) continue;
      const group = copyGroupOf(row.key);
      byGroup.set(group, [...(byGroup.get(group) ?? []), row]);
    }
    return COPY_GROUPS.filter((g) => byGroup.has(g)).map((g) => [g, byGroup.get(g)!] as const);
  }, [rows, data, searchable, deferredQuery, draftsOnly, editing]);
  const shown = groups.reduce((n, [, entries]) => n + entries.length, 0);

  const close = (key: string) => {
    setEditing(null);
    // Back to the entry's edit button, so keyboard users continue where they were.
    setTimeout(() => document.getElementById(editButtonId(key))?.focus(), 0);
  };

  const setDraft = (key: string, draft: CopyDraft | undefined) =>
    setData((current) => {
      if (!current) return current;
      const next = new Map(current.drafts);
      if (draft) next.set(key, draft);
      else next.delete(key);
      return { ...current, drafts: next };
    });

  const published = (row: CopyRow) => {
    setData(
      (current) => current && { ...current, rows: current.rows.map((r) => (r.key === row.key ? row : r)) },
    );
    // Publishing ends the key's draft (the server's rule too).
    setDraft(row.key, undefined);
    setPopup({ kind: 'success', text: t('copyEditor.saveSuccess') });
  };

  const publishDraft = async (key: string) => {
    try {
      published(await staffApi.call('publishCopyDraft', { key }));
    } catch (err) {
      setPopup({ kind: 'error', text: `${t('copyEditor.saveError')} ${apiErrorText(t, err)}` });
    }
  };

  const reload = async (key: string) => {
    const latest = await load();
    return latest && { row: latest.rows.find((r) => r.key === key), draft: latest.drafts.get(key) };
  };

  const count = !rows
    ? ''
    : searching
      ? t(shown === 1 ? 'copyEditor.matchesOne' : 'copyEditor.matches', { count: shown })
      : t('copyEditor.count', { count: shown, total: rows.length });

  return (
    <article className="copy-editor">
      <h1>{t('copyEditor.title')}</h1>
      <p>{t('copyEditor.intro')}</p>
      {/* Stays at the top while the list scrolls: search and the way to a page are always at hand. */}
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
            onChange={(e) => goToGroup(e.target.value as CopyGroupId | '')}
          >
            <option value="">{t('copyEditor.jump.placeholder')}</option>
            {present.map((group) => (
              <option key={group.id} value={group.id}>
                {t(`copyEditor.groups.${group.id}`)}
              </option>
            ))}
          </select>
        </div>
        <p id="copy-count" className="copy-count" aria-live="polite">
          {count}
        </p>
      </div>
      <div className="copy-filters">
        <label className="checkbox">
          <input type="checkbox" checked={draftsOnly} onChange={(e) => setDraftsOnly(e.target.checked)} />{' '}
          {t('copyEditor.draftsOnly')} ({drafts.size})
        </label>
      </div>
      {failure !== null && (
        <Unavailable
          message={t('copyEditor.loadError', { message: apiErrorText(t, failure) })}
          retry={{ label: t('copyEditor.retry'), onRetry: () => void load() }}
        />
      )}
      {rows && shown === 0 && <p>{t('copyEditor.noResults')}</p>}
      {groups.map(([group, entries]) => {
        const open = isOpen(group.id);
        const name = t(`copyEditor.groups.${group.id}`);
        return (
          <section key={group.id} className="copy-section" aria-labelledby={`copy-section-${group.id}`}>
            <h2>
              <button
                type="button"
                id={sectionToggleId(group.id)}
                className="copy-section-toggle"
                aria-expanded={open}
                aria-controls={`copy-section-list-${group.id}`}
                disabled={filtering}
                onClick={() => setOpen(group.id, !open)}
              >
                <span className="copy-section-chevron" aria-hidden="true">
                  ▸
                </span>
                <span id={`copy-section-${group.id}`}>{name}</span>{' '}
                <span className="copy-section-count">({entries.length})</span>
              </button>
            </h2>
            {open && (
              <ul className="copy-entries" id={`copy-section-list-${group.id}`}>
                {entries.map((row) => (
                  <li key={row.key} className="copy-entry">
                    {editing === row.key ? (
                      <EntryEditor
                        row={row}
                        draft={drafts.get(row.key)}
                        onPublished={(saved) => {
                          published(saved);
                          close(saved.key);
                        }}
                        onDraftChanged={(draft) => {
                          setDraft(row.key, draft);
                          setPopup({
                            kind: 'success',
                            text: t(draft ? 'copyEditor.draftSaved' : 'copyEditor.draftDiscarded'),
                          });
                        }}
                        onCancel={() => close(row.key)}
                        onReload={() => reload(row.key)}
                        onSaveFailed={(err, draft) =>
                          setPopup({
                            kind: 'error',
                            text: `${t(draft ? 'copyEditor.draftSaveError' : 'copyEditor.saveError')} ${apiErrorText(t, err)}`,
                          })
                        }
                      />
                    ) : (
                      <EntryRow
                        row={row}
                        draft={drafts.get(row.key)}
                        onEdit={() => setEditing(row.key)}
                        onPublishDraft={() => publishDraft(row.key)}
                      />
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
