import { api, ApiError } from '@concert/shared/browser';
import { renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from './contact-page.js';

afterEach(() => vi.restoreAllMocks());

async function write(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'contact.email.label' }), 'anna@example.se');
  await user.type(
    screen.getByRole('textbox', { name: 'contact.message.label' }),
    'Finns det rullstolsplatser?',
  );
  await user.click(screen.getByRole('button', { name: 'contact.send' }));
}

describe('contact (issue 29 §6)', () => {
  it('says sent only once the server took the message', async () => {
    let answer!: (v: { sent: true }) => void;
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation(() => new Promise((r) => (answer = r as never)) as never);
    const { user } = renderScreen(<ContactPage />, { at: '/sv/contact' });
    await write(user);
    expect(call).toHaveBeenCalledWith('sendContactMessage', {
      email: 'anna@example.se',
      message: 'Finns det rullstolsplatser?',
      lang: 'sv',
    });
    expect(screen.queryByText('contact.sent')).toBeNull();
    expect(screen.getByRole('button', { name: 'contact.sending' })).toHaveAttribute('aria-disabled', 'true');
    answer({ sent: true });
    expect(await screen.findByText('contact.sent')).toBeInTheDocument();
  });

  it('when it could not be sent: says so, keeps what was written, and sending again works', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockRejectedValueOnce(new ApiError('UNAVAILABLE', 'timeout'))
      .mockResolvedValueOnce({ sent: true } as never);
    const { user } = renderScreen(<ContactPage />, { at: '/sv/contact' });
    await write(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('contact.error');
    expect(screen.queryByText('contact.sent')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'contact.message.label' })).toHaveValue(
      'Finns det rullstolsplatser?',
    );
    await user.click(screen.getByRole('button', { name: 'contact.send' }));
    expect(await screen.findByText('contact.sent')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
