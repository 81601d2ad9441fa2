import { useCopy } from '@concert/shared/browser';
import type { CopyDraft, CopyRow } from '@concert/shared/api';
import { copyPreviewHref, LANGS, type CopyKey, type Lang } from '@concert/shared/universal';
import { formatDateTime } from '@concert/shared/ui';
import { useState } from 'react';
import { copyGroupOf, copyGroupPage } from '../../lib/copy-groups.js';
import { MarkedCopy } from '../../components/marked-copy.js';

export const editButtonId = (key: string) => `copy-edit-${key}`;
export const LANG_LABEL_KEYS: Record<Lang, CopyKey> = { sv: 'copyEditor.swedish', en: 'copyEditor.english' };

/** One entry in the list: its key, the published texts and, if it has one, its draft with a way to publish or preview it. */
export function EntryRow({
  row,
  draft,
  onEdit,
  onPublishDraft,
}: {
  row: CopyRow;
  draft: CopyDraft | undefined;
  onEdit: () => void;
  onPublishDraft: () => Promise<void>;
}) {
  const t = useCopy();
  const [publishing, setPublishing] = useState(false);
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
      <CopyTexts texts={row} />
      {draft && (
        <div className="copy-draft">
          <p className="copy-draft-head">
            <span className="copy-draft-badge">{t('copyEditor.draft')}</span> <DraftSaved draft={draft} />
          </p>
          <CopyTexts texts={draft} />
          {draft.basedOn !== row.updatedAt && <p className="notice">{t('copyEditor.draftOutdated')}</p>}
          <div className="copy-actions">
            <button
              type="button"
              className="button secondary"
              // Over a version published since the draft was saved: reviewed in the editor first.
              disabled={publishing || draft.basedOn !== row.updatedAt}
              onClick={() => {
                setPublishing(true);
                void onPublishDraft().finally(() => setPublishing(false));
              }}
            >
              {t('copyEditor.publishDraft')}
              <span className="visually-hidden"> {row.key}</span>
            </button>
            <PreviewLinks copyKey={row.key} />
          </div>
        </div>
      )}
    </>
  );
}

/** Both languages of a text, each marked with its language, its variables marked with what they show now. */
export function CopyTexts({ texts }: { texts: Record<Lang, string> }) {
  const t = useCopy();
  return (
    <dl className="copy-texts">
      {LANGS.map((lang) => (
        <div key={lang}>
          <dt>{t(LANG_LABEL_KEYS[lang])}</dt>
          <dd lang={lang}>
            <MarkedCopy text={texts[lang]} lang={lang} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "Draft saved <when> by <who>, not published". */
export function DraftSaved({ draft }: { draft: CopyDraft }) {
  const t = useCopy();
  return (
    <>{t('copyEditor.draftBy', { changedAt: formatDateTime(draft.savedAt), changedBy: draft.savedBy })}</>
  );
}

/**
 * The key's page opened in preview mode (a new tab), in each language: the saved drafts over the
 * published texts, for the signed-in copy admin only. Nothing for texts without a page of their own.
 */
export function PreviewLinks({ copyKey }: { copyKey: string }) {
  const t = useCopy();
  const group = copyGroupOf(copyKey);
  if (!copyGroupPage(group, 'sv')) return null;
  return (
    <>
      {LANGS.map((lang) => (
        <a
          key={lang}
          className="button secondary copy-preview-link"
          href={copyPreviewHref(copyGroupPage(group, lang)!)}
          target="_blank"
          rel="noopener"
        >
          {t('copyEditor.previewOnPage')} ({t(LANG_LABEL_KEYS[lang])})
          <span className="visually-hidden">
            {' '}
            {copyKey}, {t('copyEditor.previewOnPageHint')}
          </span>
        </a>
      ))}
    </>
  );
}
