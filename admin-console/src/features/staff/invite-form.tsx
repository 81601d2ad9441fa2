import { ApiError, apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import { STAFF_ROLES, type Answers, type StaffRole } from '@concert/shared/api';
import { SelectField, TextField, useForm } from '@concert/shared/ui';
import { validateField } from '@concert/shared/validation';
import { useEffect, useRef, useState } from 'react';

/**
 * The office invites an address before its first sign-in (issue 40 §3): the role applies when
 * it first signs in. An address that has signed in already just gets the role. An address
 * outside the organisation's domains is refused by the server; the field says why.
 */
export function InviteForm({ onSaved }: { onSaved: () => void }) {
  const t = useCopy();
  const [role, setRole] = useState<StaffRole>('door');
  const [refused, setRefused] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({
    initial: { email: '' },
    fields: ['email'] as const,
    validate: (_field, value) =>
      validateField('email', value) ? t('admin.staff.invite.errors.invalidEmail') : undefined,
    onSubmit: async ({ email }, { reset }) => {
      try {
        const saved: Answers['setStaffRole'] = await staffApi.call('setStaffRole', {
          email: email.trim(),
          role,
        });
        reset({ email: '' });
        onSaved();
        return saved;
      } catch (error) {
        if (error instanceof ApiError && error.errorId === 'unauthorized_domain') setRefused(email);
        throw error;
      }
    },
  });
  const { submission } = form;
  const domainRefused = refused !== null && refused === form.values.email;
  // A settled submit moves the focus to what it says: the outcome, or the field the server refused.
  useEffect(() => {
    if (submission.state !== 'done' && submission.state !== 'failed') return;
    const field = formRef.current?.elements.namedItem('email');
    if (submission.state === 'failed' && refused !== null && field instanceof HTMLElement) field.focus();
    else result.current?.focus();
  }, [submission, refused]);
  const roleName = (r: StaffRole | null) => t(`admin.staff.roles.${r ?? 'none'}`);
  return (
    <section aria-labelledby="invite-title">
      <h2 id="invite-title">{t('admin.staff.invite.title')}</h2>
      <p>{t('admin.staff.invite.intro')}</p>
      <div ref={result} tabIndex={-1} className="admin-result" aria-live="polite">
        {submission.state === 'done' && (
          <p className="notice success" role="status">
            {submission.result.invited
              ? t('admin.staff.invite.saved', {
                  email: submission.result.email,
                  role: roleName(submission.result.role),
                })
              : t('admin.staff.saved', {
                  email: submission.result.email,
                  role: roleName(submission.result.role),
                })}
          </p>
        )}
        {submission.state === 'failed' && !domainRefused && (
          <p className="notice" role="alert">
            {t('admin.staff.invite.error', { message: apiErrorText(t, submission.error) })}
          </p>
        )}
      </div>
      <form ref={formRef} noValidate onSubmit={form.submit}>
        <TextField
          name="email"
          type="email"
          autoComplete="off"
          label={t('admin.staff.invite.emailLabel')}
          hint={t('admin.staff.invite.emailHint')}
          value={form.values.email}
          error={
            form.errors.email ??
            (domainRefused ? t('admin.staff.invite.errors.unauthorizedDomain') : undefined)
          }
          onChange={(e) => form.change('email', e.target.value)}
        />
        <SelectField
          name="role"
          label={t('admin.staff.invite.roleLabel')}
          options={STAFF_ROLES.map((value) => ({ value, label: roleName(value) }))}
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
        />
        <button type="submit" className="button" disabled={submission.state === 'submitting'}>
          {t('admin.staff.invite.submit')}
        </button>
      </form>
    </section>
  );
}
