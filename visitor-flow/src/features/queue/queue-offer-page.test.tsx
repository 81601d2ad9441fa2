import { api, memberCheckDraftAtom, store, ticketDataAtom } from '@concert/shared/browser';
import { currentPath, renderScreen } from '@concert/shared/testing';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueOfferPage } from './queue-offer-page.js';

const code = 'o'.repeat(43);

afterEach(() => vi.restoreAllMocks());

describe('the waiting-list offer’s page (issue 40 §4)', () => {
  it('opens the offer and fills in the address the offer was sent to; the link carries only the code', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({
      ticketId: 'hold-1',
      isConfirmed: false,
      validUntil: Date.now() + 900_000,
      reserved: true,
      email: 'kim.ko@example.se',
    } as never);
    store.set(memberCheckDraftAtom, { personalNumber: '', email: '' });
    renderScreen(<QueueOfferPage />, { at: `/sv/queueOffer?code=${code}` });
    await waitFor(() => expect(currentPath()).toBe('/sv/memberCheck'));
    expect(call).toHaveBeenCalledWith('openQueueOffer', { code });
    expect(store.get(memberCheckDraftAtom)).toEqual({ personalNumber: '', email: 'kim.ko@example.se' });
    // The hold is the ticket; the address is the draft's, not the ticket's.
    expect(store.get(ticketDataAtom)).not.toHaveProperty('email');
    expect(window.location.search).toBe('');
  });
});
