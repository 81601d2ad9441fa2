const REMEMBERED = 'concert.testMode';

/**
 * Test mode (SPEC.md §4) is for demos: on localhost, or once the page was opened with
 * `?testMode=1` (remembered for the tab). Production does not rely on hiding it: canned answers
 * never reach the backend, and the backend refuses test mode in a production configuration.
 */
function detect(): boolean {
  if (location.hostname === 'localhost' || location.hostname === '127.0.0.1') return true;
  const asked = new URLSearchParams(location.search).get('testMode') === '1';
  try {
    if (asked) sessionStorage.setItem(REMEMBERED, '1');
    return asked || sessionStorage.getItem(REMEMBERED) === '1';
  } catch {
    return asked; // no storage (private mode): only for this page load
  }
}

/** Decided once, when the shell starts, from the address the page was opened with. */
export const testModeAvailable = detect();
