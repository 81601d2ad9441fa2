import { createApiClient, type ApiClient } from './api-client.js';
import { isSlowRequestAtom, store, testStateAtom } from './state.js';
import { currentIdToken, opensSession } from './session.js';
import type * as TestMode from './test-mode.js';

const client = createApiClient({
  getToken: currentIdToken,
  // The page's first call (register, at the click) opens the session itself: no request of its own.
  opensSession,
  onSlowChange: (slow) => store.set(isSlowRequestAtom, slow),
});

let testMode: Promise<typeof TestMode> | undefined;

/**
 * The one API client of the page, shared by the shell and the remotes. In test mode (demo
 * only) some calls get canned answers instead (test-mode.ts, loaded only once a mode is
 * chosen), so the screens need no change.
 */
export const api: ApiClient = {
  ...client,
  async call(name, payload) {
    const testState = store.get(testStateAtom);
    if (testState.bankId !== 'Live' || testState.memberStatus !== 'Live') {
      testMode ??= import('./test-mode.js').catch((err: unknown) => {
        testMode = undefined;
        throw err;
      });
    }
    const canned = testMode && (await testMode).cannedAnswer(name, payload, testState);
    return canned ?? client.call(name, payload);
  },
  async getBankIdQr(transactionId) {
    // Test mode's orders are made up: their one QR code stays (no frames).
    if (store.get(testStateAtom).bankId !== 'Live') return { status: 'ended' };
    return client.getBankIdQr(transactionId);
  },
};
