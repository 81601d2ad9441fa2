import { api, ApiError, bankIdOrderAtom, store } from '@concert/shared/browser';
import type { BankIdStart, BankIdStatus } from '@concert/shared/api';
import { eventually, renderScreen } from '@concert/shared/testing';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ABANDON_URL, BankIdControl } from './bankid-control.js';
import { APP_OPEN_CHECK_MS } from './bankid-app-link.js';
import { hintMessageKey } from './bankid-hints.js';
import { mayCancelOnLeave } from './bankid-launch.js';

// The QR encoder is not under test: the frame shown is read from the image.
vi.mock('./lazy-qr-code.js', () => ({
  LazyQrCode: ({ data, label }: { data: string; label: string }) => (
    <img role="img" alt={label} data-qr={data} />
  ),
}));

const TX = '3f2b8c1e-4d5a-4b6c-9d7e-0a1b2c3d4e5f';
const TOKEN = 'the-session-token';
const started: BankIdStart = {
  transactionId: TX,
  url: 'https://app.bankid.com/?autostarttoken=abc&redirect=null',
  qrData: 'bankid.qrtoken.0.first',
};

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const COMPUTER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}
function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}
function pagehide(persisted: boolean) {
  const event = new Event('pagehide') as PageTransitionEvent;
  Object.defineProperty(event, 'persisted', { value: persisted });
  window.dispatchEvent(event);
}

let collect: (answer: number) => BankIdStatus;
let sendBeacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setUserAgent(PHONE_UA);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  sessionStorage.setItem(
    'concert.session',
    JSON.stringify({ uid: 'u1', idToken: TOKEN, expiresAt: Date.now() + 3_600_000 }),
  );
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(window.navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  vi.spyOn(window, 'open').mockReturnValue(null);
  collect = () => ({ status: 'pending', hintCode: 'outstandingTransaction' });
  let answers = 0;
  vi.spyOn(api, 'call').mockImplementation(async (name) => {
    if (name === 'checkBankIdTransactionStatus') return collect(answers++) as never;
    if (name === 'cancelBankIDSession') return { cancelled: true } as never;
    throw new Error(`unexpected call ${name}`);
  });
});
afterEach(() => {
  cleanup(); // unmounted while the mocks still answer (its cancel goes to them, not to the network)
  store.set(bankIdOrderAtom, null);
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
});

function renderControl() {
  const start = vi.fn(async () => started);
  const rendered = renderScreen(
    <BankIdControl purpose="auth" start={start} onComplete={() => {}} onCancel={() => {}} source="test" />,
    { at: '/sv/memberCheck' },
  );
  return { ...rendered, start };
}

