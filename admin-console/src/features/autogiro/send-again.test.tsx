import { ApiError, staffApi } from '@concert/shared/browser';
import { renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendAgain } from './send-again.js';

const MANDATE = '3f2b8c1e-4d5a-4b6c-9d7e-0a1b2c3d4e5f';
const copy = {
  'admin.autogiro.detail.sendAgainConfirm': 'Skicka betalningen för {{name}} igen?',
  'admin.autogiro.error': 'Fel: {{message}}',
};
const at = `/admin/autogiro/${MANDATE}`;

afterEach(() => vi.restoreAllMocks());

describe('SendAgain (issue 39: a rejected standing payment)', () => {
  it('sends only after the dialog is confirmed; Escape keeps it; the outcome is said in the live region', async () => {
    const call = vi.spyOn(staffApi, 'call').mockResolvedValue({ state: 'approved', resolved: 1 } as never);
    const onDone = vi.fn();
    const { user } = renderScreen(<SendAgain mandateId={MANDATE} name="Ada Ek" available onDone={onDone} />, {
      at,
      copy,
    });
    const opener = screen.getByRole('button', { name: 'admin.autogiro.detail.sendAgain' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'admin.autogiro.detail.sendAgain' });
    expect(dialog).toHaveAccessibleDescription('Skicka betalningen för Ada Ek igen?');
    expect(screen.getByRole('button', { name: 'admin.autogiro.detail.sendAgainKeep' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'admin.autogiro.detail.sendAgain' })).toHaveFocus();
    expect(call).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'admin.autogiro.detail.sendAgain' }));
    await user.click(screen.getByRole('button', { name: 'admin.autogiro.detail.sendAgainYes' }));
    expect(call).toHaveBeenCalledWith('sendMandateAgain', { mandateId: MANDATE });
    expect(await screen.findByRole('status')).toHaveTextContent('admin.autogiro.detail.sentAgain');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a refusal is said as an alert, and nothing is reloaded', async () => {
    vi.spyOn(staffApi, 'call').mockRejectedValue(new ApiError('FAILED_PRECONDITION', 'invalidState'));
    const onDone = vi.fn();
    const { user } = renderScreen(<SendAgain mandateId={MANDATE} name="Ada Ek" available onDone={onDone} />, {
      at,
      copy,
    });
    await user.click(screen.getByRole('button', { name: 'admin.autogiro.detail.sendAgain' }));
    await user.click(screen.getByRole('button', { name: 'admin.autogiro.detail.sendAgainYes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Fel: /);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('offers nothing for a mandate in any other state', () => {
    renderScreen(<SendAgain mandateId={MANDATE} name="Ada Ek" available={false} onDone={vi.fn()} />, {
      at,
      copy,
    });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
