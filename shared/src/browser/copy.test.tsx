import { renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCopy } from './copy.js';
import { concertStatusAnswerAtom, copyAtom, langAtom, saleFiguresAtom, store } from './state.js';

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

afterEach(() => {
  store.set(saleFiguresAtom, null);
  store.set(langAtom, 'sv');
});

describe('useCopy names the hold length the server runs (HOLD_MINUTES, issue 27 §6)', () => {
  it('the constants map’s 15 until a status answer says otherwise, then the server’s, in each language’s way', () => {
    store.set(copyAtom, { 'shell.timeIsUp.body': 'Reserverad i {{holdMinutes}} minuter.' });
    const { result, rerender } = renderHook(() => useCopy(), { wrapper });
    expect(result.current('shell.timeIsUp.body')).toBe('Reserverad i 15 minuter.');
    store.set(concertStatusAnswerAtom, {
      concertStatus: 'Open',
      memberQueue: false,
      ticketsLeft: 40,
      holdMinutes: 1.5,
    });
    rerender();
    expect(result.current('shell.timeIsUp.body')).toBe('Reserverad i 1,5 minuter.');
    store.set(langAtom, 'en');
    rerender();
    expect(result.current('shell.timeIsUp.body')).toBe('Reserverad i 1.5 minuter.');
    // a screen's own value still wins
    expect(result.current('shell.timeIsUp.body', { holdMinutes: 3 })).toBe('Reserverad i 3 minuter.');
  });
});
