import { ApiError, createApiClient, staffApi, staffToken } from '@concert/shared/browser';
import type { Answer, FunctionName, Payload } from '@concert/shared/api';
import { TRANSIENT_STATUSES } from '@concert/shared/universal';

/** A door call that takes longer than this is treated as offline (the check-in is queued). */
const CALL_TIMEOUT_MS = 4000;

/** Door calls: no retries and a short timeout (a saturated network must not hold the queue up); a refused token is renewed once. */
const quick = createApiClient({
  getToken: () => staffToken(),
  retryWaitsMs: [],
  fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
});
export async function call<N extends FunctionName>(name: N, payload: Payload<N>): Promise<Answer<N>> {
  try {
    return await quick.call(name, payload);
  } catch (err) {
    if (err instanceof ApiError && err.status === 'UNAUTHENTICATED') return staffApi.call(name, payload);
    throw err;
  }
}
export const isTransient = (err: unknown) =>
  !(err instanceof ApiError) || TRANSIENT_STATUSES.includes(err.status) || err.errorId === 'timeout';
