import { bankIdReturnKey, store } from '@concert/shared/browser';
import { eventually, renderScreen } from '@concert/shared/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumeChoiceAtom } from './flow-resume.js';
import { ResumeChoice } from './resume-choice.js';

const REFERENCE = 'r'.repeat(43);
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sessionStorage.setItem(
    'concert.session',
    JSON.stringify({ uid: 'this-tab', idToken: 'this-tabs-token', expiresAt: Date.now() + 3_600_000 }),
  );
  fetchMock = vi.fn(
    async () =>
      new Response(
        JSON.stringify({ uid: 'the-bankid-one', idToken: 't', expiresAt: Date.now() + 3_600_000 }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  store.set(resumeChoiceAtom, null);
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the BankID app returned to a tab that holds another sign-up (issue 39 §9)', () => {
  it('asks, and staying keeps the tab as it is: nothing is sent', async () => {
    store.set(resumeChoiceAtom, REFERENCE);
    const reload = vi.fn();
    const { user } = renderScreen(<ResumeChoice reload={reload} />);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('shell.resumeChoice.question');
    await user.click(screen.getByRole('button', { name: 'shell.resumeChoice.stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("continuing replaces the tab's session by the chosen one (with this browser's key) and reloads", async () => {
    store.set(resumeChoiceAtom, REFERENCE);
    const reload = vi.fn();
    const { user } = renderScreen(<ResumeChoice reload={reload} />);
    await user.click(screen.getByRole('button', { name: 'shell.resumeChoice.continue' }));
    await eventually(() => expect(reload).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toMatch(/\/api\/session$/);
    expect(JSON.parse(init.body as string)).toEqual({
      resume: REFERENCE,
      resumeKey: bankIdReturnKey(),
      replace: true,
    });
    expect(JSON.parse(sessionStorage.getItem('concert.session')!).uid).toBe('the-bankid-one');
  });

  it('shows nothing without such a return', () => {
    renderScreen(<ResumeChoice reload={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
