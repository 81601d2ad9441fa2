import { ApiError, staffApi } from '@concert/shared/browser';
import type { QueueOverview } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueuePanel } from './queue-panel.js';

const copy = {
  'admin.queue.position': 'Plats {{position}}',
  'admin.queue.hours.saved': 'Sparat: {{hours}} timmar.',
  'admin.queue.offerUntil': 'Gäller till {{time}}',
};

function overview(over: Partial<QueueOverview> = {}): QueueOverview {
  return {
    paused: false,
    offerHours: 4,
    counts: { unconfirmed: 1, waiting: 2, offered: 1, accepted: 3, declined: 0, expired: 1, left: 0 },
    entries: [
      {
        entryId: '3',
        state: 'offered',
        position: null,
        firstName: 'Bo',
        lastName: 'Ek',
        email: 'bo@example.se',
        confirmedAt: '2025-09-01T10:00:00Z',
        changedAt: null,
        offerOpened: true,
        offerExpiresAt: '2025-09-01T14:00:00Z',
        offeredByHand: false,
      },
      {
        entryId: '4',
        state: 'waiting',
        position: 1,
        firstName: 'Cleo',
        lastName: 'Al',
        email: 'cleo@example.se',
        confirmedAt: '2025-09-01T10:05:00Z',
        changedAt: null,
        offerOpened: false,
        offerExpiresAt: null,
        offeredByHand: false,
      },
    ],
    ...over,
  };
}

function answer(answers: Record<string, (payload: unknown) => unknown>) {
  return vi.spyOn(staffApi, 'call').mockImplementation(async (name, payload) => {
    const reply = answers[name];
    if (!reply) throw new Error(`no answer for ${name}`);
    return reply(payload) as never;
  });
}

describe('QueuePanel (admin/queue)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the counts per state and the people in queue order, the offered with their offer', async () => {
    answer({ listQueue: () => overview() });
    renderScreen(<QueuePanel headingLevel={1} />, { at: '/admin/queue', copy });
    const list = await screen.findByRole('list', { name: 'admin.queue.listLabel' });
    const people = within(list).getAllByRole('listitem');
    expect(people).toHaveLength(2);
    expect(people[0]).toHaveTextContent('Bo Ek');
    expect(people[0]).toHaveTextContent('admin.exports.queueStates.offered');
    expect(people[0]).toHaveTextContent('Gäller till');
    expect(people[0]).toHaveTextContent('admin.queue.opened');
    expect(people[1]).toHaveTextContent('admin.exports.queueStates.waiting · Plats 1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('admin.queue.title');
    expect(document.querySelector('dd[data-state="accepted"]')).toHaveTextContent('3');
  });

  it('pauses and resumes the offers, and says when no offer could be sent', async () => {
    let paused = false;
    const call = answer({
      listQueue: () => overview({ paused }),
      setQueueOffersPaused: (p) => ((paused = (p as { paused: boolean }).paused), { paused }),
      sendNextQueueOffer: () => {
        throw new ApiError('FAILED_PRECONDITION', 'noTicket');
      },
    });
    const { user } = renderScreen(<QueuePanel />, { at: '/admin/queue', copy });
    await user.click(await screen.findByRole('button', { name: 'admin.queue.pause' }));
    expect(call).toHaveBeenCalledWith('setQueueOffersPaused', { paused: true });
    expect(await screen.findByRole('button', { name: 'admin.queue.resume' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'admin.queue.sendNext' }));
    expect(await screen.findByText('admin.queue.nothingToSend')).toBeInTheDocument();
  });

  it('sets the offer hours; a value that is not whole quarter hours is refused before any call', async () => {
    const call = answer({
      listQueue: () => overview(),
      setQueueOfferHours: (p) => ({ offerHours: (p as { hours: number }).hours }),
    });
    const { user } = renderScreen(<QueuePanel />, { at: '/admin/queue', copy });
    const hours = await screen.findByRole('textbox', { name: /admin.queue.hours.label/ });
    await user.clear(hours);
    await user.type(hours, '2,1');
    await user.click(screen.getByRole('button', { name: 'admin.queue.hours.save' }));
    expect(await screen.findByText('admin.queue.hours.invalid')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith('setQueueOfferHours', expect.anything());
    await user.clear(hours);
    await user.type(hours, '2,5');
    await user.click(screen.getByRole('button', { name: 'admin.queue.hours.save' }));
    expect(await screen.findByText('Sparat: 2.5 timmar.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('setQueueOfferHours', { hours: 2.5 });
  });
});
