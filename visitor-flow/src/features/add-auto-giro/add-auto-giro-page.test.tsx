import {
  accountInfoAtom,
  authenticatedUserAtom,
  EMPTY_PERSON,
  newMemberDetailsDoneAtom,
  personAtom,
  store,
  ticketDataAtom,
} from '@concert/shared/browser';
import { eventually, renderScreen, withTestConcert } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddAutoGiroPage } from './add-auto-giro-page.js';

const copy = { 'addAutoGiro.amount.summary': 'Du ger {{amount}} i månaden' };
const at = '/sv/addAutoGiro';

describe('addAutoGiro', () => {
  beforeEach(() => {
    withTestConcert();
    store.set(authenticatedUserAtom, {
      personalNumber: '199001012344',
      givenName: 'Erik',
      surname: 'Holm',
      name: 'Erik Holm',
    });
    store.set(personAtom, {
      ...EMPTY_PERSON,
      personalNumber: '199001012344',
      firstName: 'Erik',
      lastName: 'Holm',
      paymentType: 1,
    });
    store.set(newMemberDetailsDoneAtom, true);
    store.set(ticketDataAtom, {
      ticketId: 'ticket-1',
      isConfirmed: false,
      validUntil: Date.now() + 900_000,
      reserved: true,
    });
  });

  it('asks for bank, clearing and account number before signing', async () => {
    const { user } = renderScreen(<AddAutoGiroPage />, { at, copy });
    await user.click(screen.getByRole('button', { name: 'addAutoGiro.sign' }));
    const bank = screen.getByRole('combobox', { name: 'addAutoGiro.bank.label' });
    await eventually(() => expect(bank).toHaveFocus());
    expect(bank).toHaveAccessibleDescription('validation.requiredField');
    expect(screen.getByRole('textbox', { name: 'addAutoGiro.clearingNumber.label' })).toBeInvalid();
    expect(screen.queryByRole('heading', { name: 'bankId.title.sign' })).not.toBeInTheDocument();

    await user.type(bank, 'Swedbank');
    expect(bank).toBeValid();
  });

  it('keeps the account picked on autoAddBank, and the monthly amount starts at 150 kr', () => {
    store.set(accountInfoAtom, { bank: 'Swedbank', clearingNumber: '8327-9', accountNumber: '1234567897' });
    renderScreen(<AddAutoGiroPage />, { at, copy });
    expect(screen.getByRole('combobox', { name: 'addAutoGiro.bank.label' })).toHaveValue('Swedbank');
    expect(screen.getByRole('textbox', { name: 'addAutoGiro.accountNumber.label' })).toHaveValue(
      '1234567897',
    );
    const stepper = screen.getByRole('group', { name: 'addAutoGiro.amount.label' });
    expect(within(stepper).getByText('Du ger 150 kr i månaden')).toBeInTheDocument();
    expect(within(stepper).getByRole('button', { name: 'addAutoGiro.amount.decrease' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  describe('signing with BankID (test mode)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      store.set(accountInfoAtom, { bank: 'Swedbank', clearingNumber: '8327-9', accountNumber: '1234567897' });
    });
    afterEach(() => vi.useRealTimers());

    it('a failed signature says so; cancelling gives the form back, unlocked', async () => {
      const { user } = renderScreen(<AddAutoGiroPage />, { at, copy, testMode: { bankId: 'Fail' } });
      await user.click(screen.getByRole('button', { name: 'addAutoGiro.sign' }));
      expect(screen.getByRole('textbox', { name: 'addAutoGiro.accountNumber.label' })).toBeDisabled();
      const bankId = screen.getByRole('region', { name: 'bankId.title.sign' });
      await user.click(within(bankId).getByRole('button', { name: 'bankId.otherDevice' }));
      expect(await within(bankId).findByRole('status')).toHaveTextContent(
        'bankId.waiting addAutoGiro.waiting',
      );
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await within(bankId).findByRole('alert')).toHaveTextContent('bankId.rfa6'); // test mode's failure is a cancelled order: its hint's text

      await user.click(within(bankId).getByRole('button', { name: 'bankId.cancel' }));
      await eventually(() => expect(screen.getByRole('button', { name: 'addAutoGiro.sign' })).toHaveFocus()); // moved in an effect
      expect(screen.getByRole('textbox', { name: 'addAutoGiro.accountNumber.label' })).toBeEnabled();
    });
  });
});
