import { staffApi } from '@concert/shared/browser';
import type { AttendeeRow } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketActions } from './ticket-actions.js';

const copy = {
  'admin.attendees.cancel.title': 'Avboka {{name}}?',
  'admin.attendees.cancel.done': '{{name}} avbokad.',
  'admin.attendees.resend.done': 'Mejl till {{name}} i kön.',
  'admin.attendees.resend.already': 'Mejl till {{name}} väntar redan.',
  'admin.attendees.transfer.done': 'Flyttad till {{name}}.',
};
const row: AttendeeRow = {
  ticketId: '7',
  firstName: 'Ada',
  lastName: 'Ek',
  email: 'ada@example.se',
  ticketCode: 'K7',
  origin: 'manual',
  confirmedAt: '2025-09-01T10:00:00.000Z',
  checkedInAt: null,
  cancelledAt: null,
  mandateRejected: false,
};
const at = '/admin/attendees';

afterEach(() => vi.restoreAllMocks());

describe('TicketActions (issue 40)', () => {
  it('cancels only after the dialog is confirmed, and says so in the live region', async () => {
    const call = vi.spyOn(staffApi, 'call').mockResolvedValue({ cancelled: true } as never);
    const onChange = vi.fn();
    const { user } = renderScreen(<TicketActions row={row} name="Ada Ek" onChange={onChange} />, {
      at,
      copy,
    });
    await user.click(screen.getByRole('button', { name: 'admin.attendees.actions.cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Avboka Ada Ek?' });
    expect(dialog).toHaveAccessibleDescription('admin.attendees.cancel.body');
    expect(screen.getByRole('button', { name: 'admin.attendees.cancel.keep' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(call).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'admin.attendees.actions.cancel' }));
    await user.click(screen.getByRole('button', { name: 'admin.attendees.cancel.confirm' }));
    expect(call).toHaveBeenCalledWith('cancelTicket', { attendeeId: '7' });
    expect(await screen.findByRole('status')).toHaveTextContent('Ada Ek avbokad.');
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ cancelledAt: expect.any(String), ticketCode: '' }),
    );
  });

  it('refuses a bad new holder at the field, kindly, before asking the server', async () => {
    const call = vi.spyOn(staffApi, 'call').mockResolvedValue({ externalTicketId: 'N1' } as never);
    const { user } = renderScreen(<TicketActions row={row} name="Ada Ek" onChange={vi.fn()} />, { at, copy });
    await user.click(screen.getByRole('button', { name: 'admin.attendees.actions.transfer' }));
    await user.type(screen.getByRole('textbox', { name: 'admin.attendees.transfer.firstName' }), 'Dag');
    await user.type(screen.getByRole('textbox', { name: 'admin.attendees.transfer.email' }), 'dag@');
    await user.click(screen.getByRole('button', { name: 'admin.attendees.transfer.submit' }));
    const lastName = screen.getByRole('textbox', { name: 'admin.attendees.transfer.lastName' });
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(lastName).toHaveFocus();
    expect(lastName).toHaveAccessibleDescription('admin.attendees.transfer.invalidName');
    expect(
      screen.getByRole('textbox', { name: 'admin.attendees.transfer.email' }),
    ).toHaveAccessibleDescription('admin.attendees.transfer.invalidEmail');
    expect(call).not.toHaveBeenCalled();
    await user.type(lastName, 'Ny');
    await user.type(screen.getByRole('textbox', { name: 'admin.attendees.transfer.email' }), 'example.se');
    await user.click(screen.getByRole('button', { name: 'admin.attendees.transfer.submit' }));
    expect(call).toHaveBeenCalledWith('transferTicket', {
      attendeeId: '7',
      firstName: 'Dag',
      lastName: 'Ny',
      email: 'dag@example.se',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Flyttad till Dag Ny.');
  });

  it('resends once however fast it is clicked; a cancelled ticket has no actions', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const call = vi
      .spyOn(staffApi, 'call')
      .mockImplementation(() => new Promise((resolve) => (answer = resolve)) as never);
    const { user, unmount } = renderScreen(<TicketActions row={row} name="Ada Ek" onChange={vi.fn()} />, {
      at,
      copy,
    });
    const resend = screen.getByRole('button', { name: 'admin.attendees.actions.resend' });
    await user.dblClick(resend);
    answer({ queued: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Mejl till Ada Ek i kön.');
    expect(call).toHaveBeenCalledTimes(1);
    unmount();
    renderScreen(
      <TicketActions
        row={{ ...row, cancelledAt: '2025-09-02T10:00:00.000Z' }}
        name="Ada Ek"
        onChange={vi.fn()}
      />,
      {
        at,
        copy,
      },
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
