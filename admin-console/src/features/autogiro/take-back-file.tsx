import { staffApi, useCopy } from '@concert/shared/browser';
import type { AutogiroFileSummary } from '@concert/shared/api';
import { formatDateTime } from '@concert/shared/ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { Act } from './file-card.js';

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
        <TakeBackDialog
          fileName={file.fileName}
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

function TakeBackDialog(props: {
  fileName: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useCopy();
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="confirm-dialog"
      onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
    >
      <h3 id={`${id}-title`}>{t('admin.autogiro.files.takeBackLabel', { fileName: props.fileName })}</h3>
      <p id={`${id}-body`}>{t('admin.autogiro.files.takeBackConfirm', { fileName: props.fileName })}</p>
      <button type="button" className="button danger" disabled={props.busy} onClick={props.onConfirm}>
        {t('admin.autogiro.files.takeBackYes')}
      </button>
      <button type="button" ref={keep} className="button secondary" onClick={props.onClose}>
        {t('admin.autogiro.files.takeBackKeep')}
      </button>
    </div>
  );
}
