import { useCopy } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import { copyPreviewAtom, leaveCopyPreview } from './copy-preview.js';

/** On a page opened from the copy editor's preview: says that it shows unpublished drafts (or why it cannot), and the way back. */
export function CopyPreviewBanner({ onLeave = leaveCopyPreview }: { onLeave?: () => void }) {
  const t = useCopy();
  const state = useAtomValue(copyPreviewAtom);
  return (
    <div className="banner copy-preview-banner">
      <p role="status">
        <strong>{t('shell.preview.banner')}</strong>
        {state !== 'loading' && (
          <> {t(state === 'on' ? 'shell.preview.showing' : 'shell.preview.unavailable')}</>
        )}
      </p>
      <button type="button" className="button secondary" onClick={onLeave}>
        {t('shell.preview.exit')}
      </button>
    </div>
  );
}
