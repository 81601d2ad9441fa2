import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import { Loading, Unavailable, useApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { FileRefusedError, uploadAnswer } from './autogiro-files.js';
import { bankgiroText, refusalText } from '../../components/mandate-texts.js';
import { Discrepancies, UploadAnswer } from './answer-files.js';
import { FileCard } from './file-card.js';
import { Counts, MandateList } from './mandate-list.js';
import './autogiro.css';

/** What the last action did: said politely, or as an alert when it failed. */
type Outcome = { kind: 'done' | 'failed'; text: string } | null;

/**
 * admin/autogiro: the round trip with Bankgirot for the office. Counts by state and the new
 * monthly kronor on their way; write the mandate file, read Bankgirot's answer, write the
 * payment file; download any file again; the mandates by state, each opening its history and
 * evidence. Demo mode: the Bankgirot stand-in answers a mandate file.
 */
export function AutogiroPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [version, setVersion] = useState(0);
  const { data, failure, reload } = useApiQuery(['autogiroOverview', version], () =>
    staffApi.call('autogiroOverview', {}),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // Screen readers hear what the last action did: its outcome takes the focus once it is there.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  /** Runs one action at a time; its outcome is announced and focused, the overview reloaded. */
  async function act(name: string, action: () => Promise<string>) {
    setBusy(name);
    setOutcome(null);
    try {
      setOutcome({ kind: 'done', text: await action() });
    } catch (err) {
      const text =
        err instanceof FileRefusedError
          ? t('admin.autogiro.upload.refused', {
              message: refusalText(t, err.refusal, bankgiroText(data?.payee.bankgiro ?? '')),
            })
          : t('admin.autogiro.error', { message: apiErrorText(t, err) });
      setOutcome({ kind: 'failed', text });
    } finally {
      setBusy(null);
      setVersion((v) => v + 1);
    }
  }

  const writeFile = (kind: 'writeMandateFile' | 'writePaymentFile') =>
    act(kind, async () => {
      const written = await staffApi.call(kind, {});
      const parts = [
        written.file
          ? t('admin.autogiro.files.written', { fileName: written.file.fileName, count: written.mandates })
          : t('admin.autogiro.files.nothing'),
      ];
      if (written.amendments)
        parts.push(t('admin.autogiro.files.amendmentsWritten', { fileName: written.amendments.fileName }));
      if (written.setAside) parts.push(t('admin.autogiro.files.setAside', { count: written.setAside }));
      if (written.held) parts.push(t('admin.autogiro.files.held', { count: written.held }));
      return parts.join(' ');
    });

  if (!data) {
    return (
      <article className="admin-page autogiro">
        <h1>{t('admin.autogiro.title')}</h1>
        {failure !== null ? (
          <Unavailable
            message={t('admin.autogiro.error', { message: apiErrorText(t, failure) })}
            retry={{ label: t('copyEditor.retry'), onRetry: () => void reload() }}
          />
        ) : (
          <Loading className="admin-loading" />
        )}
      </article>
    );
  }

  return (
    <article className="admin-page autogiro">
      <h1>{t('admin.autogiro.title')}</h1>
      <p>{t('admin.autogiro.intro')}</p>
      <p className="autogiro-payee">
        {t('admin.autogiro.payee', {
          bankgiro: bankgiroText(data.payee.bankgiro),
          customerNumber: data.payee.bgcCustomerNumber,
          drawDay: data.payee.drawDay,
        })}
      </p>

      <div
        ref={outcomeRef}
        tabIndex={-1}
        className="admin-result"
        role={outcome?.kind === 'failed' ? 'alert' : 'status'}
        aria-live={outcome?.kind === 'failed' ? 'assertive' : 'polite'}
      >
        {outcome && <p className={outcome.kind === 'done' ? 'notice success' : 'notice'}>{outcome.text}</p>}
      </div>

      <Counts overview={data} />

      <Discrepancies overview={data} busy={busy !== null} act={act} />

      <section aria-labelledby="autogiro-files">
        <h2 id="autogiro-files">{t('admin.autogiro.files.title')}</h2>
        <div className="admin-actions">
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void writeFile('writeMandateFile')}
          >
            {busy === 'writeMandateFile'
              ? t('admin.autogiro.files.working')
              : t('admin.autogiro.files.writeMandates')}
          </button>
          <UploadAnswer
            busy={busy !== null}
            onUpload={(file) =>
              act('upload', async () => {
                const r = await uploadAnswer(file);
                if (r.kind === 'amendmentAnswers')
                  return t('admin.autogiro.upload.amendmentsApplied', {
                    fileName: r.file.fileName,
                    count: r.logged ?? 0,
                    discrepancies: r.discrepancies,
                  });
                if (r.kind === 'digitalMandates')
                  return t('admin.autogiro.upload.digitalApplied', {
                    fileName: r.file.fileName,
                    count: r.digitalMandates ?? 0,
                  });
                if (r.draws)
                  return t('admin.autogiro.upload.drawsApplied', {
                    fileName: r.file.fileName,
                    count: Object.values(r.draws).reduce((a, b) => a + b, 0),
                    discrepancies: r.discrepancies,
                  });
                return t('admin.autogiro.upload.applied', {
                  fileName: r.file.fileName,
                  approved: r.approved,
                  rejected: r.rejected,
                  cancelled: r.cancelled,
                  revoked: r.revoked,
                  discrepancies: r.discrepancies,
                });
              })
            }
          />
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void writeFile('writePaymentFile')}
          >
            {busy === 'writePaymentFile'
              ? t('admin.autogiro.files.working')
              : t('admin.autogiro.files.writePayments')}
          </button>
        </div>
        <h3>{t('admin.autogiro.files.list')}</h3>
        {data.files.length === 0 ? (
          <p>{t('admin.autogiro.files.empty')}</p>
        ) : (
          <ul className="autogiro-cards">
            {data.files.map((f) => (
              <FileCard
                key={f.id}
                file={f}
                lang={lang}
                standIn={data.standIn}
                busy={busy !== null}
                act={act}
              />
            ))}
          </ul>
        )}
      </section>

      <MandateList overview={data} />
    </article>
  );
}
