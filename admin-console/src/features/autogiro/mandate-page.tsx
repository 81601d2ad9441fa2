import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { MandateEvidenceView } from '@concert/shared/api';
import { paths } from '@concert/shared/universal';
import { formatAmount, formatDateTime, Loading, Unavailable, useApiQuery } from '@concert/shared/ui';
import { Link, useParams } from '@concert/shared/router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { codeText, discrepancyLines, stateText } from '../../components/mandate-texts.js';
import { SendAgain } from './send-again.js';
import './autogiro.css';

/** admin/autogiro/:mandateId: one mandate, its history (time, file, staff member) and its signed evidence, verified now. */
export function MandatePage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { mandateId = '' } = useParams();
  const [version, setVersion] = useState(0);
  const [revoke, setRevoke] = useState<
    { kind: 'asking' | 'busy' } | { kind: 'done' | 'failed'; text: string } | null
  >(null);
  const { data, failure, reload } = useApiQuery(['autogiroMandate', mandateId, version], () =>
    staffApi.call('autogiroMandate', { mandateId }),
  );
  const back = (
    <p>
      <Link to={paths.admin.autogiro.getHref()}>{t('admin.autogiro.detail.back')}</Link>
    </p>
  );
  if (!data) {
    return (
      <article className="admin-page autogiro">
        {back}
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
  const m = data.mandate;
  const notSet = t('admin.autogiro.detail.notSet');
  return (
    <article className="admin-page autogiro">
      {back}
      <h1>{t('admin.autogiro.detail.title', { name: m.name })}</h1>
      <dl className="autogiro-facts">
        <dt>{t('admin.autogiro.detail.state')}</dt>
        <dd>
          <span className={`autogiro-state ${m.state}`}>{stateText(t, m.state)}</span>
          {m.commentCode && <span className="autogiro-code"> {codeText(t, m.commentCode)}</span>}
        </dd>
        <dt>{t('admin.autogiro.detail.email')}</dt>
        <dd>{m.email ?? notSet}</dd>
        <dt>{t('admin.autogiro.detail.payerNumber')}</dt>
        <dd>{m.payerNumber}</dd>
        <dt>{t('admin.autogiro.detail.amount')}</dt>
        <dd>{formatAmount(m.monthlyAmount, lang)}</dd>
        <dt>{t('admin.autogiro.detail.standing')}</dt>
        <dd>{m.standingAmount === null ? notSet : formatAmount(m.standingAmount, lang)}</dd>
        <dt>{t('admin.autogiro.detail.firstDraw')}</dt>
        <dd>{m.firstDrawDate ?? notSet}</dd>
        {m.nextDrawDate && (
          <>
            <dt>{t('admin.autogiro.detail.nextDraw')}</dt>
            <dd>{m.nextDrawDate}</dd>
          </>
        )}
        <dt>{t('admin.autogiro.detail.lastDraw')}</dt>
        <dd data-testid="last-draw">
          {m.lastDraw
            ? t('admin.autogiro.draws.entry', {
                date: m.lastDraw.dueDate,
                amount: formatAmount(m.lastDraw.amount, lang),
                state: t(`admin.autogiro.draws.results.${m.lastDraw.result}`, { code: m.lastDraw.code }),
              })
            : t('admin.autogiro.list.noDraw')}
        </dd>
        <dt>{t('admin.autogiro.detail.account')}</dt>
        <dd>{m.bank ? `${m.bank}, ${m.clearingNumber ?? ''}` : notSet}</dd>
        <dt>{t('admin.autogiro.detail.ticket')}</dt>
        <dd>
          {m.ticketId ? <span className="ticket-id">{m.ticketId}</span> : t('admin.autogiro.detail.noTicket')}
          {m.ticketId && m.state === 'rejected' && (
            <p className="notice">{t('admin.autogiro.detail.ticketRejected')}</p>
          )}
        </dd>
      </dl>

      <SendAgain
        mandateId={mandateId}
        name={m.name}
        available={m.sendableAgain}
        onDone={() => setVersion((v) => v + 1)}
      />
      {m.revocable && (
        <section className="autogiro-revoke">
          {revoke?.kind === 'asking' || revoke?.kind === 'busy' ? (
            <div role="group" aria-label={t('admin.autogiro.detail.revoke')}>
              <p>{t('admin.autogiro.detail.revokeConfirm', { name: m.name })}</p>
              <button
                type="button"
                className="button danger"
                disabled={revoke.kind === 'busy'}
                onClick={() => {
                  setRevoke({ kind: 'busy' });
                  staffApi
                    .call('revokeMandate', { mandateId })
                    .then(() => setRevoke({ kind: 'done', text: t('admin.autogiro.detail.revoked') }))
                    .catch((err: unknown) =>
                      setRevoke({
                        kind: 'failed',
                        text: t('admin.autogiro.error', { message: apiErrorText(t, err) }),
                      }),
                    )
                    .finally(() => setVersion((v) => v + 1));
                }}
              >
                {t('admin.autogiro.detail.revoke')}
              </button>
            </div>
          ) : (
            <button type="button" className="button secondary" onClick={() => setRevoke({ kind: 'asking' })}>
              {t('admin.autogiro.detail.revoke')}
            </button>
          )}
        </section>
      )}
      {revoke && (revoke.kind === 'done' || revoke.kind === 'failed') && (
        <p
          className={revoke.kind === 'done' ? 'notice success' : 'notice'}
          role={revoke.kind === 'failed' ? 'alert' : 'status'}
        >
          {revoke.text}
        </p>
      )}

      <section aria-labelledby="mandate-draws">
        <h2 id="mandate-draws">{t('admin.autogiro.draws.title')}</h2>
        {data.draws.length === 0 ? (
          <p>{t('admin.autogiro.draws.empty')}</p>
        ) : (
          <ul>
            {data.draws.map((d, i) => (
              <li key={i} data-result={d.result}>
                {t('admin.autogiro.draws.entry', {
                  date: d.dueDate,
                  amount: formatAmount(d.amount, lang),
                  state: t(`admin.autogiro.draws.results.${d.result}`, { code: d.code }),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.problems.length > 0 && (
        <section aria-labelledby="mandate-problems">
          <h2 id="mandate-problems">{t('admin.autogiro.detail.problems')}</h2>
          <ul>
            {data.problems.map((p) => (
              <li key={p.id}>
                {t(`admin.autogiro.discrepancies.reasons.${p.reason}`, {
                  state: p.mandateState ? stateText(t, p.mandateState) : '',
                })}
                {discrepancyLines(t, p).map((line, i) => (
                  <span key={i}> · {line}</span>
                ))}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="mandate-history">
        <h2 id="mandate-history">{t('admin.autogiro.history.title')}</h2>
        <ol className="autogiro-history">
          {data.history.map((h, i) => (
            <li key={i}>
              <p>
                {t('admin.autogiro.history.entry', {
                  changedAt: formatDateTime(h.at, lang),
                  state: stateText(t, h.toState),
                })}
              </p>
              {h.meaning ? (
                <p className="autogiro-code">{t(`admin.autogiro.amendments.meanings.${h.meaning}`)}</p>
              ) : (
                h.commentCode && <p className="autogiro-code">{codeText(t, h.commentCode)}</p>
              )}
              {h.file && (
                <p className="autogiro-meta">
                  {t('admin.autogiro.history.file', { fileName: h.file.fileName })}
                </p>
              )}
              {h.staff && (
                <p className="autogiro-meta">{t('admin.autogiro.history.by', { changedBy: h.staff })}</p>
              )}
              {!h.file && !h.staff && h.fromState === null && (
                <p className="autogiro-meta">{t('admin.autogiro.history.signature')}</p>
              )}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="mandate-evidence">
        <h2 id="mandate-evidence">{t('admin.autogiro.evidence.title')}</h2>
        {data.evidence.length === 0 && <p>{t('admin.autogiro.evidence.none')}</p>}
        {data.evidence.map((e, i) => (
          <Evidence key={i} evidence={e} />
        ))}
      </section>
    </article>
  );
}

function Evidence({ evidence: e }: { evidence: MandateEvidenceView }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const verdict =
    e.verdict === 'ok'
      ? t('admin.autogiro.evidence.ok')
      : e.verdict === 'signatureInvalid'
        ? t('admin.autogiro.evidence.signatureInvalid', { message: e.problem ?? '' })
        : t(`admin.autogiro.evidence.${e.verdict}`);
  const missing = t('admin.autogiro.evidence.missingLine');
  return (
    <div className="autogiro-evidence" data-verdict={e.verdict}>
      <h3>{t(`admin.autogiro.evidence.signTypes.${e.signType}`)}</h3>
      <p className="autogiro-meta">
        {t('admin.autogiro.evidence.meta', {
          changedAt: formatDateTime(e.signedAt, lang),
          date: e.bankIdIssueDate,
          ip: e.deviceIp,
        })}
      </p>
      <p
        className={e.verdict === 'ok' ? 'notice success' : 'notice'}
        role={e.verdict === 'ok' ? undefined : 'alert'}
      >
        {verdict}
      </p>
      {e.differences.length > 0 && (
        <ul className="autogiro-differences">
          {e.differences.map((d) => (
            <li key={d.line}>
              {t('admin.autogiro.evidence.difference', {
                line: d.line,
                stored: d.stored ?? missing,
                signed: d.signed ?? missing,
              })}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>{t('admin.autogiro.evidence.showText')}</summary>
        <pre className="autogiro-signed-text">{e.signedText}</pre>
      </details>
    </div>
  );
}
