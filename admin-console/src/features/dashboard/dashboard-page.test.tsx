import { ApiError, staffApi } from '@concert/shared/browser';
import type { ConcertAnswer, ErasurePlan, SaleDashboard } from '@concert/shared/api';
import { stockholmWallClock } from '@concert/shared/stockholm-time';
import { eventually, renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from './dashboard-page.js';

// The chart (uPlot, canvas) is its own lazily loaded module; jsdom has no canvas.
vi.mock('./sale-chart.js', () => ({ SaleChart: () => <div data-testid="chart" /> }));

const figures = (confirmed: number): SaleDashboard => ({
  asOf: '2025-09-01T10:00:00.000Z',
  capacity: 1000,
  liveHolds: 12,
  confirmed,
  checkedIn: 3,
  cancelled: 0,
  queue: { waiting: 4, offered: 2, accepted: 1 },
  funnel: { started: 50, identified: 40, signed: 31 },
  donations: { newDonors: 20, newDonorKronor: 3400, raises: 11, raiseKronor: 990 },
  mandates: [
    { state: 'active', count: 8 },
    { state: 'signed', count: 23 },
  ],
  perMinute: [[1_756_720_800, 3, 450]],
});

const counts = {
  tickets: 5,
  queueEntries: 1,
  bankIdTransactions: 2,
  sessionIdentities: 3,
  emails: 4,
  clientLogs: 0,
};
const plan: ErasurePlan = {
  concertAt: '2026-09-12T17:00:00.000Z',
  eraseAfterDays: 30,
  dueAt: '2026-10-12T17:00:00.000Z',
  earlyAllowedFrom: '2099-01-01T00:00:00.000Z',
  pending: counts,
  done: [{ at: '2026-09-20T08:15:00.000Z', trigger: 'early', staff: 'office@org.example', counts }],
};

const HOUR = 3_600_000;
/** The current concert: doors 3 days, 5 hours and a half from now (Stockholm wall clock, whole minutes). */
const concertAnswer = (): ConcertAnswer => {
  const doors = Date.now() + (3 * 24 + 5.5) * HOUR;
  return {
    concert: {
      id: 1,
      status: 'published',
      doorsAt: stockholmWallClock(doors),
      startsAt: stockholmWallClock(doors + HOUR),
      endsAt: stockholmWallClock(doors + 5 * HOUR),
      saleOpensAt: stockholmWallClock(doors - 40 * 24 * HOUR),
      saleClosesAt: stockholmWallClock(doors - 24 * HOUR),
      ticketEmailAt: stockholmWallClock(doors - 2 * 24 * HOUR),
      venue: 'Cirkus',
      city: 'Stockholm',
      address: 'Djurgårdsslätten 43',
      capacity: 1000,
      holdMinutes: 15,
      minNewMemberAmount: 150,
      minRaise: 30,
      donationStep: 10,
      raisePresets: [30],
      admission: 'door',
      sellerName: '',
      sellerFee: 0,
      calendarSequence: 0,
      updatedAt: '2026-11-01T10:00:00.000Z',
    },
    taken: 0,
    holders: 0,
    queueWaiting: 0,
  };
};

/** The dashboard's calls answered by name: figures in turn, the erasure plan and the concert always. */
function answer(dashboard: () => Promise<SaleDashboard>, concert: () => ConcertAnswer = concertAnswer) {
  return vi.spyOn(staffApi, 'call').mockImplementation(async (name) => {
    if (name === 'getErasurePlan') return plan as never;
    if (name === 'getConcert') return concert() as never;
    return (await dashboard()) as never;
  });
}

describe('admin (dashboard)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures, the funnel with its drop-off per step, and follows new counts by itself', async () => {
    let calls = 0;
    const call = answer(async () => figures(calls++ === 0 ? 731 : 732));
    renderScreen(<DashboardPage />, {
      at: '/admin',
      copy: {
        'admin.dashboard.funnel.dropOff': '{{count}} föll bort',
        'admin.dashboard.donations.perMonth': '+{{amount}} i månaden',
      },
    });
    const confirmed = await screen.findByText('731');
    expect(confirmed.closest('[data-figure]')).toHaveAttribute('data-figure', 'confirmed');
    const funnel = screen.getAllByRole('list')[0]!;
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'admin.dashboard.funnel.started 50',
      'admin.dashboard.funnel.identified 40 10 föll bort',
      'admin.dashboard.funnel.signed 31 9 föll bort',
    ]);
    expect(screen.getByText('+3400 kr i månaden')).toBeInTheDocument();
    expect(screen.getByText('admin.autogiro.states.signed').nextSibling).toHaveTextContent('23');
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
    // The next count arrives without anyone asking (every 2.5 s).
    await eventually(() => expect(screen.getByText('732')).toBeInTheDocument());
    expect(call).toHaveBeenCalledWith('getSaleDashboard', {});
  });

  it('says when the figures cannot be had, with a way to try again', async () => {
    answer(async () => {
      throw new ApiError('PERMISSION_DENIED', 'permissionDenied');
    });
    renderScreen(<DashboardPage />, { at: '/admin', copy: { 'admin.dashboard.error': 'Fel: {{message}}' } });
    expect(await screen.findByText('Fel: error.messages.permissionDenied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'admin.dashboard.retry' })).toBeInTheDocument();
  });

  it('shows the erasure plan on the start page: when (Stockholm time), what is kept, the last run', async () => {
    answer(async () => figures(1));
    renderScreen(<DashboardPage />, {
      at: '/admin',
      copy: {
        'admin.erasure.due': 'Raderas {{time}}',
        'admin.erasure.kept': 'Kvar: statistiken',
        'admin.erasure.done.early': 'Raderat {{time}} av {{email}}',
      },
    });
    expect(await screen.findByRole('heading', { name: 'admin.erasure.title' })).toBeInTheDocument();
    expect(await screen.findByText('Raderas 2026-10-12 19:00')).toBeInTheDocument();
    expect(screen.getByText('Kvar: statistiken')).toBeInTheDocument();
    expect(screen.getByText('Raderat 2026-09-20 10:15 av office@org.example')).toBeInTheDocument();
  });

  it('shows the concert’s date and a countdown to doors, with a way to the concert’s page', async () => {
    const current = concertAnswer();
    answer(
      async () => figures(1),
      () => current,
    );
    renderScreen(<DashboardPage />, {
      at: '/admin',
      copy: {
        'admin.concert.dashboard.date': '{{date}}, insläpp {{time}}',
        'admin.concert.dashboard.countdown': 'Insläpp om {{days}} d {{hours}} h',
      },
    });
    const section = await screen.findByRole('region', { name: 'admin.concert.dashboard.title' });
    expect(await within(section).findByText('Insläpp om 3 d 5 h')).toBeInTheDocument();
    const time = current.concert.doorsAt.slice(11).replace(':', '.');
    expect(
      within(section).getByText(new RegExp(`^\\d{1,2} \\p{L}+ \\d{4}, insläpp ${time}$`, 'u')),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'admin.concert.dashboard.edit' })).toHaveAttribute(
      'href',
      '/admin/concert',
    );
  });

  it('says when the doors have opened', async () => {
    const past = concertAnswer();
    past.concert.doorsAt = stockholmWallClock(Date.now() - HOUR);
    answer(
      async () => figures(1),
      () => past,
    );
    renderScreen(<DashboardPage />, { at: '/admin' });
    expect(await screen.findByText('admin.concert.dashboard.doorsOpen')).toBeInTheDocument();
  });

  it('says when the concert is over', async () => {
    const past = concertAnswer();
    past.concert.doorsAt = stockholmWallClock(Date.now() - 6 * HOUR);
    past.concert.startsAt = stockholmWallClock(Date.now() - 5 * HOUR);
    past.concert.endsAt = stockholmWallClock(Date.now() - HOUR);
    answer(
      async () => figures(1),
      () => past,
    );
    renderScreen(<DashboardPage />, { at: '/admin' });
    expect(await screen.findByText('admin.concert.dashboard.ended')).toBeInTheDocument();
  });
});
