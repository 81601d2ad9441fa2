import {
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  autogiroUserStateAtom,
  EMPTY_PERSON,
  personAtom,
  signCompletedAtom,
  store,
  ticketDataAtom,
} from '@concert/shared/browser';
import { currentPath, renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewDonationAmountPage } from './new-donation-amount-page.js';

// The texts with amounts in them, so the test reads the amounts as a visitor does.
const copy = {
  'newDonationAmount.raise.value': '+ {{amount}}',
  'newDonationAmount.monthlyTotal': 'Totalt {{monthlyTotal}} i månaden',
  'newDonationAmount.minimumReached': 'Lägsta höjningen är {{minRaise}}',
  'newDonationAmount.raise.hint': 'Minst {{minRaise}}',
};
const at = '/sv/newDonationAmount';

describe('newDonationAmount', () => {
  beforeEach(() => {
    store.set(authenticatedUserAtom, {
      personalNumber: '198503151238',
      givenName: 'Anna',
      surname: 'Berg',
      name: 'Anna Berg',
    });
    store.set(personAtom, {
      ...EMPTY_PERSON,
      personalNumber: '198503151238',
      firstName: 'Anna',
      isMember: true,
      paymentType: 1,
    });
    store.set(autogiroPaymentInfoAtom, { minimumRaise: 75, months: 3, previousAmount: 200 });
    store.set(autogiroUserStateAtom, { raise: 75, monthlyAmount: 275 });
    store.set(ticketDataAtom, {
      ticketId: 'ticket-1',
      isConfirmed: false,
      validUntil: Date.now() + 900_000,
      reserved: true,
    });
  });

  it('the stepper raises in steps of 10 kr and never goes below the lowest raise', async () => {
    const { user } = renderScreen(<NewDonationAmountPage />, { at, copy });
    const stepper = screen.getByRole('group', { name: 'newDonationAmount.raise.label' });
    const decrease = within(stepper).getByRole('button', { name: 'newDonationAmount.decrease' });
    expect(within(stepper).getByText('+ 75 kr')).toBeInTheDocument();
    expect(decrease).toHaveAttribute('aria-disabled', 'true');
    // the minimum is a hint; no error before the visitor has done anything
    expect(stepper).toHaveAccessibleDescription('Minst 75 kr');
    expect(screen.queryByText('Lägsta höjningen är 75 kr')).not.toBeInTheDocument();

    // trying to go below it: the message, in a live region that was already there
    const live = within(stepper)
      .getAllByRole('status')
      .find((el) => el.tagName === 'P')!; // (the <output> is a status too)
    expect(live).toBeEmptyDOMElement();
    await user.click(decrease);
    expect(within(stepper).getByText('+ 75 kr')).toBeInTheDocument();
    expect(live).toHaveTextContent('Lägsta höjningen är 75 kr');
    expect(decrease).toHaveAccessibleDescription('Lägsta höjningen är 75 kr');

    await user.click(within(stepper).getByRole('button', { name: 'newDonationAmount.increase' }));
    await user.click(within(stepper).getByRole('button', { name: 'newDonationAmount.increase' }));
    expect(within(stepper).getByText('+ 95 kr')).toBeInTheDocument();
    expect(screen.getByText('Totalt 295 kr i månaden')).toBeInTheDocument();
    expect(decrease).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('Lägsta höjningen är 75 kr')).not.toBeInTheDocument();

    await user.click(decrease);
    expect(within(stepper).getByText('+ 85 kr')).toBeInTheDocument();
    expect(store.get(autogiroUserStateAtom)).toEqual({ raise: 85, monthlyAmount: 285 });
  });

  describe('signing with BankID (test mode)', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('locks the amount while signing; once signed, on to gotToken', async () => {
      const { user } = renderScreen(<NewDonationAmountPage />, { at, copy, testMode: { bankId: 'Success' } });
      await user.click(screen.getByRole('button', { name: 'newDonationAmount.sign' }));
      expect(screen.getByRole('heading', { name: 'bankId.title.sign' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'newDonationAmount.increase' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
      expect(await screen.findByRole('img', { name: 'bankId.qr.alt' })).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(currentPath()).toBe('/sv/gotToken'), { timeout: 5000 });
      expect(store.get(signCompletedAtom)).toBe(true);
    });

    it('cancelling before the order starts gives the sign button back, with focus', async () => {
      const { user } = renderScreen(<NewDonationAmountPage />, { at, copy, testMode: { bankId: 'Success' } });
      await user.click(screen.getByRole('button', { name: 'newDonationAmount.sign' }));
      await user.click(screen.getByRole('button', { name: 'bankId.cancel' }));
      await vi.waitFor(
        () => expect(screen.getByRole('button', { name: 'newDonationAmount.sign' })).toHaveFocus(),
        { timeout: 5000 },
      ); // moved in an effect
      expect(screen.getByRole('button', { name: 'newDonationAmount.increase' })).toBeEnabled();
    });
  });

  it('without a held ticket, signing goes to error/noTicketId', async () => {
    store.set(ticketDataAtom, null);
    const { user } = renderScreen(<NewDonationAmountPage />, { at, copy });
    await user.click(screen.getByRole('button', { name: 'newDonationAmount.sign' }));
    expect(currentPath()).toBe('/sv/error/noTicketId');
  });
});
