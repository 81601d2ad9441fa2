import { createApiClient } from './api-client.js';
import { isSlowRequestAtom, store } from './state.js';
import { currentIdToken } from './session.js';

/** The one API client of the page, shared by the shell and the remotes. */
export const api = createApiClient({
  getToken: currentIdToken,
  onSlowChange: (slow) => store.set(isSlowRequestAtom, slow),
});
