import { useCopy } from '@concert/shared/browser';
import type { AutogiroFileSummary } from '@concert/shared/api';
import { formatDateTime } from '@concert/shared/ui';
import { saveFile } from './autogiro-files.js';
import type { Act } from './act.js';
import { TakeBackFile } from './take-back-file.js';

/** A file written for Bankgirot: download it again, take it back if never uploaded; in demo mode, Bankgirot's stand-in answers it. */
export function FileCard({
  file,
  lang,
  standIn,
  busy,
  act,
}: {
  file: AutogiroFileSummary;
  lang: 'sv' | 'en';
  standIn: boolean;
  busy: boolean;
  act: Act;
}) {
  const t = useCopy();
  // A file taken back never reaches the bank: the stand-in does not answer it either.
  const answers = standIn && !file.takenBackAt;
  return (
    <li className="autogiro-card" data-kind={file.kind}>
      <p className="autogiro-file-name">{file.fileName}</p>
      <p className="autogiro-meta">
        {t('admin.autogiro.files.meta', {
          kind: t(`admin.autogiro.files.kinds.${file.kind}`),
          count: file.records,
          changedAt: formatDateTime(file.createdAt, lang),
        })}
        {file.createdBy && <> {t('admin.autogiro.files.by', { changedBy: file.createdBy })}</>}
      </p>
      <div className="autogiro-card-actions">
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          aria-label={t('admin.autogiro.files.downloadLabel', { fileName: file.fileName })}
          onClick={() =>
            void act('download', async () => saveFile(`/api/autogiro/files/${encodeURIComponent(file.id)}`))
          }
        >
          {t('admin.autogiro.files.download')}
        </button>
        {answers && file.kind === 'payments' && (
          <>
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              aria-label={t('admin.autogiro.files.standInResultsLabel', { fileName: file.fileName })}
              onClick={() =>
                void act('standIn', async () =>
                  saveFile(`/api/autogiro/files/${encodeURIComponent(file.id)}/stand-in-answer`),
                )
              }
            >
              {t('admin.autogiro.files.standInResults')}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              aria-label={t('admin.autogiro.files.standInRejectionsLabel', { fileName: file.fileName })}
              onClick={() =>
                void act('standIn', async () =>
                  saveFile(
                    `/api/autogiro/files/${encodeURIComponent(file.id)}/stand-in-answer?answer=rejections`,
                  ),
                )
              }
            >
              {t('admin.autogiro.files.standInRejections')}
            </button>
          </>
        )}
        {answers && file.kind === 'amendments' && (
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            aria-label={t('admin.autogiro.files.standInAmendmentsLabel', { fileName: file.fileName })}
            onClick={() =>
              void act('standIn', async () =>
                saveFile(`/api/autogiro/files/${encodeURIComponent(file.id)}/stand-in-answer`),
              )
            }
          >
            {t('admin.autogiro.files.standInAmendments')}
          </button>
        )}
        {answers && file.kind === 'mandates' && (
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            aria-label={t('admin.autogiro.files.standInLabel', { fileName: file.fileName })}
            onClick={() =>
              void act('standIn', async () =>
                saveFile(`/api/autogiro/files/${encodeURIComponent(file.id)}/stand-in-answer`),
              )
            }
          >
            {t('admin.autogiro.files.standIn')}
          </button>
        )}
        <TakeBackFile file={file} lang={lang} busy={busy} act={act} />
      </div>
    </li>
  );
}
