import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import {
  MANDATE_STATES,
  type AutogiroFileSummary,
  type AutogiroOverview,
  type MandateState,
} from '@concert/shared/api';
import { paths } from '@concert/shared/universal';
import { formatAmount, formatDateTime, Loading, Unavailable, useApiQuery } from '@concert/shared/ui';
import { Link } from '@concert/shared/router';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FileRefusedError, saveFile, uploadAnswer } from './autogiro-files.js';
import {
  bankgiroText,
  codeText,
  discrepancyLines,
  refusalText,
  stateText,
} from '../../components/mandate-texts.js';
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

/** What Bankgirot said that changed nothing, and rows that could not be written: for the office to look at and mark done. */
function Discrepancies({
  overview,
  busy,
  act,
}: {
  overview: AutogiroOverview;
  busy: boolean;
  act: (name: string, action: () => Promise<string>) => Promise<void>;
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

function Counts({ overview }: { overview: AutogiroOverview }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  return (
    <section aria-labelledby="autogiro-counts">
      <h2 id="autogiro-counts">{t('admin.autogiro.counts')}</h2>
      <p className="autogiro-new">
        {t('admin.autogiro.newMonthly', { amount: formatAmount(overview.newMonthlyKronor, lang) })}
      </p>
      <dl className="autogiro-counts">
        {MANDATE_STATES.map((s) => (
          <div key={s} data-state={s}>
            <dt>{stateText(t, s)}</dt>
            <dd>{overview.counts[s]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function UploadAnswer({ busy, onUpload }: { busy: boolean; onUpload: (file: File) => Promise<void> }) {
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

function FileCard({
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
  act: (name: string, action: () => Promise<string>) => Promise<void>;
}) {
  const t = useCopy();
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
        {standIn && file.kind === 'payments' && (
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
        {standIn && file.kind === 'mandates' && (
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
      </div>
    </li>
  );
}

function MandateList({ overview }: { overview: AutogiroOverview }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const id = useId();
  const [shown, setShown] = useState<MandateState | ''>('');
  const mandates = overview.mandates.filter((m) => !shown || m.state === shown);
  let body: ReactNode;
  if (mandates.length === 0) body = <p>{t('admin.autogiro.list.empty')}</p>;
  else
    body = (
      <ul className="autogiro-cards">
        {mandates.map((m) => (
          <li key={m.id} className="autogiro-card" data-state={m.state}>
            <p className="autogiro-name">{m.name}</p>
            {m.email && <p className="autogiro-meta">{m.email}</p>}
            <p>
              <span className={`autogiro-state ${m.state}`}>{stateText(t, m.state)}</span> ·{' '}
              {t('admin.autogiro.list.amount', { amount: formatAmount(m.monthlyAmount, lang) })}
            </p>
            {m.commentCode && <p className="autogiro-code">{codeText(t, m.commentCode)}</p>}
            <p className="autogiro-meta" data-testid="last-draw">
              {m.lastDraw
                ? t('admin.autogiro.list.lastDraw', {
                    date: m.lastDraw.dueDate,
                    amount: formatAmount(m.lastDraw.amount, lang),
                    state: t(`admin.autogiro.draws.results.${m.lastDraw.result}`, { code: m.lastDraw.code }),
                  })
                : t('admin.autogiro.list.noDraw')}
            </p>
            {m.nextDrawDate && (
              <p className="autogiro-meta">{t('admin.autogiro.list.nextDraw', { date: m.nextDrawDate })}</p>
            )}
            {m.problems > 0 && (
              <p className="autogiro-problems">{t('admin.autogiro.list.problems', { count: m.problems })}</p>
            )}
            <Link
              className="button secondary"
              to={paths.admin.autogiroMandate.getHref(m.id)}
              aria-label={t('admin.autogiro.list.openLabel', { name: m.name })}
            >
              {t('admin.autogiro.list.open')}
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="autogiro-list">
      <h2 id="autogiro-list">{t('admin.autogiro.list.title')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('admin.autogiro.list.filter')}</label>
        <select id={id} value={shown} onChange={(e) => setShown(e.target.value as MandateState | '')}>
          <option value="">{t('admin.autogiro.list.all')}</option>
          {MANDATE_STATES.map((s) => (
            <option key={s} value={s}>
              {`${stateText(t, s)} (${overview.counts[s]})`}
            </option>
          ))}
        </select>
      </div>
      {body}
    </section>
  );
}
