import { useCopy } from '@concert/shared/browser';
import { focusField, TextField } from '@concert/shared/ui';
import { SUPPORT } from '@concert/shared/universal';
import { validateField, type ValidationMessageId } from '@concert/shared/validation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CopyText, Page } from '../../components/page.js';

/**
 * Contact form (SPEC.md §2: placeholder page). There is no endpoint that receives messages, so
 * "send" confirms and offers the visitor's own e-mail app with the message filled in.
 */
export function ContactPage() {
  const t = useCopy();
  const id = useId();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ email?: ValidationMessageId; message?: ValidationMessageId }>({});
  const [sent, setSent] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  function send(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: validateField('email', email) ?? undefined,
      message: message.trim().length < 2 ? ('requiredField' as const) : undefined,
    };
    setErrors(found);
    if (found.email) return focusField('email');
    if (found.message) return document.getElementById(`${id}-message`)?.focus();
    setSent(true);
  }

  const mailto = `mailto:${SUPPORT.email}?subject=${encodeURIComponent(t('contact.mailtoSubject'))}&body=${encodeURIComponent(`${message.trim()}\n\n${email.trim()}`)}`;

  return (
    <Page title={t('contact.title')}>
      <CopyText text={t('contact.intro')} />
      {sent ? (
        <div ref={confirmation} tabIndex={-1} className="notice" role="status">
          <p>{t('contact.sent')}</p>
          <p>
            <a href={mailto}>{t('contact.mailtoFallback')}</a>
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={send}>
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
          <button type="submit" className="button">
            {t('contact.send')}
          </button>
        </form>
      )}
      <CopyText text={t('contact.phone')} />
    </Page>
  );
}
