// Component tests (vitest + Testing Library, jsdom): a screen rendered the way the shell renders
// it (the page's one jotai store, the shared router), with the copy a test gives. Test code only:
// no app imports `@concert/shared/testing`.
import '@testing-library/jest-dom/vitest';
import * as browser from '@concert/shared/browser';
import {
  copyAtom,
  langAtom,
  store,
  testStateAtom,
  type TestBankIdMode,
  type TestMemberMode,
} from '@concert/shared/browser';
import type { ConcertStatusAnswer } from '@concert/shared/api';
import { BrowserRouter } from '@concert/shared/router';
import type { Lang } from '@concert/shared/universal';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, type WritableAtom } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';

type AnyAtom = WritableAtom<unknown, [unknown], void> & { init: unknown };
const isPrimitiveAtom = (value: unknown): value is AnyAtom =>
  typeof value === 'object' && value !== null && 'init' in value && 'read' in value && 'write' in value;

/** Every global atom back to its first value, so no test sees what the one before it left. */
function resetAtoms() {
  for (const value of Object.values(browser)) if (isPrimitiveAtom(value)) store.set(value, value.init);
}

/**
 * How long a screen may take to settle after an action: CI runs the suites side by side on two
 * cores, where findBy…, waitFor and `eventually` may need more than their 1 s default.
 */
const SETTLE_MS = 5000;
configure({ asyncUtilTimeout: SETTLE_MS });

/**
 * `check` retried until it passes (or SETTLE_MS has passed): vi.waitFor with the suite's one bound.
 * Under fake timers each retry moves the clock on by the interval, as vi.waitFor does.
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: SETTLE_MS, interval: 50 });
}

// jsdom does not scroll; the screens scroll to the top when they open.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  resetAtoms();
  window.history.replaceState(null, '', '/');
});

interface RenderOptions {
  /** Where the screen is, e.g. `/sv/memberCheck`. */
  at?: string;
  lang?: Lang;
  /**
   * Copy texts by key; any other key shows as the key itself (as `t()` does for a missing key),
   * so tests find controls by their copy key: `getByRole('button', { name: 'memberCheck.continue' })`.
   */
  copy?: Record<string, string>;
  /** The test panel's modes (demo only): BankID, bank-account retrieval and getPersonalInfo answer from test-mode.ts. */
  testMode?: { bankId?: TestBankIdMode; memberStatus?: TestMemberMode };
}

/** Renders a screen under the page's store and router; `user` types and clicks like a visitor. */
export function renderScreen(
  screen: ReactNode,
  { at = '/sv/', lang = 'sv', copy = {}, testMode }: RenderOptions = {},
) {
  window.history.replaceState(null, '', at);
  store.set(langAtom, lang);
  store.set(copyAtom, copy);
  if (testMode)
    store.set(testStateAtom, {
      bankId: testMode.bankId ?? 'Live',
      memberStatus: testMode.memberStatus ?? 'Live',
    });
  // Under fake timers (BankID polls every 2 s), typing and clicking move the clock along.
  const user = userEvent.setup({
    advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)),
  });
  const rendered = render(
    <Provider store={store}>
      <BrowserRouter>{screen}</BrowserRouter>
    </Provider>,
  );
  return { user, ...rendered };
}

/** Where the app has navigated to: path and hash. */
export const currentPath = () => window.location.pathname + window.location.hash;

/**
 * A concert as the status answer brings it (the server derives it from the concert the office
 * set): test data for screens that show amounts, dates or the calendar file. Made up on purpose
 * (not any real concert's facts), so a test that passes cannot lean on values compiled in.
 */
export const TEST_CONCERT_STATUS: ConcertStatusAnswer = {
  concertStatus: 'Open',
  memberQueue: false,
  ticketsLeft: 40,
  holdMinutes: 12,
  concert: {
    id: 3,
    startsAt: '2031-05-20T17:00:00.000Z',
    doorsAt: '2031-05-20T16:00:00.000Z',
    endsAt: '2031-05-20T21:00:00.000Z',
    venue: 'Annexet',
    city: 'Göteborg',
    address: 'Mässans gata 1',
    calendarSequence: 0,
    minNewMemberAmount: 150,
    minRaise: 75,
    donationStep: 10,
    raisePresets: [100, 150, 200],
  },
  copyVariables: {
    sv: {
      concertDate: '20 maj 2031',
      venue: 'Annexet',
      city: 'Göteborg',
      holdMinutes: '12',
      minAmount: '150 kr',
    },
    en: {
      concertDate: '20 May 2031',
      venue: 'Annexet',
      city: 'Göteborg',
      holdMinutes: '12',
      minAmount: 'SEK 150',
    },
  },
};

/** The page's store as after the status answer of `TEST_CONCERT_STATUS` (or another). */
export function withTestConcert(answer = TEST_CONCERT_STATUS): void {
  store.set(browser.concertStatusAnswerAtom, answer);
}
