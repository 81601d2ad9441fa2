import {
  ApiError,
  concertCopyVariablesAtom,
  staffApi,
  useCopy,
  type Translate,
} from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import type { CopyDraft, CopyRow } from '@concert/shared/api';
import { LANGS, type Lang } from '@concert/shared/universal';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { availableVariables, copyProblems, previewCopy, type CopyProblem } from '../../lib/copy-checks.js';
import { copyGroupOf, copyGroupPage } from '../../lib/copy-groups.js';
import { EntryHistory } from './entry-history.js';
import { CopyTexts, DraftSaved, LANG_LABEL_KEYS, PreviewLinks } from './entry-row.js';

interface Props {
  row: CopyRow;
  /** The key's saved draft, which the editor opens with. */
  draft: CopyDraft | undefined;
  onPublished: (row: CopyRow) => void;
  /** A draft saved (the draft) or discarded (undefined). */
  onDraftChanged: (draft: CopyDraft | undefined) => void;
  onCancel: () => void;
  /** Fetches the entry and its draft as saved now (after someone else's save). */
  onReload: () => Promise<{ row: CopyRow | undefined; draft: CopyDraft | undefined } | null>;
  onSaveFailed: (err: unknown, draft: boolean) => void;
}

const sameTexts = (a: Record<Lang, string>, b: Record<Lang, string>) => a.sv === b.sv && a.en === b.en;

/**
 * One entry's editor: Swedish and English side by side, each with a live preview and its
 * problems (empty, unknown variables) flagged while typing and enforced before saving. Publishes
 * in one step, or saves a draft first (previewed on the real page, published or discarded later);
 * both with the published version it started from, so someone else's publish meanwhile is not
 * overwritten.
 */
