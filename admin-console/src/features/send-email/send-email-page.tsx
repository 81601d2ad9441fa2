import { apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import type { EmailType } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import { validateField } from '@concert/shared/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from '@concert/shared/router';
import { isEmailDraft } from '../../components/email-draft.js';
import { Field, focusField, SelectField } from '../../components/field.js';
import { Outbox } from './outbox.js';

/** Every e-mail type once (a type added to the API and missing here does not compile). */
const EMAIL_TYPE_SET: Record<EmailType, true> = { registeredNew: true, registeredMember: true, finalTicket: true };
const EMAIL_TYPES = Object.keys(EMAIL_TYPE_SET) as EmailType[];

const FIELDS = ['email', 'name', 'emailType', 'ticketId'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string> & { lang: Lang };

type Outcome = { state: 'idle' } | { state: 'saving' } | { state: 'queued'; email: string } | { state: 'failed'; error: unknown };

/** admin/sendEmail: puts one of the product's e-mails in the outbox; the outbox below shows how sending goes. */
export function SendEmailPage() {
  const t = useCopy();
  const { state: draft } = useLocation();
  const [values, setValues] = useState<Values>(() => ({
    ...(isEmailDraft(draft) ? draft : { email: '', name: '', emailType: '', ticketId: '' }),
    lang: 'sv',
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const result = useRef<HTMLDivElement>(null);
  const [queued, setQueued] = useState(0);

  const messageFor = (field: FieldName, value: string): string | undefined => {
    if (field === 'email') return validateField('email', value) ? t('validation.incorrectEmail') : undefined;
    return value.trim() === '' ? t('validation.requiredField') : undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (outcome.state === 'saving') return;
    const found = Object.fromEntries(FIELDS.map((f) => [f, messageFor(f, values[f])]).filter(([, m]) => m));
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f]);
    if (firstInvalid) return focusField(firstInvalid);
    setOutcome({ state: 'saving' });
    const email = values.email.trim();
    try {
      await staffApi.call('addEmailToQueue', {
        email,
        name: values.name.trim(),
        emailType: values.emailType as EmailType,
        ticketId: values.ticketId.trim(),
        lang: values.lang,
      });
      setOutcome({ state: 'queued', email });
      setQueued((n) => n + 1);
    } catch (err) {
      setOutcome({ state: 'failed', error: err });
    }
    result.current?.focus();
  };

  const change = (name: FieldName | 'lang', value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (name !== 'lang' && errors[name]) setErrors((es) => ({ ...es, [name]: messageFor(name, value) }));
  };

  return (
    <article className="admin-page">
      <h1>{t('admin.sendEmail.title')}</h1>
      <p>{t('admin.sendEmail.intro')}</p>
      <div ref={result} tabIndex={-1} className="admin-result">
        {outcome.state === 'queued' && (
          <p className="notice success" role="status">
            {t('admin.sendEmail.queued', { email: outcome.email })}
          </p>
        )}
        {outcome.state === 'failed' && (
          <p className="notice" role="alert">
            {t('admin.sendEmail.error', { message: apiErrorText(t, outcome.error) })}
          </p>
        )}
      </div>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Field
          name="email"
          type="email"
          autoComplete="off"
          label={t('admin.sendEmail.email.label')}
          value={values.email}
          error={errors.email}
          onChange={(e) => change('email', e.target.value)}
        />
        <Field
          name="name"
          autoComplete="off"
          label={t('admin.sendEmail.name.label')}
          value={values.name}
          error={errors.name}
          onChange={(e) => change('name', e.target.value)}
        />
        <SelectField
          name="emailType"
          label={t('admin.sendEmail.type.label')}
          placeholder={t('admin.sendEmail.type.placeholder')}
          options={EMAIL_TYPES.map((type) => ({ value: type, label: t(`admin.sendEmail.types.${type}`) }))}
          value={values.emailType}
          error={errors.emailType}
          onChange={(e) => change('emailType', e.target.value)}
        />
        <Field
          name="ticketId"
          autoComplete="off"
          spellCheck={false}
          label={t('admin.sendEmail.ticketId.label')}
          value={values.ticketId}
          error={errors.ticketId}
          onChange={(e) => change('ticketId', e.target.value)}
        />
        <SelectField
          name="lang"
          label={t('admin.sendEmail.lang.label')}
          options={[
            { value: 'sv', label: t('admin.sendEmail.lang.sv') },
            { value: 'en', label: t('admin.sendEmail.lang.en') },
          ]}
          value={values.lang}
          onChange={(e) => change('lang', e.target.value)}
        />
        <button type="submit" className="button" disabled={outcome.state === 'saving'}>
          {outcome.state === 'saving' ? t('admin.sendEmail.submitting') : t('admin.sendEmail.submit')}
        </button>
      </form>
      <Outbox follow={queued} />
    </article>
  );
}
