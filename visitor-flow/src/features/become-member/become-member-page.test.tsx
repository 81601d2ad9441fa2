import {
  authenticatedUserAtom,
  EMPTY_PERSON,
  flowRestoredAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  store,
  ticketDataAtom,
} from '@concert/shared/browser';
import { currentPath, eventually, renderScreen } from '@concert/shared/testing';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BecomeMemberPage } from './become-member-page.js';

const LABELS = ['firstName', 'lastName', 'phone', 'address', 'zipCode', 'city'].map(
  (f) => `becomeMember.${f}.label`,
);

describe('becomeMember', () => {
  beforeEach(() => {
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
    });
  });

  it('prefills what is known and asks for the rest, each field with its visible label', () => {
    renderScreen(<BecomeMemberPage />, { at: '/sv/becomeMember' });
    expect(screen.getByRole('heading', { level: 1, name: 'becomeMember.title' })).toBeInTheDocument();
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('becomeMember.firstName.label')).toHaveValue('Erik');
    expect(screen.getByRole('checkbox', { name: 'becomeMember.consent.label' })).not.toBeChecked();
  });

  it('marks every missing detail and the consent, focusing the first', async () => {
    const { user } = renderScreen(<BecomeMemberPage />, { at: '/sv/becomeMember' });
    await user.click(screen.getByRole('button', { name: 'becomeMember.continue' }));
    await eventually(() => expect(screen.getByLabelText('becomeMember.phone.label')).toHaveFocus());
    expect(screen.getByLabelText('becomeMember.phone.label')).toHaveAccessibleDescription(
      'validation.requiredField',
    );
    expect(screen.getByLabelText('becomeMember.firstName.label')).toBeValid();
    const consent = screen.getByRole('checkbox', { name: 'becomeMember.consent.label' });
    expect(consent).toBeInvalid();
    expect(consent).toHaveAccessibleDescription('validation.consentRequired');
    await user.click(consent);
    expect(consent).toBeValid();
    expect(consent).toHaveAccessibleDescription('');
  });

  it('with every detail and the consent goes on to autoAddBank, details trimmed', async () => {
    const { user } = renderScreen(<BecomeMemberPage />, { at: '/sv/becomeMember' });
    await user.type(screen.getByLabelText('becomeMember.phone.label'), '0701234567 ');
    await user.type(screen.getByLabelText('becomeMember.address.label'), 'Storgatan 5');
    await user.type(screen.getByLabelText('becomeMember.zipCode.label'), '41138');
    await user.type(screen.getByLabelText('becomeMember.city.label'), 'Göteborg');
    await user.click(screen.getByRole('checkbox', { name: 'becomeMember.consent.label' }));
    await user.click(screen.getByRole('button', { name: 'becomeMember.continue' }));
    expect(currentPath()).toBe('/sv/autoAddBank');
    expect(store.get(personAtom)).toMatchObject({ phone: '0701234567', city: 'Göteborg', paymentType: 1 });
    expect(store.get(newMemberDetailsDoneAtom)).toBe(true);
  });

  it('without an identified visitor goes to the start page (nothing under way), never to an error page', () => {
    store.set(authenticatedUserAtom, null);
    renderScreen(<BecomeMemberPage />, { at: '/sv/becomeMember' });
    expect(currentPath()).toBe('/sv/');
  });

  it('with a place but no identification goes on to memberCheck; while the saved place is read back (a reload) it waits', () => {
    store.set(authenticatedUserAtom, null);
    store.set(ticketDataAtom, {
      ticketId: 'place-1',
      isConfirmed: false,
      validUntil: Date.now() + 900_000,
      reserved: false,
    });
    store.set(flowRestoredAtom, false);
    renderScreen(<BecomeMemberPage />, { at: '/sv/becomeMember' });
    expect(currentPath()).toBe('/sv/becomeMember');
    act(() => store.set(flowRestoredAtom, true));
    expect(currentPath()).toBe('/sv/memberCheck');
  });
});
