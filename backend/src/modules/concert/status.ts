import type { ConcertStatus, ConcertStatusAnswer } from '@concert/shared/api';

/**
 * What the status is derived from. The domain passes getters over the current concert
 * (modules/concert/store.ts), so a change the office saves shows without a restart.
 */
export interface ConcertSettings {
  capacity: number;
  salesOpenAt: number;
  salesCloseAt: number;
  /** The concert's end: after it the sale is Done whatever the stored close says. */
  endsAt: number;
  memberQueue: boolean;
  /** The concert's hold in ms: the texts that name a reservation's length follow it. */
  holdMs: number;
  /** The concert's public facts and copy variables, sent with the status (absent: none published). */
  published?: Pick<ConcertStatusAnswer, 'concert' | 'copyVariables'>;
}

/**
 * GET /api/getConcertStatus is the same for everyone and carries nothing personal: a CDN (and the
 * browser) may keep it 1 s, and serve it up to 2 s older while it asks again. With the count
 * itself cached 1 s in each process, a visitor polling every 5 s (toQueue) sees a change within
 * 4 s of it at the edge, so by the next poll but one at worst. Both the route and the server's
 * fast path (http/status-fast-path.ts) send it.
 */
export const CONCERT_STATUS_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=2';

/** CONTRACT.md §1: before open Closed, after close or the concert's end Done, otherwise Queue when taken tickets reach capacity, else Open. */
export function deriveConcertStatus(settings: ConcertSettings, taken: number, now: number): ConcertStatus {
  if (now < settings.salesOpenAt) return 'Closed';
  if (now >= settings.salesCloseAt || now >= settings.endsAt) return 'Done';
  return taken >= settings.capacity ? 'Queue' : 'Open';
}

/** The counts the status is derived from (tickets/queries/availability.ts countTakenTickets). */
export interface TakenCount {
  taken: number;
  promised: number;
}
const NOTHING_TAKEN: TakenCount = { taken: 0, promised: 0 };

/**
 * The status every visitor polls. The count of taken tickets (confirmed plus live holds) is
 * read at most once per `maxAgeMs` and shared by all requests in between, so polling costs no
 * query per request; concurrent callers during a refresh wait for the same query. The tickets
 * left it tells are those nobody has confirmed or reserved (`promised`): a place nobody
 * identified is still there for whoever identifies.
 */
export function createConcertStatusReader(
  settings: ConcertSettings,
  countTaken: () => Promise<TakenCount>,
  options: { maxAgeMs?: number; now?: () => number } = {},
) {
  const maxAgeMs = options.maxAgeMs ?? 1000;
  const now = options.now ?? Date.now;
  let cached: (TakenCount & { at: number }) | undefined;
  let inFlight: Promise<TakenCount> | undefined;

  /** The cached count if still fresh at `t`. */
  const freshCount = (t: number) => (cached && t - cached.at < maxAgeMs ? cached : undefined);
  const onSale = (t: number) => t >= settings.salesOpenAt && t < settings.salesCloseAt && t < settings.endsAt;
  const answer = (t: number, count: TakenCount): ConcertStatusAnswer => ({
    concertStatus: deriveConcertStatus(settings, count.taken, t),
    memberQueue: settings.memberQueue,
    ticketsLeft: onSale(t) ? Math.max(0, settings.capacity - count.promised) : 0,
    holdMinutes: settings.holdMs / 60_000,
    ...settings.published,
  });

  async function taken(): Promise<TakenCount> {
    const fresh = freshCount(now());
    if (fresh !== undefined) return fresh;
    inFlight ??= countTaken()
      .then((value) => {
        cached = { ...value, at: now() };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    /** The answer without waiting, if no count is due (the cached one is fresh, or sales are not on). */
    peek(): ConcertStatusAnswer | undefined {
      const t = now();
      if (!onSale(t)) return answer(t, NOTHING_TAKEN);
      const fresh = freshCount(t);
      return fresh === undefined ? undefined : answer(t, fresh);
    },
    async read(): Promise<ConcertStatusAnswer> {
      const t = now();
      return answer(t, onSale(t) ? await taken() : NOTHING_TAKEN);
    },
    /**
     * A hold taken (+1) or given back (-1) by this process shows in the cached count at once,
     * without a recount per call; other processes' changes show within maxAgeMs.
     */
    adjust(delta: number) {
      if (cached) cached = { ...cached, taken: Math.max(0, cached.taken + delta) };
    },
    /** Forget the count: the next read counts again. */
    invalidate() {
      cached = undefined;
    },
  };
}
export type ConcertStatusReader = ReturnType<typeof createConcertStatusReader>;
