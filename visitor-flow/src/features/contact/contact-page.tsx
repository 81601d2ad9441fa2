import { api, ApiError, langAtom, useCopy } from '@concert/shared/browser';
import { focusField, TextField } from '@concert/shared/ui';
import { SUPPORT } from '@concert/shared/universal';
import { validateField, type ValidationMessageId } from '@concert/shared/validation';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CopyText, Page } from '../../components/page.js';

/**
 * Contact form (issue 29 §6): the message goes to the organisation's support mailbox, with a
 * receipt to the sender (sendContactMessage, through the outbox). "Sent" is said only once the
 * server has taken it; if it could not, the message stays in the form with a way to try again.
 */
export function ContactPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const id = useId();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ email?: ValidationMessageId; message?: ValidationMessageId }>({});
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | 'failed' | 'tooMany'>('editing');
  const confirmation = useRef<HTMLDivElement>(null);
  const failure = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (state === 'sent') confirmation.current?.focus();
    if (state === 'failed' || state === 'tooMany') failure.current?.focus();
  }, [state]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (state === 'sending') return;
    const found = {
      email: validateField('email', email) ?? undefined,
      message: message.trim().length < 2 ? ('requiredField' as const) : undefined,
    };
    setErrors(found);
    if (found.email) return focusField('email');
    if (found.message) return document.getElementById(`${id}-message`)?.focus();
    setState('sending');
    try {
      await api.call('sendContactMessage', { email: email.trim(), message: message.trim(), lang });
      setState('sent');
    } catch (err) {
      if (err instanceof ApiError && err.errorId === 'invalidEmail') {
        setErrors({ email: 'incorrectEmail' });
        setState('editing');
        return focusField('email');
      }
      setState(err instanceof ApiError && err.status === 'RESOURCE_EXHAUSTED' ? 'tooMany' : 'failed');
    }
  }

  const mailto = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(t('contact.mailtoSubject'))}&body=${encodeURIComponent(`${message.trim()}\n\n${email.trim()}`)}`;
  const sending = state === 'sending';

  return (
    <Page title={t('contact.title')}>
      <CopyText text={t('contact.intro')} />
      {state === 'sent' ? (
        <div ref={confirmation} tabIndex={-1} className="notice" role="status">
          <p>{t('contact.sent')}</p>
        </div>
      ) : (
        <form noValidate onSubmit={send} aria-busy={sending}>
          <TextField
            name="email"
            type="email"
            label={t('contact.email.label')}
            error={errors.email && t(`validation.${errors.email}`)}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
          />
          <div className="field">
            <label htmlFor={`${id}-message`}>{t('contact.message.label')}</label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={6}
              maxLength={5000}
              required
              value={message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={`${id}-message-error`}
              onChange={(e) => setMessage(e.target.value)}
            />
            <span id={`${id}-message-error`} className="error" aria-live="polite">
              {errors.message ? t(`validation.${errors.message}`) : ''}
            </span>
          </div>
          {(state === 'failed' || state === 'tooMany') && (
            <div className="notice error-notice">
              <p ref={failure} tabIndex={-1} role="alert">
                {t(state === 'tooMany' ? 'contact.tooMany' : 'contact.error')}
              </p>
              <p>
                <a href={mailto}>{t('contact.mailtoFallback')}</a>
              </p>
            </div>
          )}
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            {t(sending ? 'contact.sending' : 'contact.send')}
          </button>
        </form>
      )}
      <CopyText text={t('contact.phone')} />
    </Page>
  );
}
