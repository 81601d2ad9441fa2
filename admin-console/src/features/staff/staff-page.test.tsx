import { ApiError, staffApi } from '@concert/shared/browser';
import { eventually, renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffPage } from './staff-page.js';

const copy = {
  'admin.staff.invite.saved': '{{email}} inbjuden: {{role}}',
  'admin.staff.invitations.withdrawn': '{{email}} tillbakadragen',
  'admin.staff.invitations.withdraw': 'Dra tillbaka {{email}}',
  'admin.staff.invitations.invitedBy': 'av {{email}}',
  'admin.staff.invite.error': 'Fel: {{message}}',
};
const invitation = {
  email: 'volunteer@org.example',
  role: 'door',
  invitedBy: 'office@org.example',
  invitedAt: '2031-05-01T10:00:00.000Z',
};

/** The staff API as the server answers: the lists, and what a test gives for the rest. */
type Payload = { email: string; role: string };
function serve(answers: Record<string, (data: Payload) => unknown>) {
  return vi.spyOn(staffApi, 'call').mockImplementation((async (name: string, data: Payload) => {
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected call ${name}`);
    return answer(data);
  }) as never);
}

const render = () => renderScreen(<StaffPage />, { at: '/admin/staff', copy });
const emailField = () => screen.getByRole('textbox', { name: 'admin.staff.invite.emailLabel' });

describe('admin/staff: invitations (issue 40 §3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the invitations with role and who invited; withdrawing one says so and reloads the list', async () => {
    let open = [invitation];
    const call = serve({
      listStaff: () => [],
      listStaffInvitations: () => open,
      withdrawStaffInvitation: ({ email }) => {
        open = [];
        return { email, withdrawn: true };
      },
    });
    const { user } = render();
    const list = await screen.findByRole('region', { name: 'admin.staff.invitations.title' });
    const card = await within(list).findByRole('listitem');
    expect(card).toHaveTextContent('volunteer@org.example');
    expect(card).toHaveTextContent('admin.staff.invitations.role');
    expect(card).toHaveTextContent('av office@org.example');
    await user.click(within(card).getByRole('button', { name: 'Dra tillbaka volunteer@org.example' }));
    expect(call).toHaveBeenCalledWith('withdrawStaffInvitation', { email: 'volunteer@org.example' });
    expect(await within(list).findByRole('status')).toHaveTextContent('volunteer@org.example tillbakadragen');
    expect(await within(list).findByText('admin.staff.invitations.empty')).toBeInTheDocument();
  });

  it('invites an address with the chosen role, says the role waits for the first sign-in, and lists it', async () => {
    let open: (typeof invitation)[] = [];
    const call = serve({
      listStaff: () => [],
      listStaffInvitations: () => open,
      setStaffRole: ({ email, role }) => {
        open = [{ ...invitation, email, role }];
        return { email, role, invited: true };
      },
    });
    const { user } = render();
    await user.type(emailField(), 'new.volunteer@org.example');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'admin.staff.invite.roleLabel' }),
      'office',
    );
    await user.click(screen.getByRole('button', { name: 'admin.staff.invite.submit' }));
    expect(call).toHaveBeenCalledWith('setStaffRole', { email: 'new.volunteer@org.example', role: 'office' });
    expect(
      await screen.findByText('new.volunteer@org.example inbjuden: admin.staff.roles.office'),
    ).toHaveAttribute('role', 'status');
    expect(emailField()).toHaveValue('');
    const list = screen.getByRole('region', { name: 'admin.staff.invitations.title' });
    expect(await within(list).findByText('new.volunteer@org.example')).toBeInTheDocument();
  });

  it('form errors: a malformed address is marked without a call; one outside the domains is marked on the field by the server’s id', async () => {
    const call = serve({
      listStaff: () => [],
      listStaffInvitations: () => [],
      setStaffRole: () => {
        throw new ApiError('INVALID_ARGUMENT', 'unauthorized_domain');
      },
    });
    const { user } = render();
    await user.type(emailField(), 'volunteer@');
    await user.click(screen.getByRole('button', { name: 'admin.staff.invite.submit' }));
    await eventually(() => expect(emailField()).toHaveFocus());
    expect(emailField()).toHaveAccessibleDescription(
      expect.stringContaining('admin.staff.invite.errors.invalidEmail'),
    );
    expect(call).not.toHaveBeenCalledWith('setStaffRole', expect.anything());

    await user.clear(emailField());
    await user.type(emailField(), 'someone@outside.example');
    await user.click(screen.getByRole('button', { name: 'admin.staff.invite.submit' }));
    await eventually(() =>
      expect(emailField()).toHaveAccessibleDescription(
        expect.stringContaining('admin.staff.invite.errors.unauthorizedDomain'),
      ),
    );
    expect(emailField()).toBeInvalid();
    expect(emailField()).toHaveFocus();
    expect(call).toHaveBeenCalledWith('setStaffRole', { email: 'someone@outside.example', role: 'door' });
    // Another address: the server's refusal no longer applies to the field.
    await user.type(emailField(), 'x');
    expect(emailField()).not.toHaveAccessibleDescription(
      expect.stringContaining('admin.staff.invite.errors.unauthorizedDomain'),
    );
  });
});
