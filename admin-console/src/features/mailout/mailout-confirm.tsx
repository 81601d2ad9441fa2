import { apiErrorText, staffApi, type Translate } from '@concert/shared/browser';
import type { MailoutPreview } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import { useApiQuery } from '@concert/shared/ui';
import { useEffect, useRef, useState } from 'react';

/** What the office is about to do: send now, or schedule for a time (ISO instant and its text). */
export type MailoutIntent = { kind: 'now' } | { kind: 'at'; at: string; time: string };

type Test =
  { state: 'idle' } | { state: 'busy' } | { state: 'sent'; to: string } | { state: 'failed'; error: unknown };

/**
 * The last look before the ticket e-mail goes to everyone: how many it reaches and its subject,
 * the mail as a recipient sees it, and a test to oneself (no second confirmation for that).
 * Nothing is sent until `onConfirm`; cancelling (button or Escape) sends nothing.
 */
export function MailoutConfirm({
  t,
  lang,
  intent,
  busy,
  onConfirm,
  onCancel,
}: {
  t: Translate;
  lang: Lang;
  intent: MailoutIntent;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const preview = useApiQuery<MailoutPreview>(['previewMailout', lang], () =>
    staffApi.call('previewMailout', { lang }),
  );
  const [test, setTest] = useState<Test>({ state: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const sendTest = async () => {
    setTest({ state: 'busy' });
    try {
      const { to } = await staffApi.call('sendMailoutTest', { lang });
      setTest({ state: 'sent', to });
    } catch (error) {
      setTest({ state: 'failed', error });
    }
  };
  const p = preview.data;
  const count = String(p?.recipients ?? '');
  // Sending now to nobody does nothing worth confirming; a schedule still makes sense (late sign-ups).
  const nothingToSend = intent.kind === 'now' && p !== null && p.recipients === 0;

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="mailout-confirm-title"
      className="mailout-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <h2 id="mailout-confirm-title" ref={heading} tabIndex={-1}>
        {t('admin.mailout.confirm.title')}
      </h2>
      {!p && preview.failure === null && <p role="status">{t('admin.mailout.confirm.loading')}</p>}
      {preview.failure !== null && !p && (
        <p className="notice" role="alert">
          {t('admin.mailout.error', { message: apiErrorText(t, preview.failure) })}
        </p>
      )}
      {p && (
        <>
          <p className="mailout-confirm-count" data-testid="mailout-recipients">
            {intent.kind === 'now'
              ? t('admin.mailout.confirm.recipientsNow', { count })
              : t('admin.mailout.confirm.recipientsAt', { count, time: intent.time })}
          </p>
          <p className="mailout-confirm-subject">
            {t('admin.mailout.confirm.subject', { subject: p.subject })}
          </p>
          {nothingToSend && <p className="notice">{t('admin.mailout.confirm.none')}</p>}
          <h3 id="mailout-preview-title">{t('admin.mailout.confirm.preview')}</h3>
          {/* No scripts, no same-origin: the copy is the editors', the frame cannot act for staff. */}
          <iframe
            className="mailout-preview"
            title={t('admin.mailout.confirm.preview')}
            sandbox=""
            srcDoc={p.html}
          />
          <div className="admin-buttons">
            <button
              type="button"
              className="button secondary"
              disabled={test.state === 'busy'}
              onClick={() => void sendTest()}
            >
              {t('admin.mailout.confirm.test', { email: p.testTo })}
            </button>
          </div>
          <div role="status" aria-live="polite">
            {test.state === 'sent' && (
              <p className="notice success">{t('admin.mailout.confirm.testSent', { email: test.to })}</p>
            )}
            {test.state === 'failed' && (
              <p className="notice">{t('admin.mailout.error', { message: apiErrorText(t, test.error) })}</p>
            )}
          </div>
        </>
      )}
      <div className="admin-buttons mailout-confirm-actions">
        <button type="button" className="button" disabled={busy || !p || nothingToSend} onClick={onConfirm}>
          {intent.kind === 'now'
            ? t('admin.mailout.confirm.sendNow', { count })
            : t('admin.mailout.confirm.sendAt', { time: intent.time })}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t('admin.mailout.confirm.back')}
        </button>
      </div>
    </section>
  );
}

/** A given-up e-mail's short code (outbox worker's errorCode) in the staff member's words. */
export function failureReason(t: Translate, code: string | null): string {
  const c = code ?? 'EUNKNOWN';
  if (/^EENVELOPE\b.*\b5\d\d\b/.test(c)) return t('admin.mailout.reasons.rejected', { code: c });
  if (/\b(ESOCKET|ECONNECTION|ECONNREFUSED|ETIMEDOUT|EDNS|ENOTFOUND|EAI_AGAIN|ECONNRESET|EAUTH)\b/.test(c))
    return t('admin.mailout.reasons.unreachable', { code: c });
  if (/\bETEMPLATE\b/.test(c)) return t('admin.mailout.reasons.template');
  return t('admin.mailout.reasons.other', { code: c });
}
