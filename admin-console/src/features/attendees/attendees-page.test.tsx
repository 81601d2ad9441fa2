import { ApiError, staffApi } from '@concert/shared/browser';
import type { AttendeeRow } from '@concert/shared/api';
import { eventually, renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttendeesPage, TABLE_MEDIA } from './attendees-page.js';

const copy = {
  'admin.attendees.shown': '{{count}} visas',
  'admin.attendees.error': 'Fel: {{message}}',
  'admin.attendees.table.rows': 'Rad {{position}}–{{count}}',
  'admin.exports.ticketStates.confirmed': 'Bekräftad',
  'admin.exports.ticketStates.checkedIn': 'Incheckad',
  'admin.attendees.checkedInAt': 'in {{time}}',
};

const row = (n: number): AttendeeRow => ({
  ticketId: `t${n}`,
  firstName: `Namn${n}`,
  lastName: 'Ek',
  email: `p${n}@example.se`,
  ticketCode: `K${n}`,
  origin: 'newMember',
  confirmedAt: '2025-09-01T10:00:00.000Z',
  checkedInAt: n % 5 === 0 ? '2025-09-01T17:42:00.000Z' : null,
  cancelledAt: null,
  mandateRejected: false,
});
const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i));

/** A window as wide as a desktop's (jsdom has no matchMedia: cards). */
function desktop() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === TABLE_MEDIA,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('admin/attendees', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('on a phone: cards, each with the ticket state in words', async () => {
    vi.spyOn(staffApi, 'call').mockResolvedValue({ rows: [row(4), row(5)], nextCursor: null } as never);
    renderScreen(<AttendeesPage />, { at: '/admin/attendees', copy });
    expect(await screen.findByText('2 visas')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(document.querySelector<HTMLElement>('ul.attendees')!).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Bekräftad');
    expect(cards[1]).toHaveTextContent('Incheckad');
    expect(cards[1]).toHaveTextContent('in 2025-09-01 19:42'); // Stockholm's summer time
  });

  it('on a desktop: a table with column headers, sorted newest first; a header sorts by its column and again the other way', async () => {
    desktop();
    const call = vi
      .spyOn(staffApi, 'call')
      .mockResolvedValue({ rows: [row(1), row(5)], nextCursor: null } as never);
    const { user } = renderScreen(<AttendeesPage />, { at: '/admin/attendees', copy });
    const table = await screen.findByRole('table', { name: 'admin.attendees.table.caption' });
    expect(document.querySelector('ul.attendees')).toBeNull();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'admin.attendees.columns.name',
      'admin.attendees.columns.email',
      'admin.attendees.columns.ticketCode',
      'admin.attendees.columns.origin',
      'admin.attendees.columns.state',
      'admin.attendees.columns.confirmedAt',
      'admin.attendees.columns.checkedInAt',
      'admin.attendees.columns.history',
      'admin.attendees.columns.actions',
    ]);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    const header = (name: string) =>
      within(table).getByRole('columnheader', { name: new RegExp(`admin.attendees.columns.${name}`) });
    expect(header('confirmedAt')).toHaveAttribute('aria-sort', 'descending');
    expect(header('name')).toHaveAttribute('aria-sort', 'none');
    expect(header('email')).not.toHaveAttribute('aria-sort');
    expect(within(header('email')).queryByRole('button')).not.toBeInTheDocument();
    // one row per ticket, its name the row's header, its state in words
    const body = within(table).getAllByRole('row').slice(1);
    expect(within(body[0]!).getByRole('rowheader')).toHaveTextContent('Namn1 Ek');
    expect(body[0]).toHaveTextContent('Bekräftad');
    expect(within(table).getByRole('rowheader', { name: 'Namn5 Ek' }).closest('tr')).toHaveTextContent(
      'Incheckad',
    );

    await user.click(within(header('name')).getByRole('button', { name: /admin.attendees.columns.name/ }));
    await eventually(() =>
      expect(call).toHaveBeenLastCalledWith('listAttendees', { limit: 50, sort: 'name', dir: 'asc' }),
    );
    expect(header('name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('confirmedAt')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header('name')).getByRole('button'));
    await eventually(() =>
      expect(call).toHaveBeenLastCalledWith('listAttendees', { limit: 50, sort: 'name', dir: 'desc' }),
    );
    expect(header('name')).toHaveAttribute('aria-sort', 'descending');
    // times start newest first
    await user.click(within(header('checkedInAt')).getByRole('button'));
    await eventually(() =>
      expect(call).toHaveBeenLastCalledWith('listAttendees', { limit: 50, sort: 'checkedInAt', dir: 'desc' }),
    );
  });

  it('on a desktop: pages of 50, the next loaded after the last, the previous from what is loaded; the search keeps the sort', async () => {
    desktop();
    const call = vi.spyOn(staffApi, 'call').mockImplementation(async (_name, payload) => {
      const { cursor } = payload as { cursor?: string };
      return (
        cursor ? { rows: rows(51, 60), nextCursor: null } : { rows: rows(1, 50), nextCursor: 'c50' }
      ) as never;
    });
    const { user } = renderScreen(<AttendeesPage />, { at: '/admin/attendees', copy });
    expect(await screen.findByText('Rad 1–50')).toHaveAttribute('role', 'status');
    const previous = screen.getByRole('button', { name: 'admin.attendees.table.previous' });
    const next = screen.getByRole('button', { name: 'admin.attendees.table.next' });
    expect(previous).toBeDisabled();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 50 * 2 - 50); // header + rows (history rows are hidden)

    await user.click(next);
    expect(await screen.findByText('Rad 51–60')).toBeInTheDocument();
    expect(call).toHaveBeenLastCalledWith('listAttendees', { limit: 50, cursor: 'c50' });
    expect(screen.getByRole('rowheader', { name: 'Namn51 Ek' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Namn1 Ek' })).not.toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(screen.getByText('admin.attendees.table.page')).toBeInTheDocument();

    const calls = call.mock.calls.length;
    await user.click(previous);
    expect(await screen.findByText('Rad 1–50')).toBeInTheDocument();
    expect(call.mock.calls.length).toBe(calls); // already loaded

    await user.click(within(screen.getByRole('columnheader', { name: /columns\.name/ })).getByRole('button'));
    await user.type(screen.getByLabelText('admin.attendees.search.label'), 'Ek');
    await user.click(screen.getByRole('button', { name: 'admin.attendees.search.submit' }));
    await eventually(() =>
      expect(call).toHaveBeenLastCalledWith('listAttendees', {
        limit: 50,
        search: 'Ek',
        sort: 'name',
        dir: 'asc',
      }),
    );
  });

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
    await eventually(() =>
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
