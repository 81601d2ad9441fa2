import { bootData } from '../../lib/boot-data.js';
import { rememberedForTab } from '../../lib/tab-memory.js';

const REMEMBERED = 'concert.testMode';

/**
 * Test mode (SPEC.md §4) is for demos, never in production: only when the backend that served
 * the page says it runs in demo mode (boot data), and there on localhost, or once the page was
 * opened with `?testMode=1` (remembered for the tab). A page served without boot data (the dev
 * server, a separately deployed shell) offers it on localhost only. Canned answers never reach
 * the backend either way.
 */
function detect(): boolean {
  if (typeof location === 'undefined') return false; // the first paint, rendered when the shell builds: the date is plain text
  const { demo } = bootData();
  const local = location.hostname === 'localhost' || location.hostname === '127.0.0.1';
  if (demo === false) return false;
  if (local || demo === undefined) return local;
  return rememberedForTab(REMEMBERED, new URLSearchParams(location.search).get('testMode') === '1');
}

/** Decided once, when the shell starts, from the address the page was opened with. */
export const testModeAvailable = detect();
