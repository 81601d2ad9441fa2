import type { SaleDashboard } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { saleDashboardFigures } from './queries.js';

/** How long one count of the dashboard serves every viewer (in this process). */
export const DASHBOARD_SHARED_MS = 2000;

/**
 * The sale's figures for the office's dashboards. However many dashboards are open, the
 * database counts once per `sharedMs` per process: the first viewer's request starts the one
 * aggregate query, every viewer asking meanwhile (or until it is `sharedMs` old) shares its
 * answer (single flight). With N backend processes it is at most N queries per interval.
 */
export function createSaleService({ sql, capacity, sharedMs = DASHBOARD_SHARED_MS, now = Date.now }: { sql: Sql; capacity: number; sharedMs?: number; now?: () => number }) {
  let shared: { startedAt: number; answer: Promise<SaleDashboard> } | undefined;
  let queries = 0;

  function dashboard(): Promise<SaleDashboard> {
    const at = now();
    if (shared && at - shared.startedAt < sharedMs) return shared.answer;
    queries++;
    const answer = saleDashboardFigures(sql, capacity);
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
