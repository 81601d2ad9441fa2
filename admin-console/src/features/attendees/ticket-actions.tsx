// The office's actions on one ticket (issue 40 §1–2): cancel (after a confirmation dialog), move
// to another person (a small form, validated as the server does), send the ticket e-mail again.
import { ApiError, staffApi, useCopy } from '@concert/shared/browser';
import { transferHolderSchema, type AttendeeRow } from '@concert/shared/api';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { useId, useRef, useState, type FormEvent } from 'react';

type Field = 'firstName' | 'lastName' | 'email';
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email'];

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

export function TicketActions({
  row,
  name,
  onChange,
}: {
  row: AttendeeRow;
  name: string;
  /** The row as it is after an action (cancelled, or its new holder and code). */
  onChange: (row: AttendeeRow) => void;
}) {
  const t = useCopy();
  const [busy, setBusy] = useState(false);
  // Set at once (state waits for the next render): a double click acts once.
  const acting = useRef(false);
  const [open, setOpen] = useState<'cancel' | 'transfer' | null>(null);
  const [said, setSaid] = useState('');
  const id = useId();

  async function act(work: () => Promise<string>, failedKey: 'cancel' | 'transfer' | 'resend') {
    if (acting.current) return;
    acting.current = true;
    setBusy(true);
    try {
      setSaid(await work());
      setOpen(null);
    } catch (err) {
      setSaid(t(`admin.attendees.${failedKey}.failed`, { message: messageOf(err) }));
    } finally {
      acting.current = false;
      setBusy(false);
    }
  }

  const cancel = () =>
    act(async () => {
      await staffApi.call('cancelTicket', { attendeeId: row.ticketId });
      onChange({ ...row, ticketCode: '', cancelledAt: new Date().toISOString() });
      return t('admin.attendees.cancel.done', { name });
    }, 'cancel');

  const transfer = (holder: { firstName: string; lastName: string; email: string }) =>
    act(async () => {
      const { externalTicketId } = await staffApi.call('transferTicket', {
        attendeeId: row.ticketId,
        ...holder,
      });
      onChange({ ...row, ...holder, ticketCode: externalTicketId });
      return t('admin.attendees.transfer.done', { name: `${holder.firstName} ${holder.lastName}` });
    }, 'transfer');

  const resend = () =>
    act(async () => {
      const { queued } = await staffApi.call('resendTicketEmail', { attendeeId: row.ticketId });
      return t(queued ? 'admin.attendees.resend.done' : 'admin.attendees.resend.already', { name });
    }, 'resend');

  const standing = !row.cancelledAt && !row.checkedInAt;
  return (
    <div className="ticket-actions" role="group" aria-label={t('admin.attendees.actions.label', { name })}>
      {standing && (
        <>
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => setOpen('cancel')}
          >
            {t('admin.attendees.actions.cancel')}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            aria-expanded={open === 'transfer'}
            aria-controls={`${id}-transfer`}
            onClick={() => setOpen(open === 'transfer' ? null : 'transfer')}
          >
            {t('admin.attendees.actions.transfer')}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={() => void resend()}>
            {busy ? t('admin.attendees.actions.working') : t('admin.attendees.actions.resend')}
          </button>
        </>
      )}
      {open === 'cancel' && (
        <ConfirmDialog
          title={t('admin.attendees.cancel.title', { name })}
          body={t('admin.attendees.cancel.body', { name })}
          confirm={t('admin.attendees.cancel.confirm')}
          keep={t('admin.attendees.cancel.keep')}
          busy={busy}
          onConfirm={() => void cancel()}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'transfer' && (
        <TransferForm id={`${id}-transfer`} name={name} busy={busy} onSubmit={(h) => void transfer(h)} />
      )}
      <p role="status" aria-live="polite" className="ticket-actions-result">
        {said}
      </p>
    </div>
  );
}

/** The new holder: the server's own schema refuses first, kindly, at the field that is wrong. */
function TransferForm(props: {
  id: string;
  name: string;
  busy: boolean;
  onSubmit: (holder: { firstName: string; lastName: string; email: string }) => void;
}) {
  const t = useCopy();
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = transferHolderSchema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      props.onSubmit(parsed.data);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= t(
        field === 'email' ? 'admin.attendees.transfer.invalidEmail' : 'admin.attendees.transfer.invalidName',
      );
    }
    setErrors(found);
    inputs.current[FIELDS.find((f) => found[f])!]?.focus();
  }

  return (
    <form id={props.id} className="transfer-form" noValidate onSubmit={submit}>
      <h3>{t('admin.attendees.transfer.title', { name: props.name })}</h3>
      <p>{t('admin.attendees.transfer.intro', { name: props.name })}</p>
      {FIELDS.map((field) => (
        <div key={field} className="field">
          <label htmlFor={`${props.id}-${field}`}>{t(`admin.attendees.transfer.${field}`)}</label>
          <input
            id={`${props.id}-${field}`}
            ref={(el) => {
              inputs.current[field] = el;
            }}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete="off"
            value={values[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${props.id}-${field}-error` : undefined}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
          {errors[field] && (
            <p id={`${props.id}-${field}-error`} className="field-error">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      <button type="submit" className="button" disabled={props.busy}>
        {t('admin.attendees.transfer.submit')}
      </button>
    </form>
  );
}
