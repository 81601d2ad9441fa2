// The visitor's place in the sign-up survives a reload, the BankID app's return and a link opened
// anew (issue 29): read back from the server once per page load, before any step judges its state,
// and saved while the visitor is on a step of the flow.
import {
  api,
  bankIdOrderAtom,
  existingSessionUid,
  flowRestoredAtom,
  flowSnapshot,
  flowStateAtom,
  isFlowStep,
  restoreFlow,
  resumeSession,
  store,
} from '@concert/shared/browser';
import { useLocation } from '@concert/shared/router';
import type { FlowSnapshot } from '@concert/shared/api';
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';

/** A change is saved once the page has been still this long (typing saves at its pauses). */
const SAVE_AFTER_MS = 500;

const segmentOf = (pathname: string) => /^\/(?:sv|en)\/([^/]*)/.exec(pathname)?.[1];

/** The parameter the BankID app's return address carries: a one-time reference to the session (backend session/resume.ts). */
const RESUME_PARAMETER = 'resume';

/** A return reference that names another session than the one this tab holds: the visitor chooses. */
export const resumeChoiceAtom = atom<string | null>(null);

/**
 * At boot, before the first render: a visitor page other than the start page (which starts over)
 * of a session that exists asks the server where the session was. Steps wait until it answered.
 * Opened by the BankID app's return (`?resume=…`, perhaps in a new tab without the session), the
 * page first takes the session over with the reference, then resumes it alike.
 */
export function startFlowResume(): { resuming: boolean } {
  const segment = segmentOf(location.pathname);
  const params = new URLSearchParams(location.search);
  const reference = params.get(RESUME_PARAMETER);
  if (reference !== null) {
    // The reference is spent on use: it leaves the address bar (and the history) at once.
    params.delete(RESUME_PARAMETER);
    const query = params.toString();
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${query ? `?${query}` : ''}${location.hash}`,
    );
  }
  if (segment === undefined || segment === '' || (!reference && !existingSessionUid()))
    return { resuming: false };
  store.set(flowRestoredAtom, false);
  void (async () => {
    try {
      // A tab that holds a sign-up of its own is not taken over without asking (resume-choice.tsx).
      if (reference && (await resumeSession(reference)) === 'askFirst')
        store.set(resumeChoiceAtom, reference);
      if (existingSessionUid()) restoreFlow(store.set, await api.call('getFlow', {}));
    } catch {
      // nothing to resume: the steps judge the state they have
    } finally {
      store.set(flowRestoredAtom, true);
    }
  })();
  return { resuming: reference !== null };
}

/**
 * Saves the page's place while it is on a step of the flow: on arrival, and after each change (at
 * once when a BankID order starts or ends: the visitor may be on their way to the BankID app).
 */
export function useFlowSaving(): void {
  const step = segmentOf(useLocation().pathname) ?? '';
  const restored = useAtomValue(flowRestoredAtom);
  useEffect(() => {
    if (!restored || !isFlowStep(step)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      if (!existingSessionUid()) return;
      const flow = flowSnapshot(store.get, step);
      // A page that holds only its place (the rush's many arrivals on memberCheck) saves nothing:
      // the server knows the place itself (getFlow answers it), and a write per arrival is not free.
      if (holdsNothingToResume(flow)) return;
      void api.call('saveFlow', { flow }).catch(() => undefined);
    };
    save();
    const later = store.sub(flowStateAtom, () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_MS);
    });
    const now = store.sub(bankIdOrderAtom, save);
    return () => {
      clearTimeout(timer);
      later();
      now();
    };
  }, [restored, step]);
}

/** Nothing typed, nobody identified, no BankID order, no queue: nothing the server does not know already. */
function holdsNothingToResume(flow: FlowSnapshot): boolean {
  return (
    !flow.draft.personalNumber &&
    !flow.draft.email &&
    !flow.authenticatedUser &&
    !flow.bankIdOrder &&
    !flow.queuedEmail &&
    !flow.queueOffer
  );
}
