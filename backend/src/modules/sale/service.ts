import type { SaleDashboard } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { saleDashboardFigures } from './queries.js';
import type { TicketScope } from '../tickets/queries/availability.js';

/** How long one count of the dashboard serves every viewer (in this process). */
export const DASHBOARD_SHARED_MS = 2000;
/**
 * The chart's minutes are read again from this long before the last count: a transaction's
 * confirmed_at is its start, so a row may commit into a minute already read (transactions are
 * cut after a few seconds by the statement and idle timeouts; two minutes leave room).
 */
const MINUTES_REREAD_MS = 2 * 60_000;

/**
 * The sale's figures for the office's dashboards. However many dashboards are open, the
 * database counts once per `sharedMs` per process: the first viewer's request starts the one
 * aggregate query, every viewer asking meanwhile (or until it is `sharedMs` old) shares its
 * answer (single flight). With N backend processes it is at most N queries per interval.
 */
export function createSaleService({
  sql,
  terms,
  sharedMs = DASHBOARD_SHARED_MS,
  now = Date.now,
}: {
  sql: Sql;
  /** The current concert's capacity (a getter: the office may change it). */
  terms: { readonly ticketScope: TicketScope };
  sharedMs?: number;
  now?: () => number;
}) {
  let shared: { startedAt: number; answer: Promise<SaleDashboard> } | undefined;
  let queries = 0;
  // The chart so far: after the first count, each count reads only the last minutes of the sale.
  const minutes = new Map<number, [number, number, number]>();
  let minutesAsOf: number | undefined;

  async function count(): Promise<SaleDashboard> {
    // From a minute's start, so every minute read again is read whole.
    const since =
      minutesAsOf === undefined
        ? null
        : new Date(Math.floor((minutesAsOf - MINUTES_REREAD_MS) / 60_000) * 60_000);
    const figures = await saleDashboardFigures(sql, terms.ticketScope, since);
    if (since) for (const m of minutes.keys()) if (m * 1000 >= since.getTime()) minutes.delete(m);
    for (const point of figures.perMinute) minutes.set(point[0], point);
    minutesAsOf = Date.parse(figures.asOf);
    return { ...figures, perMinute: [...minutes.values()].sort((a, b) => a[0] - b[0]) };
  }

  function dashboard(): Promise<SaleDashboard> {
    const at = now();
    if (shared && at - shared.startedAt < sharedMs) return shared.answer;
    queries++;
    const answer = count();
    const mine = { startedAt: at, answer };
    shared = mine;
    // A failed count is not shared: the next viewer tries again.
    answer.catch(() => {
      if (shared === mine) shared = undefined;
    });
    return answer;
  }

  return {
    dashboard,
    /** Aggregate queries run so far (tests and the bench count them). */
    queriesRun: () => queries,
  };
}
export type SaleService = ReturnType<typeof createSaleService>;
