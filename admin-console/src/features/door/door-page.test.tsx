import { renderScreen } from '@concert/shared/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorResult } from './door-changes.js';
import type { Attendee } from './door-store.js';

const kim = { firstName: 'Kim', lastName: 'Kö' };
const door = {
  device: { id: 'd1', label: 'Dörr 1' },
  renameDevice: vi.fn(),
  listState: 'ready' as const,
  listSize: 2,
  pending: 0,
  online: true,
  counts: { checkedIn: 0, confirmed: 2 },
  conflicts: [],
  last: null as null | { ticketId: string; firstName: string; lastName: string },
  checkInCode: vi.fn<(code: string) => Promise<DoorResult>>(),
  checkInTicket: vi.fn<(id: string) => Promise<DoorResult>>(),
  undoLast: vi.fn<() => Promise<DoorResult>>(),
  search: vi.fn<(q: string) => Promise<Attendee[]>>(),
};
vi.mock('./door-engine.js', () => ({ useDoor: () => door }));
vi.mock('./door-offline.js', () => ({ linkManifest: () => undefined, prepareOffline: async () => false }));
vi.mock('./scanner.js', () => ({ qrDetector: {}, scannerAssets: () => [], startScanner: vi.fn() }));
vi.mock('./feedback.js', () => ({ signal: vi.fn(), unlockSound: vi.fn() }));

const { DoorPage, VERDICT_MS } = await import('./door-page.js');

const copy = {
  'admin.door.result.ready': 'Redo',
  'admin.door.verdict.ok': 'OK',
  'admin.door.verdict.undone': 'Ångrad',
  'admin.door.result.already': 'Redan incheckad {{time}}',
  'admin.door.undo': 'Ångra: {{name}}',
  'admin.door.search.count': '{{count}} träffar',
  'admin.door.search.countOne': '{{count}} träff',
};

async function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText('admin.door.code.label'), { target: { value: code } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'admin.door.checkIn' }));
  });
}

describe('admin/door', () => {
  beforeEach(() => {
    door.last = null;
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.doorTheme;
  });

  it('a verdict fills the screen with a word and an icon, is announced, and gives way to "ready" by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    door.checkInCode.mockResolvedValue({ kind: 'ok', queued: false, ...kim });
    renderScreen(<DoorPage />, { at: '/admin/door', copy });
    const result = screen.getByTestId('door-result');
    expect(result).toHaveAttribute('role', 'status');
    expect(result).toHaveAttribute('aria-live', 'assertive');
    expect(result).toHaveTextContent('Redo');
    await typeCode('abc');
    expect(result).toHaveClass('door-result-ok');
    expect(result).toHaveTextContent('OK');
    expect(result).toHaveTextContent('Kim Kö');
    expect(screen.getByTestId('door-verdict')).toHaveClass('door-verdict-shown');
    expect(result.querySelector('[aria-hidden="true"]')).toHaveTextContent('✓');
    act(() => void vi.advanceTimersByTime(VERDICT_MS - 100));
    expect(result).toHaveClass('door-result-ok');
    act(() => void vi.advanceTimersByTime(200));
    expect(result).toHaveClass('door-result-idle');
    expect(result).toHaveTextContent('Redo');
    expect(screen.getByTestId('door-verdict')).not.toHaveClass('door-verdict-shown');
  });

  it('the next scan replaces the verdict at once; "next" clears it; an undo shows its own neutral verdict', async () => {
    door.checkInCode.mockResolvedValueOnce({ kind: 'ok', queued: false, ...kim });
    door.checkInCode.mockResolvedValueOnce({ kind: 'already', ...kim, scannedAt: Date.now(), device: null });
    const { user } = renderScreen(<DoorPage />, { at: '/admin/door', copy });
    const result = screen.getByTestId('door-result');
    await typeCode('one');
    expect(result).toHaveClass('door-result-ok');
    await typeCode('two');
    expect(result).toHaveClass('door-result-already');
    expect(result).toHaveTextContent(/Redan incheckad \d{2}:\d{2}/);
    await user.click(screen.getByRole('button', { name: 'admin.door.verdict.next' }));
    expect(result).toHaveClass('door-result-idle');

    door.last = { ticketId: 't1', ...kim };
    door.checkInCode.mockResolvedValueOnce({ kind: 'ok', queued: false, ...kim });
    door.undoLast.mockResolvedValueOnce({ kind: 'undone', ...kim });
    await typeCode('three');
    const undo = screen.getByRole('button', { name: 'Ångra: Kim Kö' });
    expect(undo).toHaveClass('door-neutral');
    await user.click(undo);
    expect(result).toHaveClass('door-result-undone');
    expect(result).not.toHaveClass('door-result-ok');
    expect(result).toHaveTextContent('Ångrad');
  });

  it('says "1 träff" for one hit and "N träffar" for more', async () => {
    const a = (n: number) =>
      ({
        ticketId: `t${n}`,
        firstName: `Kim${n}`,
        lastName: 'Kö',
        scannedAt: 0,
        device: '',
      }) as unknown as Attendee;
    door.search.mockResolvedValueOnce([a(1)]).mockResolvedValue([a(1), a(2)]);
    const { user } = renderScreen(<DoorPage />, { at: '/admin/door', copy });
    await user.type(screen.getByLabelText('admin.door.search.label'), 'Ki');
    expect(await screen.findByText('1 träff')).toBeInTheDocument();
    await user.type(screen.getByLabelText('admin.door.search.label'), 'm');
    expect(await screen.findByText('2 träffar')).toBeInTheDocument();
  });

  it('dark theme: a toggle (remembered) sets it on the page, and leaving the door takes it off', async () => {
    const { user, unmount } = renderScreen(<DoorPage />, { at: '/admin/door', copy });
    const toggle = screen.getByRole('button', { name: 'admin.door.theme.dark' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.doorTheme).toBeUndefined();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.doorTheme).toBe('dark');
    expect(localStorage.getItem('concert.door.theme')).toBe('dark');
    unmount();
    expect(document.documentElement.dataset.doorTheme).toBeUndefined();
  });
});
