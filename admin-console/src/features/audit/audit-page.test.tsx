import { ApiError, staffApi } from '@concert/shared/browser';
import type { AuditPage as AuditAnswer } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditSentence } from '../../lib/audit-labels.js';
import { AuditPage } from './audit-page.js';

const page = (over: Partial<AuditAnswer> = {}): AuditAnswer => ({
  rows: [
    {
      id: '1',
      at: '2025-09-01T10:00:00.000Z',
      staff: 'office@org.example',
      staffName: null,
      action: 'export.download',
      subject: null,
      subjectName: null,
      before: null,
      after: null,
    },
  ],
  nextCursor: null,
  actions: ['export.download', 'checkIn.scan'],
  ...over,
});

const sentences = {
  'admin.audit.sentences.checkIn.scan': '{{staff}} checkade in {{name}} {{time}}',
  'admin.audit.sentences.staff.setRole': '{{staff}} gav {{name}} rollen {{role}} {{time}}',
  'admin.audit.sentences.export.download':
    '{{staff}} laddade ner {{kind}} som {{format}} ({{count}} rader) {{time}}',
  'admin.audit.sentences.retention.erase': '{{staff}} raderade personuppgifterna {{time}}',
  'admin.audit.sentences.other': '{{staff}}: {{message}} {{time}}',
  'admin.audit.system': 'Systemet',
  'admin.audit.erasedName': '(namnet är raderat)',
  'admin.staff.roles.door': 'Insläpp',
  'admin.exports.sheets.attendees': 'Deltagare',
  'admin.audit.record': 'Visa posten',
  'admin.audit.recordFields.subject': 'Gäller',
  'admin.audit.recordFields.after': 'Efter',
};
const audit = (over: Partial<AuditAnswer['rows'][number]>): AuditAnswer['rows'][number] => ({
  id: '9',
  at: '2025-09-12T17:42:00.000Z',
  staff: 'anna@org.example',
  staffName: 'Anna Berg',
  action: 'checkIn.scan',
  subject: '1234',
  subjectName: 'Kim Kö',
  before: null,
  after: null,
  ...over,
});

describe('admin/audit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads as sentences: names instead of ids, Stockholm time, the words of the page; the record one click away', async () => {
    vi.spyOn(staffApi, 'call').mockImplementation(async (name) => {
      if (name !== 'listAudit') throw new ApiError('PERMISSION_DENIED', 'permissionDenied');
      return page({
        rows: [
          audit({}),
          audit({ id: '8', subjectName: null }),
          audit({
            id: '7',
            action: 'staff.setRole',
            subject: 'kim@org.example',
            subjectName: null,
            after: { role: 'door' },
          }),
          audit({
            id: '6',
            staffName: null,
            action: 'export.download',
            subject: 'attendees',
            subjectName: null,
            after: { format: 'xlsx', rows: 120, finished: true },
          }),
          audit({ id: '5', staff: null, staffName: null, action: 'retention.erase', subject: null }),
          audit({ id: '4', action: 'future.thing' }),
        ],
      }) as never;
    });
    const { user } = renderScreen(<AuditPage />, { at: '/admin/audit', copy: sentences });
    const sentence = async (text: string) => expect(await screen.findByText(text)).toBeInTheDocument();
    await sentence('Anna Berg checkade in Kim Kö 2025-09-12 19:42');
    await sentence('Anna Berg checkade in (namnet är raderat) 2025-09-12 19:42');
    await sentence('Anna Berg gav kim@org.example rollen Insläpp 2025-09-12 19:42');
    await sentence('anna@org.example laddade ner Deltagare som XLSX (120 rader) 2025-09-12 19:42');
    await sentence('Systemet raderade personuppgifterna 2025-09-12 19:42');
    await sentence('Anna Berg: future.thing 2025-09-12 19:42');
    const card = screen.getByText('Anna Berg checkade in Kim Kö 2025-09-12 19:42').closest('li')!;
    expect(within(card).getByText('1234')).not.toBeVisible(); // the id is in the record, closed
    const record = within(card).getByText('Visa posten');
    expect(record.tagName).toBe('SUMMARY');
    await user.click(record);
    expect(within(card).getByText('1234')).toBeVisible();
    expect(within(card).getByText('Gäller')).toBeVisible();
  });

  it('today’s rows say only the time', () => {
    const t = ((key: string, vars: Record<string, string> = {}) =>
      ((sentences as Record<string, string>)[key] ?? key).replace(
        /\{\{(\w+)\}\}/g,
        (_, n: string) => vars[n] ?? '',
      )) as never;
    expect(auditSentence(t, audit({}), new Date('2025-09-12T21:00:00Z'))).toBe(
      'Anna Berg checkade in Kim Kö 19:42',
    );
    // after midnight in Stockholm (22:30 UTC) it is another day
    expect(auditSentence(t, audit({}), new Date('2025-09-12T22:30:00Z'))).toBe(
      'Anna Berg checkade in Kim Kö 2025-09-12 19:42',
    );
  });

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
