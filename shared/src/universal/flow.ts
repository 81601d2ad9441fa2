import type { ConcertStatus } from './api.js';

/**
 * While tickets are on sale the queue page is no place to stay (SPEC.md §4): it takes a ticket
 * and moves on to memberCheck, unless the member-queue flag keeps a member there. A fresh visit
 * (nobody identified yet) always moves on. The queue page itself, the header's countdown (which
 * keeps its row for the hold on its way) and the server's first paint (the page it lands on, and
 * its title) all ask this.
 */
export function queuePageMovesOn(status: ConcertStatus | null, { memberQueue = false, isMember = false }: { memberQueue?: boolean; isMember?: boolean } = {}): boolean {
  return status === 'Open' && !(memberQueue && isMember);
}
