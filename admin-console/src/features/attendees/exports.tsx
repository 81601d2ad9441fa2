import { apiErrorText, langAtom, useCopy } from '@concert/shared/browser';
import { EXPORT_FORMATS, EXPORT_KINDS, type ExportFormat, type ExportKind } from '@concert/shared/api';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { downloadStaffFile } from '../../lib/download.js';

type State =
  | { state: 'idle' }
  | { state: 'working'; label: string }
  | { state: 'done'; filename: string }
  | { state: 'failed'; error: unknown };

/** The downloads of the attendee page: each export as CSV or Excel, fetched with the staff token and saved. */
export function Exports() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [status, setStatus] = useState<State>({ state: 'idle' });
  // The attendees' door codes only when the office asks for them (they open the door).
  const [withCodes, setWithCodes] = useState(false);
  const download = async (kind: ExportKind, format: ExportFormat) => {
    setStatus({ state: 'working', label: t(`admin.exports.kinds.${kind}`) });
    try {
      const codes = kind === 'attendees' && withCodes ? '&codes=1' : '';
      const filename = await downloadStaffFile(`/api/exports/${kind}?format=${format}&lang=${lang}${codes}`);
      setStatus({ state: 'done', filename });
    } catch (error) {
      setStatus({ state: 'failed', error });
    }
  };
  return (
    <section className="exports" aria-labelledby="exports-title">
      <h2 id="exports-title">{t('admin.exports.title')}</h2>
      <p>{t('admin.exports.intro')}</p>
      <ul className="admin-cards">
        {EXPORT_KINDS.map((kind) => (
          <li key={kind} className="admin-card">
            <p className="admin-card-title" id={`export-${kind}`}>
              {t(`admin.exports.kinds.${kind}`)}
            </p>
            <div className="admin-buttons" role="group" aria-labelledby={`export-${kind}`}>
              {EXPORT_FORMATS.map((format) => (
                <button
                  key={format}
                  type="button"
                  className="button secondary"
                  data-export={`${kind}.${format}`}
                  disabled={status.state === 'working'}
                  onClick={() => void download(kind, format)}
                >
                  {t(`admin.exports.${format}`)}
                </button>
              ))}
            </div>
            {kind === 'attendees' && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="withCodes"
                  checked={withCodes}
                  onChange={(e) => setWithCodes(e.target.checked)}
                />{' '}
                {t('admin.exports.withCodes')}
              </label>
            )}
          </li>
        ))}
      </ul>
      <div role="status" aria-live="polite" className="admin-result">
        {status.state === 'working' && <p>{t('admin.exports.working', { id: status.label })}</p>}
        {status.state === 'done' && (
          <p className="notice success">{t('admin.exports.done', { id: status.filename })}</p>
        )}
        {status.state === 'failed' && (
          <p className="notice">{t('admin.exports.error', { message: apiErrorText(t, status.error) })}</p>
        )}
      </div>
    </section>
  );
}
