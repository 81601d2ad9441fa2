import { staffApi, useCopy } from '@concert/shared/browser';
import type { EmailType } from '@concert/shared/api';
import { SelectField, TextField, useForm } from '@concert/shared/ui';
import type { Lang } from '@concert/shared/universal';
import { validateField } from '@concert/shared/validation';
import { useState, type ChangeEvent } from 'react';
import { useLocation } from '@concert/shared/router';
import { isEmailDraft } from '../../components/email-draft.js';
import { StaffFormPage } from '../../components/staff-form-page.js';
import { Outbox } from './outbox.js';

/** Every e-mail type once (a type added to the API and missing here does not compile). */
const EMAIL_TYPE_SET: Record<EmailType, true> = {
  registeredNew: true,
  registeredMember: true,
  finalTicket: true,
};
const EMAIL_TYPES = Object.keys(EMAIL_TYPE_SET) as EmailType[];

const FIELDS = ['email', 'name', 'emailType', 'ticketId'] as const;
type Values = Record<(typeof FIELDS)[number], string> & { lang: Lang };

/** admin/sendEmail: puts one of the product's e-mails in the outbox; the outbox below shows how sending goes. */
export function SendEmailPage() {
  const t = useCopy();
  const { state: draft } = useLocation();
  const [queued, setQueued] = useState(0);
  const form = useForm({
    initial: {
      ...(isEmailDraft(draft) ? draft : { email: '', name: '', emailType: '', ticketId: '' }),
      lang: 'sv',
    } satisfies Values as Values,
    fields: FIELDS,
    validate: (field, value) => {
      if (field === 'email')
        return validateField('email', value) ? t('validation.incorrectEmail') : undefined;
      return value.trim() === '' ? t('validation.requiredField') : undefined;
    },
    onSubmit: async (values) => {
      const email = values.email.trim();
      await staffApi.call('addEmailToQueue', {
        email,
        name: values.name.trim(),
        emailType: values.emailType as EmailType,
        ticketId: values.ticketId.trim(),
        lang: values.lang,
      });
      setQueued((n) => n + 1);
      return { email };
    },
  });
  const { values, errors } = form;
  /** A field's name, value, message and change handler. */
  const bind = (name: Exclude<keyof Values, 'lang'>) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => form.change(name, e.target.value),
  });

  return (
    <StaffFormPage
      copy="admin.sendEmail"
      form={form}
      done={({ email }) => (
        <p className="notice success" role="status">
          {t('admin.sendEmail.queued', { email })}
        </p>
      )}
      after={<Outbox follow={queued} />}
    >
      <TextField
        {...bind('email')}
        type="email"
        autoComplete="off"
        label={t('admin.sendEmail.email.label')}
      />
      <TextField {...bind('name')} autoComplete="off" label={t('admin.sendEmail.name.label')} />
      <SelectField
        {...bind('emailType')}
        label={t('admin.sendEmail.type.label')}
        placeholder={t('admin.sendEmail.type.placeholder')}
        options={EMAIL_TYPES.map((type) => ({ value: type, label: t(`admin.sendEmail.types.${type}`) }))}
      />
      <TextField
        {...bind('ticketId')}
        autoComplete="off"
        spellCheck={false}
        label={t('admin.sendEmail.ticketId.label')}
      />
      <SelectField
        name="lang"
        label={t('admin.sendEmail.lang.label')}
        options={[
          { value: 'sv', label: t('admin.sendEmail.lang.sv') },
          { value: 'en', label: t('admin.sendEmail.lang.en') },
        ]}
        value={values.lang}
        onChange={(e) => form.change('lang', e.target.value as Lang)}
      />
    </StaffFormPage>
  );
}
