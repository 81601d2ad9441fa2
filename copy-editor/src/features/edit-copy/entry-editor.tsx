import { ApiError, staffApi, useCopy, type Translate } from '@concert/shared/browser';
import type { CopyRow } from '@concert/shared/api';
import type { CopyKey, Lang } from '@concert/shared/universal';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { availableVariables, copyProblems, previewCopy, type CopyProblem } from '../../lib/copy-checks.js';
import { EntryHistory } from './entry-history.js';

const LANGS: readonly Lang[] = ['sv', 'en'];
const LANG_LABEL_KEYS: Record<Lang, CopyKey> = { sv: 'copyEditor.swedish', en: 'copyEditor.english' };

interface Props {
  row: CopyRow;
  onSaved: (row: CopyRow) => void;
  onCancel: () => void;
  /** Fetches the entry as saved now (after someone else's save). */
  onReload: () => Promise<CopyRow | undefined>;
  onSaveFailed: (err: unknown) => void;
}

/**
 * One entry's editor: Swedish and English side by side, each with a live preview and its
 * problems (empty, unknown variables) flagged while typing and enforced before saving. Saves
 * with the version it started from, so someone else's save meanwhile is not overwritten.
 */
export function EntryEditor({ row, onSaved, onCancel, onReload, onSaveFailed }: Props) {
  const t = useCopy();
  const id = useId();
  const [base, setBase] = useState(row);
  const [texts, setTexts] = useState<Record<Lang, string>>({ sv: row.sv, en: row.en });
  const [saving, setSaving] = useState(false);
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

  const save = async () => {
    if (saving) return;
    if (firstWithProblems) {
      setBlocked(true);
      areas.current[firstWithProblems]?.focus();
      return;
    }
    setSaving(true);
    try {
      onSaved(
        await staffApi.call('updateCopy', {
          key: base.key,
          sv: texts.sv,
          en: texts.en,
          expectedUpdatedAt: base.updatedAt,
        }),
      );
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && err.status === 'ABORTED') {
        setConflict(true);
        message.current?.focus();
      } else {
        onSaveFailed(err);
      }
    }
  };

  const reload = async () => {
    const latest = await onReload();
    if (!latest) return;
    setBase(latest);
    setTexts({ sv: latest.sv, en: latest.en });
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
        {blocked && firstWithProblems && (
          <p className="notice" role="alert">
            {t('copyEditor.fixBeforeSaving')}
          </p>
        )}
      </div>
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
              <p lang={lang}>{previewCopy(texts[lang], lang)}</p>
            </section>
          </div>
        ))}
      </div>
      <p className="hint">{t('copyEditor.previewHint')}</p>
      <details className="copy-variables">
        <summary>{t('copyEditor.variables')}</summary>
        <ul>
          {availableVariables('sv').map(({ name, value }) => (
            <li key={name}>
              <code>{`{{${name}}}`}</code> {value}
            </li>
          ))}
        </ul>
      </details>
      <div className="copy-actions">
        <button type="button" className="button" onClick={() => void save()} disabled={saving}>
          {saving ? t('copyEditor.saving') : t('copyEditor.save')}
        </button>
        <button type="button" className="button secondary" onClick={onCancel} disabled={saving}>
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
