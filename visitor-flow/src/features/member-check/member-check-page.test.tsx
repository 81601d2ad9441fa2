import { store, ticketDataAtom } from '@concert/shared/browser';
import { currentPath, renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberCheckPage } from './member-check-page.js';

const MEMBER = '198503151238';
const at = '/sv/memberCheck';

describe('memberCheck', () => {
  it('shows what is wrong with each field and focuses the first', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    await user.click(screen.getByRole('button', { name: 'memberCheck.continue' }));

    const personalNumber = screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' });
    await vi.waitFor(() => expect(personalNumber).toHaveFocus(), { timeout: 5000 });
    expect(personalNumber).toBeInvalid();
    expect(personalNumber).toHaveAccessibleDescription('memberCheck.personalNumber.hint validation.incorrectPN');
    expect(screen.getByRole('textbox', { name: 'memberCheck.email.label' })).toHaveAccessibleDescription('memberCheck.email.hint validation.incorrectEmail');
  });

  it('checks a field when it is left, and keeps the message until it is checked again', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const email = screen.getByRole('textbox', { name: 'memberCheck.email.label' });
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('validation.incorrectEmail')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'erik@example.se');
    await user.tab();
    await vi.waitFor(() => expect(screen.queryByText('validation.incorrectEmail')).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('takes real addresses (long TLDs, plus addressing) and refuses obvious mistakes, as the server does', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const email = screen.getByRole('textbox', { name: 'memberCheck.email.label' });
    for (const [address, valid] of [
      ['anna@gmail', false],
      ['anna@example.info', true],
      ['anna@@x.se', false],
      ['erik@firma.stockholm', true],
      ['anna @x.se', false],
      ['lisa+konsert@gmail.com', true],
    ] as const) {
      await user.clear(email);
      await user.type(email, address);
      await user.tab();
      if (valid) await vi.waitFor(() => expect(email, address).toBeValid(), { timeout: 5000 });
      else await vi.waitFor(() => expect(email, address).toBeInvalid(), { timeout: 5000 });
    }
  });

  it('without a held ticket goes to error/noTicketId', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    await user.type(screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' }), MEMBER);
    await user.type(screen.getByRole('textbox', { name: 'memberCheck.email.label' }), 'erik@example.se');
    await user.click(screen.getByRole('button', { name: 'memberCheck.continue' }));
    expect(currentPath()).toBe('/sv/error/noTicketId');
  });

  it('the no-personal-number box shows the way in place (no change of page on input), its link leads to specialCases#noPersonalId', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const live = screen.getAllByRole('status').find((el) => el.id === 'no-personal-number-info')!;
    expect(live).toBeEmptyDOMElement();
    await user.click(screen.getByRole('checkbox', { name: 'memberCheck.noPersonalNumber.label' }));
    expect(currentPath()).toBe(at);
    expect(live).toHaveTextContent('memberCheck.noPersonalNumber.info');
    await user.click(screen.getByRole('link', { name: 'memberCheck.noPersonalNumber.link' }));
    expect(currentPath()).toBe('/sv/specialCases#noPersonalId');
  });

  it('an under-18 number: the warning arrives in a live region that was there before, and describes the field', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const field = screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' });
    const live = screen.getAllByRole('status').find((el) => el.id === 'age-warning')!;
    expect(live).toBeEmptyDOMElement();
    await user.type(field, '200906013453');
    expect(live).toHaveTextContent('memberCheck.underAgePN');
    expect(field).toHaveAccessibleDescription('memberCheck.personalNumber.hint memberCheck.underAgePN');
  });

  describe('BankID identification (test mode)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      store.set(ticketDataAtom, { ticketId: 'ticket-1', isConfirmed: false, validUntil: Date.now() + 900_000, reserved: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    async function identify(bankId: 'Success' | 'Fail') {
      const rendered = renderScreen(<MemberCheckPage />, { at, testMode: { bankId, memberStatus: 'Member' } });
      const { user } = rendered;
      await user.type(screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' }), MEMBER);
      await user.type(screen.getByRole('textbox', { name: 'memberCheck.email.label' }), 'erik@example.se');
      await user.click(screen.getByRole('button', { name: 'memberCheck.continue' }));
      expect(screen.getByRole('heading', { name: 'bankId.title.auth' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
      return rendered;
    }

    it('pending: shows the QR to scan and that it waits; complete: a member goes on to newDonationAmount', async () => {
      await identify('Success');
      expect(await screen.findByRole('img', { name: 'bankId.qr.alt' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('bankId.waiting');
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(currentPath()).toBe('/sv/newDonationAmount'), { timeout: 5000 });
    });

    it('failed: says so and offers to try again', async () => {
      const { user } = await identify('Fail');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByRole('alert')).toHaveTextContent('bankId.hints.userCancel'); // test mode's failure is a cancelled order: its hint's text
      const tryAgain = screen.getByRole('button', { name: 'bankId.tryAgain' });
      // focus moves in an effect after the message is shown
      await vi.waitFor(() => expect(tryAgain).toHaveFocus(), { timeout: 5000 });
      await user.click(tryAgain);
      expect(screen.getByRole('button', { name: 'bankId.otherDevice' })).toBeInTheDocument();
    });
  });
});
