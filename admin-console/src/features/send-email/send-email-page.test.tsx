import { staffApi } from '@concert/shared/browser';
import type { OutboxRow } from '@concert/shared/api';
import { eventually, renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendEmailPage } from './send-email-page.js';

const copy = {
  'admin.sendEmail.queued': 'Lagt i kön till {{email}}.',
  'admin.sendEmail.outbox.error': 'Utkorgen kunde inte läsas: {{message}}',
  'admin.sendEmail.types.finalTicket': 'Biljetten',
};
const at = '/admin/sendEmail';

const row = (over: Partial<OutboxRow>): OutboxRow =>
  ({
    id: '1',
    toEmail: 'lisa@example.se',
    emailType: 'finalTicket',
    status: 'sent',
    createdAt: '2025-09-15T17:42:07Z',
    lastError: null,
    ...over,
  }) as OutboxRow;

/** staffApi answers by function name. */
function answer(answers: Record<string, (payload: unknown) => unknown>) {
  return vi.spyOn(staffApi, 'call').mockImplementation(async (name, payload) => {
    const reply = answers[name];
    if (!reply) throw new Error(`no answer for ${name}`);
    return reply(payload) as never;
  });
}

describe('admin/sendEmail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the outbox, each e-mail with its type, time and how sending went', async () => {
    answer({
      listOutbox: () => [
        row({ id: '1' }),
        row({ id: '2', toEmail: 'per@example.se', status: 'failed', lastError: 'mailbox full' }),
      ],
    });
    renderScreen(<SendEmailPage />, { at, copy });
    const outbox = screen.getByRole('region', { name: 'admin.sendEmail.outbox.title' });
    const rows = await within(outbox).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('lisa@example.se');
    expect(rows[1]).toHaveTextContent('Biljetten');
    expect(rows[1]).toHaveTextContent('admin.sendEmail.outbox.status.sent');
    expect(rows[2]).toHaveTextContent('admin.sendEmail.outbox.status.failed mailbox full');
  });

  it('an outbox that cannot be read says why; refresh asks again', async () => {
    let attempt = 0;
    answer({
      listOutbox: () => {
        if (attempt++ === 0) throw new Error('offline');
        return [];
      },
    });
    const { user } = renderScreen(<SendEmailPage />, { at, copy });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Utkorgen kunde inte läsas: error.messages.unknownError',
    );
    await user.click(screen.getByRole('button', { name: 'admin.sendEmail.outbox.refresh' }));
    expect(await screen.findByText('admin.sendEmail.outbox.empty')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('every field is needed; the e-mail must be one', async () => {
    const call = answer({ listOutbox: () => [] });
    const { user } = renderScreen(<SendEmailPage />, { at, copy });
    await user.type(screen.getByRole('textbox', { name: 'admin.sendEmail.email.label' }), 'lisa');
    await user.click(screen.getByRole('button', { name: 'admin.sendEmail.submit' }));
    expect(screen.getByRole('textbox', { name: 'admin.sendEmail.email.label' })).toHaveAccessibleDescription(
      'validation.incorrectEmail',
    );
    expect(screen.getByRole('textbox', { name: 'admin.sendEmail.name.label' })).toHaveAccessibleDescription(
      'validation.requiredField',
    );
    expect(screen.getByRole('combobox', { name: 'admin.sendEmail.type.label' })).toHaveAccessibleDescription(
      'validation.requiredField',
    );
    await eventually(() =>
      expect(screen.getByRole('textbox', { name: 'admin.sendEmail.email.label' })).toHaveFocus(),
    );
    expect(call).not.toHaveBeenCalledWith('addEmailToQueue', expect.anything());
  });

  it('queues the e-mail, says so and lists it', async () => {
    const queued: unknown[] = [];
    const call = answer({
      addEmailToQueue: (payload) => (queued.push(payload), { queued: true }),
      listOutbox: () => (queued.length ? [row({ status: 'sent' })] : []),
    });
    const { user } = renderScreen(<SendEmailPage />, { at, copy });
    await user.type(screen.getByRole('textbox', { name: 'admin.sendEmail.email.label' }), 'lisa@example.se');
    await user.type(screen.getByRole('textbox', { name: 'admin.sendEmail.name.label' }), 'Lisa');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'admin.sendEmail.type.label' }),
      'Biljetten',
    );
    await user.type(screen.getByRole('textbox', { name: 'admin.sendEmail.ticketId.label' }), 'T-123');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'admin.sendEmail.lang.label' }),
      'admin.sendEmail.lang.en',
    );
    await user.click(screen.getByRole('button', { name: 'admin.sendEmail.submit' }));

    expect(await screen.findByText('Lagt i kön till lisa@example.se.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('addEmailToQueue', {
      email: 'lisa@example.se',
      name: 'Lisa',
      emailType: 'finalTicket',
      ticketId: 'T-123',
      lang: 'en',
    });
    const outbox = screen.getByRole('region', { name: 'admin.sendEmail.outbox.title' });
    expect(await within(outbox).findByText('lisa@example.se')).toBeInTheDocument();
  });
});
