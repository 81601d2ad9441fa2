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
import { currentPath, eventually, renderScreen, withTestConcert } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewDonationAmountPage } from './new-donation-amount-page.js';

// The texts with amounts in them, so the test reads the amounts as a visitor does.
const copy = {
  'newDonationAmount.raise.value': '+ {{amount}}',
  'newDonationAmount.monthlyTotal': 'Totalt {{monthlyTotal}} i månaden',
  'newDonationAmount.minimumReached': 'Lägsta höjningen är {{minRaise}}',
  'newDonationAmount.raise.hint': 'Minst {{minRaise}}',
  'newDonationAmount.typed.rounded': 'I steg om 10 kr från {{minRaise}}: {{amount}}',
  'newDonationAmount.typed.invalid': 'Skriv hela kronor',
};
const at = '/sv/newDonationAmount';

describe('newDonationAmount', () => {
  beforeEach(() => {
    withTestConcert();
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

  it('offers raises of +50, +100 and +200 kr over the lowest, pressed when chosen', async () => {
    const { user } = renderScreen(<NewDonationAmountPage />, { at, copy });
    const presets = screen.getByRole('group', { name: 'newDonationAmount.presets.label' });
    const buttons = within(presets).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['+ 125 kr', '+ 175 kr', '+ 275 kr']);
    expect(buttons.every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);

    await user.click(within(presets).getByRole('button', { name: '+ 175 kr' }));
    expect(screen.getByText('Totalt 375 kr i månaden')).toBeInTheDocument();
    expect(within(presets).getByRole('button', { name: '+ 175 kr' })).toHaveAttribute('aria-pressed', 'true');
    expect(store.get(autogiroUserStateAtom)).toEqual({ raise: 175, monthlyAmount: 375 });
    // the steppers go on from a preset
    await user.click(screen.getByRole('button', { name: 'newDonationAmount.increase' }));
    expect(store.get(autogiroUserStateAtom)).toEqual({ raise: 185, monthlyAmount: 385 });
    expect(within(presets).getByRole('button', { name: '+ 175 kr' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('takes a typed raise on the 10 kr grid, puts another on it and never goes below the lowest', async () => {
    const { user } = renderScreen(<NewDonationAmountPage />, { at, copy });
    const field = screen.getByLabelText('newDonationAmount.typed.label');
    const live = screen.getAllByRole('status').find((el) => el.tagName === 'P')!;

    // on the grid: taken as typed, nothing to say
    await user.type(field, '105');
    expect(store.get(autogiroUserStateAtom)).toEqual({ raise: 105, monthlyAmount: 305 });
    await user.tab();
    expect(live).toBeEmptyDOMElement();

    // off the grid: the nearest on it once the field is left, and said
    await user.clear(field);
    await user.type(field, '150{Enter}');
    expect(store.get(autogiroUserStateAtom)).toEqual({ raise: 155, monthlyAmount: 355 });
    expect(field).toHaveValue('155');
    expect(live).toHaveTextContent('I steg om 10 kr från 75 kr: 155 kr');
    expect(field).toHaveAccessibleDescription('I steg om 10 kr från 75 kr: 155 kr');

    // below the lowest: the lowest, with the minimum's message
    await user.clear(field);
    await user.type(field, '20');
    await user.tab();
    expect(store.get(autogiroUserStateAtom)).toEqual({ raise: 75, monthlyAmount: 275 });
    expect(live).toHaveTextContent('Lägsta höjningen är 75 kr');

    // not a number: nothing changes, the visitor is told how to write it
    await user.clear(field);
    await user.type(field, '1,5 tusen');
    await user.tab();
    expect(store.get(autogiroUserStateAtom)).toEqual({ raise: 75, monthlyAmount: 275 });
    expect(live).toHaveTextContent('Skriv hela kronor');
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
      await eventually(() => expect(currentPath()).toBe('/sv/gotToken'));
      expect(store.get(signCompletedAtom)).toBe(true);
    });

    it('cancelling before the order starts gives the sign button back, with focus', async () => {
      const { user } = renderScreen(<NewDonationAmountPage />, { at, copy, testMode: { bankId: 'Success' } });
      await user.click(screen.getByRole('button', { name: 'newDonationAmount.sign' }));
      await user.click(screen.getByRole('button', { name: 'bankId.cancel' }));
      await eventually(() =>
        expect(screen.getByRole('button', { name: 'newDonationAmount.sign' })).toHaveFocus(),
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
