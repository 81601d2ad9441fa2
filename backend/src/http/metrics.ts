import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { FUNCTION_CALLERS } from '@concert/shared/api';
import type { SaleSnapshot } from '../modules/concert/queries.js';
import type { RequestObservation } from './request-log.js';

/**
 * Prometheus metrics (prom-client): the process's own (event-loop lag, heap, GC), requests by
 * route and status with their duration, and the sale's state at scrape time. Route labels are
 * a closed set (a callable's name, else the first path segment), never a raw path: paths may
 * carry codes, and an open label set would let anyone grow the registry.
 */
/** `readSale` answers the sale now (one aggregate query, however many scrape). */
export function createMetrics(readSale: () => Promise<SaleSnapshot>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by route and status', labelNames: ['route', 'status'] as const, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'concert_sale',
    help: 'The sale now: confirmed tickets, live holds (and of them unidentified), pending holds waiting for a ticket, confirmed places in the queue, e-mails waiting to be sent',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const s = await readSale();
      this.set({ state: 'confirmed' }, s.confirmed);
      this.set({ state: 'held' }, s.liveHolds);
      this.set({ state: 'held_unidentified' }, s.unidentifiedHolds);
      this.set({ state: 'pending' }, s.pendingHolds);
      this.set({ state: 'queue_confirmed' }, s.queueConfirmed);
      this.set({ state: 'outbox_waiting' }, s.outboxWaiting);
    },
  });

  /** Counts and times every request the server answers (the status fast path's too), from `observeRequests`. */
  const observe = ({ route, status, seconds }: RequestObservation) => {
    duration.observe({ route }, seconds);
    requests.inc({ route, status: String(status) });
  };

  return { registry, observe };
}

const API_ROUTES = new Set<string>([...Object.keys(FUNCTION_CALLERS), 'session', 'health', 'getCopy', 'getConcertStatus', 'clientLog']);
const PAGE_ROUTES = new Set(['admin', 'sv', 'en', 'apps', 'metrics', 'remotes.json', 'sim', 'dev']);

/** A request's route as a closed label (a callable's name, else the first path segment), never the raw path. */
export function routeOf(path: string): string {
  const [, first = '', second = ''] = path.split('/');
  if (first === '') return 'root';
  if (first === 'api') return API_ROUTES.has(second) ? `api/${second}` : 'api/other';
  return PAGE_ROUTES.has(first) ? first : 'other';
}
export type Metrics = ReturnType<typeof createMetrics>;
