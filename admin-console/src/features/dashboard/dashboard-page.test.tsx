import { ApiError, staffApi } from '@concert/shared/browser';
import type { SaleDashboard } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
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
  queue: { waiting: 4, offered: 2, accepted: 1 },
  funnel: { started: 50, identified: 40, signed: 31 },
  donations: { newDonors: 20, newDonorKronor: 3400, raises: 11, raiseKronor: 990 },
  mandates: [
    { state: 'active', count: 8 },
    { state: 'signed', count: 23 },
  ],
  perMinute: [[1_756_720_800, 3, 450]],
});

describe('admin (dashboard)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures, the funnel with its drop-off per step, and follows new counts by itself', async () => {
    const call = vi.spyOn(staffApi, 'call').mockResolvedValueOnce(figures(731) as never).mockResolvedValue(figures(732) as never);
    renderScreen(<DashboardPage />, { at: '/admin', copy: { 'admin.dashboard.funnel.dropOff': '{{count}} föll bort', 'admin.dashboard.donations.perMonth': '+{{amount}} i månaden' } });
    const confirmed = await screen.findByText('731');
    expect(confirmed.closest('[data-figure]')).toHaveAttribute('data-figure', 'confirmed');
    const funnel = screen.getByRole('list');
    expect(within(funnel).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'admin.dashboard.funnel.started 50',
      'admin.dashboard.funnel.identified 40 10 föll bort',
      'admin.dashboard.funnel.signed 31 9 föll bort',
    ]);
    expect(screen.getByText('+3400 kr i månaden')).toBeInTheDocument();
    expect(screen.getByText('admin.autogiro.states.signed').nextSibling).toHaveTextContent('23');
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
    // The next count arrives without anyone asking (every 2.5 s).
    await vi.waitFor(() => expect(screen.getByText('732')).toBeInTheDocument(), { timeout: 5000 });
    expect(call).toHaveBeenCalledWith('getSaleDashboard', {});
  });

  it('says when the figures cannot be had, with a way to try again', async () => {
    vi.spyOn(staffApi, 'call').mockRejectedValue(new ApiError('PERMISSION_DENIED', 'permissionDenied'));
    renderScreen(<DashboardPage />, { at: '/admin', copy: { 'admin.dashboard.error': 'Fel: {{message}}' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Fel: error.messages.permissionDenied');
    expect(screen.getByRole('button', { name: 'admin.dashboard.retry' })).toBeInTheDocument();
  });
});
