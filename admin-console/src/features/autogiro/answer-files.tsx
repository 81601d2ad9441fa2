import { staffApi, useCopy } from '@concert/shared/browser';
import type { AutogiroOverview } from '@concert/shared/api';
import { useId, useRef, useState, type FormEvent } from 'react';
import { discrepancyLines, stateText } from '../../components/mandate-texts.js';
import type { Act } from './act.js';

/** Bankgirot's answer file, chosen on the device and read by the API. */
export function UploadAnswer({ busy, onUpload }: { busy: boolean; onUpload: (file: File) => Promise<void> }) {
  const t = useCopy();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setProblem(t('admin.autogiro.upload.choose'));
      input.current?.focus();
      return;
    }
    setProblem(null);
    void onUpload(file).then(() => {
      if (input.current) input.current.value = '';
    });
  }
  return (
    <form className="autogiro-upload" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('admin.autogiro.upload.label')}</label>
        <input
          ref={input}
          id={id}
          name="answerFile"
          type="file"
          accept=".txt,.dat,text/plain"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <span id={`${id}-error`} className="error" aria-live="polite">
          {problem}
        </span>
      </div>
      <button type="submit" className="button secondary" disabled={busy}>
        {t('admin.autogiro.upload.submit')}
      </button>
    </form>
  );
}

/** What Bankgirot said that changed nothing, and rows that could not be written: for the office to look at and mark done. */
export function Discrepancies({
  overview,
  busy,
  act,
}: {
  overview: AutogiroOverview;
  busy: boolean;
  act: Act;
}) {
  const t = useCopy();
  return (
    <section aria-labelledby="autogiro-discrepancies">
      <h2 id="autogiro-discrepancies">{t('admin.autogiro.discrepancies.title')}</h2>
      <p>{t('admin.autogiro.discrepancies.intro')}</p>
      {overview.discrepancies.length === 0 ? (
        <p>{t('admin.autogiro.discrepancies.empty')}</p>
      ) : (
        <ul className="autogiro-cards">
          {overview.discrepancies.map((d) => (
            <li key={d.id} className="autogiro-card" data-reason={d.reason}>
              <p>
                {t('admin.autogiro.discrepancies.entry', {
                  payerNumber: d.payerNumber,
                  reason: t(`admin.autogiro.discrepancies.reasons.${d.reason}`, {
                    state: d.mandateState ? stateText(t, d.mandateState) : '',
                  }),
                })}
                {d.name && <> · {d.name}</>}
              </p>
              {discrepancyLines(t, d).map((line, i) => (
                <p key={i} className="autogiro-code">
                  {line}
                </p>
              ))}
              {d.file && d.line !== null && (
                <p>{t('admin.autogiro.discrepancies.line', { fileName: d.file.fileName, line: d.line })}</p>
              )}
              <button
                type="button"
                className="button secondary"
                disabled={busy}
                aria-label={t('admin.autogiro.discrepancies.resolveLabel', { payerNumber: d.payerNumber })}
                onClick={() =>
                  void act('resolve', async () => {
                    await staffApi.call('resolveAutogiroDiscrepancy', { discrepancyId: d.id });
                    return t('admin.autogiro.discrepancies.resolve');
                  })
                }
              >
                {t('admin.autogiro.discrepancies.resolve')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
