import {
  accountInfoAtom,
  authenticatedUserAtom,
  EMPTY_PERSON,
  newMemberDetailsDoneAtom,
  personAtom,
  store,
} from '@concert/shared/browser';
import { currentPath, eventually, renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AutoAddBankPage } from './auto-add-bank-page.js';

const at = '/sv/autoAddBank';

describe('autoAddBank', () => {
  beforeEach(() => {
    store.set(authenticatedUserAtom, {
      personalNumber: '199001012344',
      givenName: 'Erik',
      surname: 'Holm',
      name: 'Erik Holm',
    });
    store.set(personAtom, { ...EMPTY_PERSON, personalNumber: '199001012344', paymentType: 1 });
    store.set(newMemberDetailsDoneAtom, true);
  });

  it('asks for the bank first', async () => {
    const { user } = renderScreen(<AutoAddBankPage />, { at });
    await user.click(screen.getByRole('button', { name: 'autoAddBank.fetchAccounts' }));
    const bank = screen.getByRole('combobox', { name: 'autoAddBank.bank.label' });
    await eventually(() => expect(bank).toHaveFocus());
    expect(bank).toHaveAccessibleDescription('validation.requiredField');
    await user.selectOptions(bank, 'Swedbank');
    expect(bank).toBeValid();
  });

  it('fetches the accounts through BankID and takes the one picked on to addAutoGiro (test mode)', async () => {
    const { user } = renderScreen(<AutoAddBankPage />, { at, testMode: { bankId: 'Success' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'autoAddBank.bank.label' }), 'Swedbank');
    await user.click(screen.getByRole('radio', { name: 'bankId.otherDevice' }));
    await user.click(screen.getByRole('button', { name: 'autoAddBank.fetchAccounts' }));

    const heading = await screen.findByRole('heading', { name: 'autoAddBank.account.label' });
    await eventually(() => expect(heading).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'autoAddBank.continue' }));
    expect(screen.getByText('validation.requiredField')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Sparkonto/ }));
    await user.click(screen.getByRole('button', { name: 'autoAddBank.continue' }));
    expect(currentPath()).toBe('/sv/addAutoGiro');
    expect(store.get(accountInfoAtom)).toEqual({
      bank: 'Swedbank',
      clearingNumber: '8327-9',
      accountNumber: '7654321004',
    });
  });

  it('says so when the bank has no accounts for the visitor (test mode)', async () => {
    const { user } = renderScreen(<AutoAddBankPage />, { at, testMode: { bankId: 'Fail' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'autoAddBank.bank.label' }), 'Swedbank');
    await user.click(screen.getByRole('button', { name: 'autoAddBank.fetchAccounts' }));
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('autoAddBank.messages.noAccountsFound');
    await eventually(() => expect(message).toHaveFocus()); // moved in an effect
    expect(screen.getByRole('button', { name: 'autoAddBank.fetchAccounts' })).toBeEnabled();
  });

  it('entering the account by hand forgets a picked one', async () => {
    store.set(accountInfoAtom, { bank: 'Swedbank', clearingNumber: '8327-9', accountNumber: '1234567897' });
    const { user } = renderScreen(<AutoAddBankPage />, { at });
    await user.click(screen.getByRole('link', { name: 'autoAddBank.manualLink' }));
    expect(currentPath()).toBe('/sv/addAutoGiro');
    expect(store.get(accountInfoAtom)).toBeNull();
  });
});