describe('the QR code (another device)', () => {
  it('shows a new frame from the server every second while collect keeps its 2 s', async () => {
    let second = 0;
    const frames = vi.spyOn(api, 'getBankIdQr').mockImplementation(async () => ({
      status: 'pending',
      qrData: `bankid.qrtoken.${++second}.frame`,
      nextInMs: 1000,
    }));
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    const qr = await screen.findByRole('img', { name: 'bankId.qr.alt' });
    await eventually(() => expect(qr).toHaveAttribute('data-qr', 'bankid.qrtoken.1.frame'));
    const shown = new Set<string>();
    for (let s = 0; s < 6; s++) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      shown.add(screen.getByRole('img', { name: 'bankId.qr.alt' }).getAttribute('data-qr')!);
    }
    expect(shown.size).toBeGreaterThanOrEqual(5); // a new frame each second
    expect(frames.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(frames.mock.calls.length).toBeLessThanOrEqual(8);
    const collects = vi.mocked(api.call).mock.calls.filter(([n]) => n === 'checkBankIdTransactionStatus');
    expect(collects.length).toBeGreaterThanOrEqual(2);
    expect(collects.length).toBeLessThanOrEqual(4);
  });

  it('asks for no frame while the page is out of view, and stops when the order ended', async () => {
    const frames = vi.spyOn(api, 'getBankIdQr').mockResolvedValue({
      status: 'pending',
      qrData: 'bankid.qrtoken.1.frame',
      nextInMs: 1000,
    });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    await screen.findByRole('img', { name: 'bankId.qr.alt' });
    await act(() => vi.advanceTimersByTimeAsync(1100));
    setVisibility('hidden');
    const before = frames.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(frames.mock.calls.length - before).toBeLessThanOrEqual(1);
    setVisibility('visible');
    frames.mockResolvedValue({ status: 'ended' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const atEnd = frames.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(frames.mock.calls.length).toBe(atEnd);
  });
});

/** jsdom cannot follow a link: a tapped link's navigation is held (React's handlers still run). */
function holdLinkNavigation() {
  const hold = (event: Event) => {
    if ((event.target as Element).closest?.('a')) event.preventDefault();
  };
  document.addEventListener('click', hold);
  return () => document.removeEventListener('click', hold);
}

describe('BankID on this device: a link the visitor taps (issue 39 §8)', () => {
  let release: () => void;
  beforeEach(() => {
    release = holdLinkNavigation();
  });
  afterEach(() => release());

  it('on a phone the order starts, then a real link in this tab opens the app: no window, no script navigation', async () => {
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    const link = await screen.findByRole('link', { name: 'bankId.openAppFallback' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', started.url); // the universal link, as the server answered it
    expect(link).not.toHaveAttribute('target');
    await eventually(() => expect(link).toHaveFocus());
    expect(window.open).not.toHaveBeenCalled();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('bankId.rfa1'); // BankID's "Start your BankID app."
    await user.click(link);
    await eventually(() => expect(status.textContent).toBe('bankId.rfa13'));
    expect(window.open).not.toHaveBeenCalled();
    expect(store.get(bankIdOrderAtom)).toMatchObject({ transactionId: TX, sameDevice: true, launched: true });
  });

  it('after a tap the page stayed in view: the app did not open, and the same link remains to try again', async () => {
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    const link = await screen.findByRole('link', { name: 'bankId.openAppFallback' });
    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_CHECK_MS + 100));
    expect(screen.getByRole('status')).not.toHaveTextContent('bankId.appDidNotOpen'); // not tapped yet
    await user.click(link);
    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_CHECK_MS + 100));
    expect(screen.getByRole('status')).toHaveTextContent('bankId.appDidNotOpen');
    expect(screen.getByRole('link', { name: 'bankId.openAppFallback' })).toHaveAttribute('href', started.url);
  });

  it('no "did not open" once BankID says the app has the order (userSign), though the page stayed in view', async () => {
    collect = () => ({ status: 'pending', hintCode: 'userSign' });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    await user.click(await screen.findByRole('link', { name: 'bankId.openAppFallback' }));
    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_CHECK_MS + 100));
    await eventually(() => expect(screen.getByRole('status')).toHaveTextContent('bankId.rfa9'));
    expect(screen.getByRole('status')).not.toHaveTextContent('bankId.appDidNotOpen');
  });

  it('no "did not open" when the page went out of view (the app opened)', async () => {
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    await user.click(await screen.findByRole('link', { name: 'bankId.openAppFallback' }));
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(APP_OPEN_CHECK_MS + 100));
    setVisibility('visible');
    expect(screen.getByRole('status')).not.toHaveTextContent('bankId.appDidNotOpen');
  });

  it("in an app's in-app browser the link is BankID's scheme, the text says what to do, and no way back is asked", async () => {
    setUserAgent(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 350.0.0',
    );
    const { user, start } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    const link = await screen.findByRole('link', { name: 'bankId.openAppFallback' });
    expect(link).toHaveAttribute('href', 'bankid:///?autostarttoken=abc&redirect=null');
    expect(link).not.toHaveAttribute('target');
    expect(screen.getByText('bankId.inAppBrowser')).toBeInTheDocument();
    expect((start.mock.calls[0] as unknown[])[0]).toEqual({}); // the way back would open in Safari, not here
  });

  it('a computer opens its app by the scheme at once (no window); the link remains', async () => {
    setUserAgent(COMPUTER_UA);
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    const link = await screen.findByRole('link', { name: 'bankId.openAppFallback' });
    expect(link).toHaveAttribute('href', 'bankid:///?autostarttoken=abc&redirect=null');
    expect(screen.getByRole('status').textContent).toBe('bankId.rfa13');
    expect(window.open).not.toHaveBeenCalled();
  });

  it.each([
    [false, 'bankId.rfa1'],
    [true, 'bankId.rfa13'],
  ])(
    'back on the page (a reload, the way back from the app; launched %s) it polls the same order at once: %s',
    async (launched, key) => {
      store.set(bankIdOrderAtom, {
        purpose: 'auth',
        transactionId: TX,
        url: started.url,
        sameDevice: true,
        startedAt: Date.now(),
        launched,
      });
      const { start } = renderControl();
      expect(screen.getByRole('link', { name: 'bankId.openAppFallback' })).toHaveAttribute(
        'href',
        started.url,
      );
      await eventually(() =>
        expect(vi.mocked(api.call).mock.calls.some(([n]) => n === 'checkBankIdTransactionStatus')).toBe(true),
      );
      expect(screen.getByRole('status').textContent).toBe(key);
      expect(start).not.toHaveBeenCalled();
    },
  );

  it.each([
    [PHONE_UA, 'bankId.rfa15B'],
    [COMPUTER_UA, 'bankId.rfa15A'],
  ])('started: RFA15B on a phone, RFA15A on a computer (%s)', async (ua, key) => {
    setUserAgent(ua);
    collect = () => ({ status: 'pending', hintCode: 'started' });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    await screen.findByRole('link', { name: 'bankId.openAppFallback' }); // started: the poll is due in 2 s
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await eventually(() => expect(screen.getByRole('status').textContent).toBe(key));
  });

  it('startFailed: RFA17A with the app on this device, RFA17B with the QR code', async () => {
    collect = () => ({ status: 'failed', hintCode: 'startFailed' });
    const { user, unmount } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    await screen.findByRole('link', { name: 'bankId.openAppFallback' });
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await screen.findByRole('alert')).toHaveTextContent('bankId.rfa17A');
    unmount();

    vi.spyOn(api, 'getBankIdQr').mockResolvedValue({ status: 'ended' });
    const again = renderControl();
    await again.user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    await screen.findByRole('img', { name: 'bankId.qr.alt' });
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await screen.findByRole('alert')).toHaveTextContent('bankId.rfa17B');
  });
});

