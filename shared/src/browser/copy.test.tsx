import { renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCopy } from './copy.js';
import { concertCopyVariablesAtom, concertStatusAnswerAtom, copyAtom, langAtom, store } from './state.js';

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

afterEach(() => {
  store.set(concertCopyVariablesAtom, null);
  store.set(langAtom, 'sv');
});

describe("useCopy fills in the concert's facts the server derived (issue 38)", () => {
  it('leaves them visible until a status answer brings them, then each language gets its own', () => {
    store.set(copyAtom, { 'shell.timeIsUp.body': 'Reserverad i {{holdMinutes}} minuter, {{concertDate}}.' });
    const { result, rerender } = renderHook(() => useCopy(), { wrapper });
    expect(result.current('shell.timeIsUp.body')).toBe(
      'Reserverad i {{holdMinutes}} minuter, {{concertDate}}.',
    );
    store.set(concertStatusAnswerAtom, {
      concertStatus: 'Open',
      memberQueue: false,
      ticketsLeft: 40,
      holdMinutes: 1.5,
      copyVariables: {
        sv: { holdMinutes: '1,5', concertDate: '20 maj 2031' },
        en: { holdMinutes: '1.5', concertDate: '20 May 2031' },
      },
    });
    rerender();
    expect(result.current('shell.timeIsUp.body')).toBe('Reserverad i 1,5 minuter, 20 maj 2031.');
    store.set(langAtom, 'en');
    rerender();
    expect(result.current('shell.timeIsUp.body')).toBe('Reserverad i 1.5 minuter, 20 May 2031.');
    // a screen's own value still wins
    expect(result.current('shell.timeIsUp.body', { holdMinutes: 3 })).toBe(
      'Reserverad i 3 minuter, 20 May 2031.',
    );
  });
});
