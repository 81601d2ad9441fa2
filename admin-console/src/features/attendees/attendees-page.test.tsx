import { ApiError, staffApi } from '@concert/shared/browser';
import type { AttendeeRow } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttendeesPage } from './attendees-page.js';

const copy = { 'admin.attendees.shown': '{{count}} visas', 'admin.attendees.error': 'Fel: {{message}}' };

const row = (n: number): AttendeeRow => ({
  ticketId: `t${n}`,
  firstName: `Namn${n}`,
  lastName: 'Ek',
  email: `p${n}@example.se`,
  ticketCode: `K${n}`,
  origin: 'newMember',
  confirmedAt: '2025-09-01T10:00:00.000Z',
  checkedInAt: null,
  mandateRejected: false,
});

describe('admin/attendees', () => {
  afterEach(() => vi.restoreAllMocks());

  it('searches with the filter as typed, shows a page at a time and continues after the last with the same filter', async () => {
    const call = vi.spyOn(staffApi, 'call').mockImplementation(async (_name, payload) => {
      const { cursor } = payload as { cursor?: string };
      return (
        cursor ? { rows: [row(3)], nextCursor: null } : { rows: [row(1), row(2)], nextCursor: 'c2' }
      ) as never;
    });
    const { user } = renderScreen(<AttendeesPage />, { at: '/admin/attendees', copy });
    expect(await screen.findByText('2 visas')).toHaveAttribute('role', 'status');
    expect(call).toHaveBeenLastCalledWith('listAttendees', { limit: 50 });

    await user.type(screen.getByLabelText('admin.attendees.search.label'), '  Ek ');
    await user.selectOptions(screen.getByLabelText('admin.attendees.checkedIn.label'), 'no');
    await user.click(screen.getByRole('button', { name: 'admin.attendees.search.submit' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenLastCalledWith('listAttendees', { limit: 50, search: 'Ek', checkedIn: false }),
    );

    await user.click(await screen.findByRole('button', { name: 'admin.attendees.more' }));
    expect(call).toHaveBeenLastCalledWith('listAttendees', {
      limit: 50,
      search: 'Ek',
      checkedIn: false,
      cursor: 'c2',
    });
    expect(await screen.findByText('3 visas')).toBeInTheDocument();
    const cards = within(document.querySelector<HTMLElement>('ul.attendees')!).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('.admin-card-title')?.textContent)).toEqual([
      'Namn1 Ek',
      'Namn2 Ek',
      'Namn3 Ek',
    ]);
    expect(screen.queryByRole('button', { name: 'admin.attendees.more' })).not.toBeInTheDocument();
  });

  it('says when a page cannot be had: the first with a way to try again, the next beside what is shown', async () => {
    const call = vi.spyOn(staffApi, 'call').mockRejectedValueOnce(new ApiError('UNAVAILABLE', 'internal'));
    call
      .mockResolvedValueOnce({ rows: [row(1)], nextCursor: 'c1' } as never)
      .mockRejectedValueOnce(new ApiError('UNAVAILABLE', 'internal'));
    const { user } = renderScreen(<AttendeesPage />, { at: '/admin/attendees', copy });
    expect(await screen.findByRole('alert')).toHaveTextContent('Fel: error.messages.internal');
    await user.click(screen.getByRole('button', { name: 'admin.dashboard.retry' }));
    expect(await screen.findByText('1 visas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'admin.attendees.more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fel: error.messages.internal');
    expect(
      within(document.querySelector<HTMLElement>('ul.attendees')!).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'admin.attendees.more' })).toBeInTheDocument();
  });
});