export function EntryEditor({
  row,
  draft,
  onPublished,
  onDraftChanged,
  onCancel,
  onReload,
  onSaveFailed,
}: Props) {
  const t = useCopy();
  // The current concert's facts as the server derived them: the preview shows what visitors see.
  const concertVariables = useAtomValue(concertCopyVariablesAtom);
  const id = useId();
  const [base, setBase] = useState(row);
  const [savedDraft, setSavedDraft] = useState(draft);
  const [texts, setTexts] = useState<Record<Lang, string>>({ sv: (draft ?? row).sv, en: (draft ?? row).en });
  const [saving, setSaving] = useState<'publish' | 'draft' | 'discard' | false>(false);
  const [blocked, setBlocked] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const areas = useRef<Partial<Record<Lang, HTMLTextAreaElement | null>>>({});
  const message = useRef<HTMLDivElement>(null);

  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The opened entry is what the screen is about now: its top in view (below the search bar), the Swedish text focused.
    form.current?.scrollIntoView?.({ block: 'start' });
    areas.current.sv?.focus({ preventScroll: true });
  }, []);

  const problems = { sv: copyProblems(texts.sv, 'sv'), en: copyProblems(texts.en, 'en') };
  const firstWithProblems = LANGS.find((lang) => problems[lang].length > 0);

  const outdated = savedDraft !== undefined && savedDraft.basedOn !== base.updatedAt;
  const unsaved = !sameTexts(texts, savedDraft ?? base);

  /** Publishes (one step) or saves the draft of the texts as they are, over the version the editor started from. */
  const save = async (kind: 'publish' | 'draft') => {
    if (saving) return;
    if (firstWithProblems) {
      setBlocked(true);
      areas.current[firstWithProblems]?.focus();
      return;
    }
    setSaving(kind);
    const payload = { key: base.key, sv: texts.sv, en: texts.en, expectedUpdatedAt: base.updatedAt };
    try {
      if (kind === 'publish') {
        onPublished(await staffApi.call('updateCopy', payload));
        return;
      }
      const saved = await staffApi.call('saveCopyDraft', payload);
      setSavedDraft(saved);
      setBlocked(false);
      onDraftChanged(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 'ABORTED') {
        setConflict(true);
        message.current?.focus();
      } else {
        onSaveFailed(err, kind === 'draft');
      }
    }
    setSaving(false);
  };

  const discard = async () => {
    if (saving) return;
    setSaving('discard');
    try {
      await staffApi.call('discardCopyDraft', { key: base.key });
      setSavedDraft(undefined);
      setTexts({ sv: base.sv, en: base.en });
      onDraftChanged(undefined);
      areas.current.sv?.focus();
    } catch (err) {
      onSaveFailed(err, true);
    }
    setSaving(false);
  };

  const reload = async () => {
    const latest = await onReload();
    if (!latest?.row) return;
    setBase(latest.row);
    setSavedDraft(latest.draft);
    setTexts({ sv: (latest.draft ?? latest.row).sv, en: (latest.draft ?? latest.row).en });
    setConflict(false);
    areas.current.sv?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !saving) onCancel();
  };

  return (
    <div
      ref={form}
      className="copy-editor-form"
      role="group"
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
    >
      <h3 id={`${id}-title`} className="copy-key">
        {t('copyEditor.editing', { id: base.key })}
      </h3>
      <div ref={message} tabIndex={-1}>
        {conflict && (
          <div className="notice" role="alert">
            <p>{t('copyEditor.conflict')}</p>
            <button type="button" className="button secondary" onClick={() => void reload()}>
              {t('copyEditor.reload')}
            </button>
          </div>
        )}
        {outdated && (
          <p className="notice" role="alert">
            {t('copyEditor.draftOutdated')}
          </p>
        )}
        {blocked && firstWithProblems && (
          <p className="notice" role="alert">
            {t('copyEditor.fixBeforeSaving')}
          </p>
        )}
      </div>
      {savedDraft && (
        <div className="copy-draft">
          <p className="copy-draft-head">
            <span className="copy-draft-badge">{t('copyEditor.draft')}</span>{' '}
            <DraftSaved draft={savedDraft} />
          </p>
          <details className="copy-published">
            <summary>{t('copyEditor.published')}</summary>
            <CopyTexts texts={base} />
          </details>
        </div>
      )}
      <div className="copy-columns">
        {LANGS.map((lang) => (
          <div key={lang} className="copy-column">
            <div className="field">
              <label htmlFor={`${id}-${lang}`}>{t(LANG_LABEL_KEYS[lang])}</label>
              <textarea
                id={`${id}-${lang}`}
                ref={(el) => {
                  areas.current[lang] = el;
                }}
                lang={lang}
                rows={Math.min(
                  12,
                  Math.max(3, Math.ceil(texts[lang].length / 60) + texts[lang].split('\n').length),
                )}
                value={texts[lang]}
                aria-invalid={problems[lang].length > 0 ? true : undefined}
                aria-describedby={`${id}-${lang}-problems`}
                onChange={(e) => {
                  const value = e.target.value;
                  setTexts((current) => ({ ...current, [lang]: value }));
                }}
              />
              <ul id={`${id}-${lang}-problems`} className="copy-problems" aria-live="polite">
                {problems[lang].map((problem) => (
                  <li key={problemKey(problem)}>{problemText(problem, t)}</li>
                ))}
              </ul>
            </div>
            <section
              className="copy-preview"
              aria-label={`${t('copyEditor.preview')}: ${t(LANG_LABEL_KEYS[lang])}`}
            >
              <h4>{t('copyEditor.preview')}</h4>
              <p lang={lang}>{previewCopy(texts[lang], lang, concertVariables?.[lang])}</p>
            </section>
          </div>
        ))}
      </div>
      <p className="hint">{t('copyEditor.previewHint')}</p>
      <details className="copy-variables">
        <summary>{t('copyEditor.variables')}</summary>
        <ul>
          {availableVariables('sv', concertVariables?.sv).map(({ name, value }) => (
            <li key={name}>
              <code>{`{{${name}}}`}</code> {value}
            </li>
          ))}
        </ul>
      </details>
      <div className="copy-actions">
        <button type="button" className="button" onClick={() => void save('publish')} disabled={!!saving}>
          {saving === 'publish' ? t('copyEditor.saving') : t('copyEditor.save')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => void save('draft')}
          disabled={!!saving}
        >
          {saving === 'draft' ? t('copyEditor.savingDraft') : t('copyEditor.saveDraft')}
        </button>
        {savedDraft && (
          <button
            type="button"
            className="button secondary"
            onClick={() => void discard()}
            disabled={!!saving}
          >
            {t('copyEditor.discardDraft')}
          </button>
        )}
        <button type="button" className="button secondary" onClick={onCancel} disabled={!!saving}>
          {t('copyEditor.cancel')}
        </button>
        <button
          type="button"
          className="button secondary"
          aria-expanded={historyOpen}
          aria-controls={`${id}-history`}
          onClick={() => setHistoryOpen((open) => !open)}
        >
          {t('copyEditor.history')}
        </button>
      </div>
      {copyGroupPage(copyGroupOf(base.key), 'sv') && (
        <div className="copy-actions copy-preview-links">
          {savedDraft && !unsaved ? (
            <PreviewLinks copyKey={base.key} />
          ) : (
            <p className="hint">{t('copyEditor.previewNeedsDraft')}</p>
          )}
        </div>
      )}
      {historyOpen && (
        <EntryHistory
          id={`${id}-history`}
          copyKey={base.key}
          version={base.updatedAt}
          onRestore={(change) => {
            setTexts({ sv: change.oldSv, en: change.oldEn });
            areas.current.sv?.focus();
          }}
        />
      )}
    </div>
  );
}

const problemKey = (problem: CopyProblem) => (problem.kind === 'empty' ? 'empty' : `var-${problem.name}`);

function problemText(problem: CopyProblem, t: Translate): string {
  return problem.kind === 'empty'
    ? t('copyEditor.emptyLanguage')
    : t('copyEditor.unknownVariable', { id: problem.name });
}
