import type { ConcertStatus } from './api.js';
import type { CopyKey } from './copy-keys.js';

const INTRO_KEY = { Open: 'start.intro.open', Queue: 'start.intro.queue', Closed: 'start.intro.closed', Done: 'start.intro.done' } as const;

/** The start page's intro by concert status (SPEC.md §2), for the screen and the server's first paint alike. */
export function startIntroKey(status: ConcertStatus | null): CopyKey {
  return status ? INTRO_KEY[status] : 'start.statusUnknown';
}

/** The ticket button's text, or null when there is no button: status unknown or sales done (SPEC.md §2). */
export function startButtonKey(status: ConcertStatus | null): CopyKey | null {
  if (!status || status === 'Done') return null;
  return status === 'Queue' ? 'start.button.queue' : status === 'Closed' ? 'start.button.closed' : 'start.button.buy';
}
