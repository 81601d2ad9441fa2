import type { ConcertStatusAnswer } from '@concert/shared/api';
import { publicConcert } from './facts.js';
import type { ConcertSettings } from './status.js';
import type { TicketScope } from '../tickets/queries/availability.js';
import type { ConcertStore, CurrentConcert } from './store.js';

/** No concert published: no rows (concert ids start at 1). */
const NO_TICKETS: TicketScope = { concertId: 0, capacity: 0 };

/** A concert's ticket rows (see TicketScope). */
export const ticketScopeOf = (c: { id: number; capacity: number } | null | undefined): TicketScope =>
  c ? { concertId: c.id, capacity: c.capacity } : NO_TICKETS;

/** The sale's terms every service reads per call. */
export interface SaleTerms extends ConcertSettings {
  /** The concert the terms are of (null: none published). */
  readonly concert: CurrentConcert | null;
  /** The current concert's ticket rows: id and capacity read together (one concert's, never a mix). */
  readonly ticketScope: TicketScope;
}

/**
 * The current concert's terms as getters: every read asks the store (no query: it holds the
 * concert), so capacity, sale window and hold follow the office's change without a restart.
 * With no published concert nothing is on sale (Closed, capacity 0).
 */
export function saleTerms(store: ConcertStore, options: { memberQueue: boolean; holdMs: number }): SaleTerms {
  const published = new WeakMap<CurrentConcert, Pick<ConcertStatusAnswer, 'concert' | 'copyVariables'>>();
  const scopes = new WeakMap<CurrentConcert, TicketScope>();
  const publicFacts = (c: CurrentConcert) => {
    let facts = published.get(c);
    if (!facts) {
      facts = {
        concert: publicConcert(c),
        copyVariables: c.copyVariables,
      };
      published.set(c, facts);
    }
    return facts;
  };
  return {
    get concert() {
      return store.current();
    },
    get capacity() {
      return store.current()?.capacity ?? 0;
    },
    get ticketScope() {
      const c = store.current();
      if (!c) return NO_TICKETS;
      let scope = scopes.get(c);
      if (!scope) scopes.set(c, (scope = ticketScopeOf(c)));
      return scope;
    },
    get salesOpenAt() {
      return store.current()?.saleOpensAt.getTime() ?? Infinity;
    },
    get salesCloseAt() {
      return store.current()?.saleClosesAt.getTime() ?? Infinity;
    },
    get endsAt() {
      return store.current()?.endsAt.getTime() ?? Infinity;
    },
    memberQueue: options.memberQueue,
    get holdMs() {
      const c = store.current();
      return c ? Math.round(c.holdMinutes * 60_000) : options.holdMs;
    },
    get published() {
      const c = store.current();
      return c ? publicFacts(c) : undefined;
    },
  };
}
