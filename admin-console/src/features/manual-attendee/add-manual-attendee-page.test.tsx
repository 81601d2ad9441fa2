import { ApiError, staffApi } from '@concert/shared/browser';
import { eventually, renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddManualAttendeePage } from './add-manual-attendee-page.js';

const copy = {
  'admin.addManualAttendee.success': '{{firstName}} {{lastName}} har en biljett.',
  'admin.addManualAttendee.ticketId': 'Biljett: {{ticketId}}',
  'admin.addManualAttendee.error': 'Det gick inte: {{message}}',
};
const at = '/admin/addManualAttendee';

async function fillIn(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'admin.addManualAttendee.firstName.label' }), ' Lisa ');
  await user.type(screen.getByRole('textbox', { name: 'admin.addManualAttendee.lastName.label' }), 'Ek');
  await user.type(
    screen.getByRole('textbox', { name: 'admin.addManualAttendee.email.label' }),
    'lisa@example.se',
  );
}

describe('admin/addManualAttendee', () => {
  afterEach(() => vi.restoreAllMocks());

  it('marks the missing names and a bad e-mail; a fixed field loses its message as it is typed', async () => {
    const call = vi.spyOn(staffApi, 'call');
    const { user } = renderScreen(<AddManualAttendeePage />, { at, copy });
    const email = screen.getByRole('textbox', { name: 'admin.addManualAttendee.email.label' });
    await user.type(email, 'lisa@');
    await user.click(screen.getByRole('button', { name: 'admin.addManualAttendee.submit' }));
    const firstName = screen.getByRole('textbox', { name: 'admin.addManualAttendee.firstName.label' });
    await eventually(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAccessibleDescription('validation.requiredField');
    expect(email).toHaveAccessibleDescription('validation.incorrectEmail');
    await user.type(email, 'example.se');
    expect(email).toBeValid();
    expect(call).not.toHaveBeenCalled();
  });

  it('adds the attendee, says so with the ticket id, empties the form and offers the ticket e-mail', async () => {
    const call = vi
      .spyOn(staffApi, 'call')
      .mockResolvedValue({ attendeeId: 'a-1', externalTicketId: 'T-123' } as never);
    const { user } = renderScreen(<AddManualAttendeePage />, { at, copy });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'admin.addManualAttendee.submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Lisa Ek har en biljett.');
    expect(screen.getByText('Biljett: T-123')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('addManualAttendee', {
      firstName: 'Lisa',
      lastName: 'Ek',
      email: 'lisa@example.se',
      manuallyAdded: true,
    });
    expect(screen.getByRole('textbox', { name: 'admin.addManualAttendee.firstName.label' })).toHaveValue('');
    expect(screen.getByRole('link', { name: 'admin.addManualAttendee.sendTicket' })).toHaveAttribute(
      'href',
      '/admin/sendEmail',
    );
  });

  it('says why it failed, and keeps what was typed', async () => {
    vi.spyOn(staffApi, 'call').mockRejectedValue(new ApiError('PERMISSION_DENIED', 'permissionDenied'));
    const { user } = renderScreen(<AddManualAttendeePage />, { at, copy });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'admin.addManualAttendee.submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte: error.messages.permissionDenied');
    await eventually(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'admin.addManualAttendee.lastName.label' })).toHaveValue('Ek');
  });
});
