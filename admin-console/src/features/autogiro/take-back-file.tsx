import { staffApi, useCopy } from '@concert/shared/browser';
import type { AutogiroFileSummary } from '@concert/shared/api';
import { formatDateTime } from '@concert/shared/ui';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import type { Act } from './act.js';

/**
 * Taking back a request file never uploaded to the bank (issue 39, takeBackAutogiroFile): asked
 * first in an alert dialog that says what it does (focus on "keep"; Escape closes it); the page
 * says the outcome (act), the server's refusal included (Bankgirot's answer read, a later file
 * builds on it). A file taken back says so, and when.
 */
export function TakeBackFile({
  file,
  lang,
  busy,
  act,
}: {
  file: AutogiroFileSummary;
  lang: 'sv' | 'en';
  busy: boolean;
  act: Act;
}) {
  const t = useCopy();
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (file.kind === 'answer') return null;
  if (file.takenBackAt)
    return (
      <p className="notice autogiro-taken-back">
        {t('admin.autogiro.files.takenBackNote', { changedAt: formatDateTime(file.takenBackAt, lang) })}
      </p>
    );
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button secondary"
        disabled={busy}
        aria-label={t('admin.autogiro.files.takeBackLabel', { fileName: file.fileName })}
        onClick={() => setAsking(true)}
      >
        {t('admin.autogiro.files.takeBack')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('admin.autogiro.files.takeBackLabel', { fileName: file.fileName })}
          body={t('admin.autogiro.files.takeBackConfirm', { fileName: file.fileName })}
          confirm={t('admin.autogiro.files.takeBackYes')}
          keep={t('admin.autogiro.files.takeBackKeep')}
          danger
          busy={busy}
          onClose={() => {
            setAsking(false);
            opener.current?.focus();
          }}
          onConfirm={() => {
            setAsking(false);
            void act('takeBack', async () => {
              const done = await staffApi.call('takeBackAutogiroFile', { fileId: file.id });
              return t('admin.autogiro.files.takenBack', { fileName: done.fileName, count: done.mandates });
            });
          }}
        />
      )}
    </>
  );
}
