import { ApiError, staffApi } from '@concert/shared/browser';
import type { AuditPage as AuditAnswer } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditPage } from './audit-page.js';

const page = (over: Partial<AuditAnswer> = {}): AuditAnswer => ({
  rows: [
    {
      id: '1',
      at: '2025-09-01T10:00:00.000Z',
      staff: 'office@org.example',
      action: 'export.download',
      subject: null,
      before: null,
      after: null,
    },
  ],
  nextCursor: null,
  actions: ['export.download', 'checkIn.scan'],
  ...over,
});

describe('admin/audit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('filters by action, staff and whole days in the reader’s time zone; says when nothing matches', async () => {
    const call = vi.spyOn(staffApi, 'call').mockImplementation(async (name, payload) => {
      if (name !== 'listAudit') throw new ApiError('PERMISSION_DENIED', 'permissionDenied'); // the erasure's plan: not this test's
      return ((payload as { action?: string }).action ? page({ rows: [] }) : page()) as never;
    });
    const { user } = renderScreen(<AuditPage />, { at: '/admin/audit' });
    expect(await screen.findByText('office@org.example')).toBeInTheDocument();
    expect(screen.queryByText('admin.audit.empty')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('admin.audit.action.label'), 'checkIn.scan');
    await user.type(screen.getByLabelText('admin.audit.staff.label'), ' office ');
    await user.type(screen.getByLabelText('admin.audit.from.label'), '2025-09-01');
    await user.type(screen.getByLabelText('admin.audit.to.label'), '2025-09-01');
    await user.click(screen.getByRole('button', { name: 'admin.audit.search' }));
    expect(await screen.findByText('admin.audit.empty')).toHaveAttribute('role', 'status');
    expect(call).toHaveBeenLastCalledWith('listAudit', {
      limit: 50,
      action: 'checkIn.scan',
      staff: 'office',
      from: new Date('2025-09-01T00:00').toISOString(),
      to: new Date('2025-09-02T00:00').toISOString(),
    });
  });
});
