import { ApiError, staffApi } from '@concert/shared/browser';
import type { MailoutPreview, MailoutState } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MailoutPage } from './mailout-page.js';

const copy = {
  'admin.mailout.confirm.recipientsNow': 'Går till {{count}} deltagare.',
  'admin.mailout.confirm.subject': 'Ämne: {{subject}}',
  'admin.mailout.confirm.sendNow': 'Skicka till {{count}}',
  'admin.mailout.confirm.test': 'Test till {{email}}',
  'admin.mailout.confirm.testSent': 'Test skickat till {{email}}',
  'admin.mailout.failures.reason': '{{email}}: {{reason}}',
  'admin.mailout.reasons.rejected': 'avvisad ({{code}})',
};

const idle: MailoutState = {
  sendAt: null,
  scheduledBy: null,
  releasedAt: null,
  attendees: 3,
  sent: 0,
  waiting: 3,
  failed: 0,
  failures: [],
};
const preview: MailoutPreview = {
  recipients: 3,
  subject: 'Din biljett',
  html: '<p>Hej</p>',
  text: 'Hej',
  testTo: 'office@org.example',
};

function api(overrides: Partial<Record<string, unknown>> = {}) {
  return vi.spyOn(staffApi, 'call').mockImplementation(async (name) => {
    if (name in overrides) {
      const v = overrides[name];
      if (v instanceof Error) throw v;
      return v as never;
    }
    if (name === 'getMailout') return idle as never;
    if (name === 'previewMailout') return preview as never;
    if (name === 'sendMailoutTest') return { to: 'office@org.example' } as never;
    if (name === 'scheduleMailout')
      return { ...idle, sendAt: '2026-09-01T10:00:00.000Z', releasedAt: '2026-09-01T10:00:00.000Z' } as never;
    throw new Error(`unexpected ${name}`);
  });
}

describe('admin/mailout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('"send now" first asks, naming how many and the subject, with a preview; cancelling sends nothing', async () => {
    const call = api();
    const { user } = renderScreen(<MailoutPage />, { at: '/admin/mailout', copy });
    await user.click(await screen.findByRole('button', { name: 'admin.mailout.sendNow' }));
    const dialog = await screen.findByRole('dialog', { name: 'admin.mailout.confirm.title' });
    expect(await screen.findByText('Går till 3 deltagare.')).toBeInTheDocument();
    expect(screen.getByText('Ämne: Din biljett')).toBeInTheDocument();
    const frame = dialog.querySelector('iframe')!;
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Hej</p>');
    await user.click(screen.getByRole('button', { name: 'admin.mailout.confirm.back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(call.mock.calls.map((c) => c[0])).not.toContain('scheduleMailout');
  });

  it('a test goes to oneself without a second question; confirming sends once however often pressed', async () => {
    const call = api();
    const { user } = renderScreen(<MailoutPage />, { at: '/admin/mailout', copy });
    await user.click(await screen.findByRole('button', { name: 'admin.mailout.sendNow' }));
    await user.click(await screen.findByRole('button', { name: 'Test till office@org.example' }));
    expect(await screen.findByText('Test skickat till office@org.example')).toBeInTheDocument();
    expect(call.mock.calls.filter((c) => c[0] === 'scheduleMailout')).toHaveLength(0);
    const send = screen.getByRole('button', { name: 'Skicka till 3' });
    await user.dblClick(send);
    expect(await screen.findByText('admin.mailout.started')).toBeInTheDocument();
    expect(call.mock.calls.filter((c) => c[0] === 'scheduleMailout')).toEqual([['scheduleMailout', {}]]);
    expect(call.mock.calls.filter((c) => c[0] === 'sendMailoutTest')).toHaveLength(1);
  });

  it('a scheduled time is confirmed too, and failed addresses are listed with the reason in words', async () => {
    const failedState: MailoutState = {
      ...idle,
      sendAt: '2026-09-01T10:00:00.000Z',
      releasedAt: '2026-09-01T10:00:00.000Z',
      sent: 2,
      waiting: 0,
      failed: 1,
      failures: [{ ticketId: '7', email: 'kim@example.se', error: 'EENVELOPE 550' }],
    };
    const call = api({ getMailout: failedState });
    renderScreen(<MailoutPage />, { at: '/admin/mailout', copy });
    expect(await screen.findByText('kim@example.se: avvisad (EENVELOPE 550)')).toBeInTheDocument();
    expect(call.mock.calls.map((c) => c[0])).not.toContain('scheduleMailout');
  });

  it('a failed preview says so and offers no send button that works', async () => {
    api({ previewMailout: new ApiError('UNAVAILABLE', 'internal') });
    const { user } = renderScreen(<MailoutPage />, { at: '/admin/mailout', copy });
    await user.click(await screen.findByRole('button', { name: 'admin.mailout.sendNow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('admin.mailout.error');
    expect(screen.getByRole('button', { name: /^Skicka till/ })).toBeDisabled();
  });
});