describe('cancel on abandon', () => {
  it('a real leave with the QR code shown (pagehide, not kept) sends the abandon beacon with the session token', async () => {
    vi.spyOn(api, 'getBankIdQr').mockResolvedValue({ status: 'ended' });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    await screen.findByRole('img', { name: 'bankId.qr.alt' });
    await act(() => vi.advanceTimersByTimeAsync(50)); // the page's listeners are in place (effects ran)
    pagehide(false);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(ABANDON_URL);
    expect(JSON.parse(body as string)).toEqual({ transactionId: TX, idToken: TOKEN });
  });

  it('a page kept for the back-forward cache, or hidden, sends nothing', async () => {
    vi.spyOn(api, 'getBankIdQr').mockResolvedValue({ status: 'ended' });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    await screen.findByRole('img', { name: 'bankId.qr.alt' });
    await act(() => vi.advanceTimersByTimeAsync(50)); // the page's listeners are in place (effects ran)
    pagehide(true);
    setVisibility('hidden');
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('switching to the BankID app on this device (hidden, then pagehide) never cancels the order', async () => {
    const release = holdLinkNavigation();
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    await user.click(await screen.findByRole('link', { name: 'bankId.openAppFallback' }));
    await screen.findByText('bankId.rfa13');
    await act(() => vi.advanceTimersByTimeAsync(50));
    release();
    setVisibility('hidden');
    pagehide(false);
    pagehide(true);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(vi.mocked(api.call).mock.calls.some(([n]) => n === 'cancelBankIDSession')).toBe(false);
  });

  it('the rule itself', () => {
    const qr = { sameDevice: false };
    const app = { sameDevice: true };
    expect(mayCancelOnLeave({ type: 'pagehide', persisted: false }, qr)).toBe(true);
    expect(mayCancelOnLeave({ type: 'pagehide', persisted: true }, qr)).toBe(false);
    expect(mayCancelOnLeave({ type: 'visibilitychange' }, qr)).toBe(false);
    expect(mayCancelOnLeave({ type: 'pagehide', persisted: false }, app)).toBe(false);
    expect(mayCancelOnLeave({ type: 'visibilitychange' }, app)).toBe(false);
    expect(mayCancelOnLeave({ type: 'pagehide', persisted: false }, null)).toBe(false);
  });
});

describe("BankID's recommended messages (RFA) as the control shows them", () => {
  it.each([
    [PHONE_UA, 'bankId.rfa20'],
    [COMPUTER_UA, 'bankId.rfa19'],
  ])('asks RFA20 on a phone, RFA19 on a computer (%s)', (ua, key) => {
    setUserAgent(ua);
    renderControl();
    expect(screen.getByText(key)).toBeInTheDocument();
    expect(
      screen.queryByText(key === 'bankId.rfa19' ? 'bankId.rfa20' : 'bankId.rfa19'),
    ).not.toBeInTheDocument();
  });

  // With the QR code (another device), on a phone: what each collect answer shows.
  it.each([
    ['outstandingTransaction', 'bankId.rfa1'],
    ['noClient', 'bankId.rfa1'],
    ['started', 'bankId.rfa15B'],
    ['userSign', 'bankId.rfa9'],
    ['userMrtd', 'bankId.rfa23'],
    ['userCallConfirm', 'bankId.hints.userCallConfirm'],
    ['aHintBankIdAddsLater', 'bankId.rfa21'],
  ])('pending %s shows %s', async (hintCode, key) => {
    collect = () => ({ status: 'pending', hintCode });
    vi.spyOn(api, 'getBankIdQr').mockResolvedValue({ status: 'ended' });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    await screen.findByRole('img', { name: 'bankId.qr.alt' }); // the order started: the poll is due in 2 s
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await eventually(() => expect(screen.getByRole('status').textContent).toBe(key));
  });

  it.each([
    ['cancelled', 'bankId.rfa3'],
    ['alreadyInProgress', 'bankId.rfa4'],
    ['userCancel', 'bankId.rfa6'],
    ['expiredTransaction', 'bankId.rfa8'],
    ['certificateErr', 'bankId.rfa16'],
    ['startFailed', 'bankId.rfa17B'],
    ['userDeclinedCall', 'bankId.hints.userDeclinedCall'],
    ['notSupportedByUserApp', 'bankId.hints.notSupportedByUserApp'],
    ['transactionRiskBlocked', 'bankId.hints.transactionRiskBlocked'],
    ['aFailureBankIdAddsLater', 'bankId.rfa22'],
    [undefined, 'bankId.rfa22'],
  ])('failed %s shows %s', async (hintCode, key) => {
    collect = () => ({ status: 'failed', hintCode });
    vi.spyOn(api, 'getBankIdQr').mockResolvedValue({ status: 'ended' });
    const { user } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    await screen.findByRole('img', { name: 'bankId.qr.alt' }); // the order started: the poll is due in 2 s
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect((await screen.findByRole('alert')).textContent).toBe(key);
  });

  it('a start BankID refuses that may simply be tried again shows RFA22', async () => {
    const start = vi.fn(async () => {
      throw new ApiError('INTERNAL', 'bankIdFailed');
    });
    const { user } = renderScreen(
      <BankIdControl purpose="auth" start={start} onComplete={() => {}} onCancel={() => {}} source="test" />,
      { at: '/sv/memberCheck' },
    );
    await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('bankId.rfa22');
  });
});

describe('the way back from the app (issue 39 §9)', () => {
  const IPHONE_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

  it("on an iPhone the order asks for a way back to this step, bound to this browser's kept secret", async () => {
    setUserAgent(IPHONE_UA);
    const { user, start } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    await eventually(() => expect(start).toHaveBeenCalledTimes(1));
    const launch = (start.mock.calls[0] as unknown[])[0] as { returnTo?: string; returnKey?: string };
    expect(launch.returnTo).toBe('/sv/memberCheck');
    expect(launch.returnKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(localStorage.getItem('concert.bankidReturnKey')).toBe(launch.returnKey); // shared by the tabs
  });

  it('elsewhere (Android, the QR code) no way back and no secret', async () => {
    const { user, start } = renderControl();
    await user.click(screen.getByRole('button', { name: 'bankId.sameDevice' }));
    await eventually(() => expect(start).toHaveBeenCalledTimes(1));
    expect((start.mock.calls[0] as unknown[])[0]).toEqual({});
  });
});

describe('hintMessageKey (BankID’s RFA table)', () => {
  it.each([
    ['pending', undefined, true, true, 'bankId.rfa13'],
    ['pending', undefined, true, true, 'bankId.rfa1', false], // this device, the link not tapped yet
    ['pending', 'outstandingTransaction', true, false, 'bankId.rfa1', false],
    ['pending', 'userSign', true, true, 'bankId.rfa9', false],
    ['pending', 'outstandingTransaction', true, false, 'bankId.rfa13'],
    ['pending', 'outstandingTransaction', false, true, 'bankId.rfa1'],
    ['pending', 'noClient', false, false, 'bankId.rfa1'],
    ['pending', 'started', true, true, 'bankId.rfa15B'],
    ['pending', 'started', true, false, 'bankId.rfa15A'],
    ['pending', 'started', false, false, 'bankId.rfa15A'],
    ['pending', 'started', false, true, 'bankId.rfa15B'],
    ['pending', 'userSign', true, true, 'bankId.rfa9'],
    ['pending', 'userMrtd', false, false, 'bankId.rfa23'],
    ['pending', 'somethingNew', false, true, 'bankId.rfa21'],
    ['pending', 'toString', false, true, 'bankId.rfa21'], // not a property of some object
    ['pending', undefined, false, true, undefined], // the general "waiting"
    ['failed', 'startFailed', true, true, 'bankId.rfa17A'],
    ['failed', 'startFailed', false, true, 'bankId.rfa17B'],
    ['failed', 'userCancel', true, true, 'bankId.rfa6'],
    ['failed', 'cancelled', false, false, 'bankId.rfa3'],
    ['failed', 'expiredTransaction', true, false, 'bankId.rfa8'],
    ['failed', 'certificateErr', true, false, 'bankId.rfa16'],
    ['failed', 'somethingNew', true, false, 'bankId.rfa22'],
    ['failed', undefined, false, false, 'bankId.rfa22'],
  ] as const)(
    '%s %s (this device %s, phone %s) → %s',
    (status, code, sameDevice, mobile, key, launched: boolean = true) => {
      expect(hintMessageKey(status, code, sameDevice, mobile, launched)).toBe(key);
    },
  );
});
