import { staffApi, useCopy } from '@concert/shared/browser';
import { TextField, useForm } from '@concert/shared/ui';
import { paths } from '@concert/shared/universal';
import { validateField } from '@concert/shared/validation';
import { Link } from '@concert/shared/router';
import type { EmailDraft } from '../../components/email-draft.js';
import { StaffFormPage } from '../../components/staff-form-page.js';

const FIELDS = ['firstName', 'lastName', 'email'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const EMPTY: Values = { firstName: '', lastName: '', email: '' };

/** admin/addManualAttendee: an attendee added by staff (e.g. ordered by phone) gets a confirmed ticket. */
export function AddManualAttendeePage() {
  const t = useCopy();
  const form = useForm({
    initial: EMPTY,
    fields: FIELDS,
    validate: (field, value) => {
      const id = validateField(field, value);
      return id ? t(`validation.${id}`) : undefined;
    },
    onSubmit: async (values, { reset }) => {
      const attendee = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      };
      const { externalTicketId } = await staffApi.call('addManualAttendee', {
        ...attendee,
        manuallyAdded: true,
      });
      reset(EMPTY);
      return { attendee, externalTicketId };
    },
  });
  const field = (name: FieldName, type: 'text' | 'email', autoComplete: string) => (
    <TextField
      name={name}
      type={type}
      label={t(`admin.addManualAttendee.${name}.label`)}
      autoComplete={autoComplete}
      value={form.values[name]}
      error={form.errors[name]}
      onChange={(e) => form.change(name, e.target.value)}
    />
  );

  return (
    <StaffFormPage
      copy="admin.addManualAttendee"
      form={form}
      done={({ attendee, externalTicketId }) => (
        <div className="notice success" role="status">
          <p>
            {t('admin.addManualAttendee.success', {
              firstName: attendee.firstName,
              lastName: attendee.lastName,
            })}
          </p>
          <p className="ticket-id">{t('admin.addManualAttendee.ticketId', { ticketId: externalTicketId })}</p>
          <p>
            {/* Filled in through navigation state: personal data never goes into a URL. */}
            <Link to={paths.admin.sendEmail.getHref()} state={sendTicketDraft(attendee, externalTicketId)}>
              {t('admin.addManualAttendee.sendTicket')}
            </Link>
          </p>
        </div>
      )}
    >
      {field('firstName', 'text', 'off')}
      {field('lastName', 'text', 'off')}
      {field('email', 'email', 'off')}
    </StaffFormPage>
  );
}

/** The e-mail form, filled in for sending this attendee their ticket. */
function sendTicketDraft(attendee: Values, ticketId: string): EmailDraft {
  return { email: attendee.email, name: attendee.firstName, emailType: 'finalTicket', ticketId };
}
