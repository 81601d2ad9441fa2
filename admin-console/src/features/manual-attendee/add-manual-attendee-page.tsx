import { apiErrorText, staffApi, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { validateField } from '@concert/shared/validation';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@concert/shared/router';
import { Field, focusField } from '../../components/field.js';
import type { EmailDraft } from '../../components/email-draft.js';

const FIELDS = ['firstName', 'lastName', 'email'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const EMPTY: Values = { firstName: '', lastName: '', email: '' };

type Outcome =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'added'; attendee: Values; externalTicketId: string }
  | { state: 'failed'; error: unknown };

/** admin/addManualAttendee: an attendee added by staff (e.g. ordered by phone) gets a confirmed ticket. */
export function AddManualAttendeePage() {
  const t = useCopy();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const result = useRef<HTMLDivElement>(null);

  const messageFor = (field: FieldName, value: string) => {
    const id = validateField(field, value);
    return id ? t(`validation.${id}`) : undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (outcome.state === 'saving') return;
    const found = Object.fromEntries(FIELDS.map((f) => [f, messageFor(f, values[f])]).filter(([, m]) => m));
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f]);
    if (firstInvalid) return focusField(firstInvalid);
    setOutcome({ state: 'saving' });
    const attendee = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
    try {
      const { externalTicketId } = await staffApi.call('addManualAttendee', { ...attendee, manuallyAdded: true });
      setOutcome({ state: 'added', attendee, externalTicketId });
      setValues(EMPTY);
    } catch (err) {
      setOutcome({ state: 'failed', error: err });
    }
    result.current?.focus();
  };

  const field = (name: FieldName, type: 'text' | 'email', autoComplete: string) => (
    <Field
      name={name}
      type={type}
      label={t(`admin.addManualAttendee.${name}.label`)}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        if (errors[name]) setErrors((es) => ({ ...es, [name]: messageFor(name, value) }));
      }}
    />
  );

  return (
    <article className="admin-page">
      <h1>{t('admin.addManualAttendee.title')}</h1>
      <p>{t('admin.addManualAttendee.intro')}</p>
      <div ref={result} tabIndex={-1} className="admin-result">
        {outcome.state === 'added' && (
          <div className="notice success" role="status">
            <p>{t('admin.addManualAttendee.success', { firstName: outcome.attendee.firstName, lastName: outcome.attendee.lastName })}</p>
            <p className="ticket-id">{t('admin.addManualAttendee.ticketId', { ticketId: outcome.externalTicketId })}</p>
            <p>
              {/* Filled in through navigation state: personal data never goes into a URL. */}
              <Link to={paths.admin.sendEmail.getHref()} state={sendTicketDraft(outcome.attendee, outcome.externalTicketId)}>
                {t('admin.addManualAttendee.sendTicket')}
              </Link>
            </p>
          </div>
        )}
        {outcome.state === 'failed' && (
          <p className="notice" role="alert">
            {t('admin.addManualAttendee.error', { message: apiErrorText(t, outcome.error) })}
          </p>
        )}
      </div>
      <form noValidate onSubmit={(e) => void submit(e)}>
        {field('firstName', 'text', 'off')}
        {field('lastName', 'text', 'off')}
        {field('email', 'email', 'off')}
        <button type="submit" className="button" disabled={outcome.state === 'saving'}>
          {outcome.state === 'saving' ? t('admin.addManualAttendee.submitting') : t('admin.addManualAttendee.submit')}
        </button>
      </form>
    </article>
  );
}

/** The e-mail form, filled in for sending this attendee their ticket. */
function sendTicketDraft(attendee: Values, ticketId: string): EmailDraft {
  return { email: attendee.email, name: attendee.firstName, emailType: 'finalTicket', ticketId };
}
