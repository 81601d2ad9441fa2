import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { FUNCTION_CALLERS } from '@concert/shared/api';
import type { SaleSnapshot } from '../modules/concert/queries.js';
import type { RequestObservation } from './request-log.js';
import type { PoolStats } from '../db/connect.js';
import type { BankIdCallObserver } from '../integrations/bankid/client.js';

/**
 * Prometheus metrics (prom-client): the process's own (event-loop lag, heap, GC), requests by
 * route and status with their duration, and the sale's state at scrape time. Route labels are
 * a closed set (a callable's name, else the first path segment), never a raw path: paths may
 * carry codes, and an open label set would let anyone grow the registry.
 */
/** Labels of BankID outcomes: `ok` and BankID's documented error codes; anything else is `other` (a closed set). */
const BANKID_OUTCOMES = new Set([
  'ok',
  'alreadyInProgress',
  'invalidParameters',
  'unauthorized',
  'notFound',
  'methodNotAllowed',
  'requestTimeout',
  'unsupportedMediaType',
  'internalError',
  'maintenance',
  'unreachable',
  'invalidResponse',
]);

/**
 * `readSale` answers the sale now in one aggregate query; a scrape reads it once for every
 * metric drawn from it (and scrapes within a second share the answer). `pool` is what the
 * database pool tells (db/connect.ts `poolStatsOf`).
 */
export function createMetrics(deps: { readSale: () => Promise<SaleSnapshot>; pool?: PoolStats }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  let lastRead: { at: number; sale: Promise<SaleSnapshot> } | undefined;
  const sale = () => {
    const now = performance.now();
    if (!lastRead || now - lastRead.at > 1000) lastRead = { at: now, sale: deps.readSale() };
    const read = lastRead;
    read.sale.catch(() => lastRead === read && (lastRead = undefined));
    return read.sale;
  };
  new Gauge({
    name: 'concert_sale',
    help: 'The sale now: confirmed tickets, live holds (and of them unidentified), pending holds waiting for a ticket, the queue (confirmed places waiting, and those with a live offer), e-mails waiting to be sent (the outbox backlog)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const s = await sale();
      this.set({ state: 'confirmed' }, s.confirmed);
      this.set({ state: 'held' }, s.liveHolds);
      this.set({ state: 'held_unidentified' }, s.unidentifiedHolds);
      this.set({ state: 'pending' }, s.pendingHolds);
      this.set({ state: 'queue_waiting' }, s.queueWaiting);
      this.set({ state: 'queue_offered' }, s.queueOffered);
      this.set({ state: 'outbox_waiting' }, s.outboxWaiting);
    },
  });
  new Gauge({
    name: 'outbox_oldest_waiting_age_seconds',
    help: 'Age of the oldest e-mail still waiting to be sent (pending or being sent); 0 when none waits',
    registers: [registry],
    async collect() {
      this.set((await sale()).outboxOldestSeconds);
    },
  });

  const pool = deps.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'Connections this process may open to PostgreSQL (DATABASE_POOL_MAX)',
      registers: [registry],
      collect() {
        this.set(pool.max);
      },
    });
    new Gauge({
      name: 'db_transactions',
      help: 'Transactions (sql.begin) waiting for their callback to start (for a free connection), and running. postgres.js has no pool events: single statements outside transactions are pipelined onto busy connections and are not counted',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'waiting' }, pool.waiting);
        this.set({ state: 'active' }, pool.active);
      },
    });
    const waits = new Histogram({
      name: 'db_transaction_wait_seconds',
      help: "From sql.begin() until the transaction's callback starts: waiting for a free connection (or connecting), plus the BEGIN round trip. Only transactions are measured (postgres.js has no pool events)",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    pool.onWait = (seconds) => waits.observe(seconds);
  }

  const bankIdDuration = new Histogram({
    name: 'bankid_request_duration_seconds',
    help: 'Calls to the BankID RP API (auth, sign, collect, cancel), answer read, by method',
    labelNames: ['method'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const bankIdCalls = new Counter({
    name: 'bankid_requests_total',
    help: 'Calls to the BankID RP API by method and outcome: ok, or the error code (unreachable: no answer in time; invalidResponse: an answer we could not read)',
    labelNames: ['method', 'outcome'] as const,
    registers: [registry],
  });
  /** For the BankID client (integrations/bankid/client.ts), which knows nothing of metrics. */
  const observeBankId: BankIdCallObserver = ({ method, seconds, outcome }) => {
    bankIdDuration.observe({ method }, seconds);
    bankIdCalls.inc({ method, outcome: BANKID_OUTCOMES.has(outcome) ? outcome : 'other' });
  };

  // Each label set's child is looked up once (prom-client hashes the labels on every call otherwise):
  // the route and status labels are closed sets, so these maps stay small.
  const durationOf = new Map<string, ReturnType<typeof duration.labels>>();
  const countOf = new Map<string, ReturnType<typeof requests.labels>>();
  /** Counts and times every request the server answers (the fast paths' too), from `observeRequests`. */
  const observe = ({ route, status, seconds }: RequestObservation) => {
    let timer = durationOf.get(route);
    if (!timer) durationOf.set(route, (timer = duration.labels(route)));
    timer.observe(seconds);
    const key = `${status} ${route}`;
    let counter = countOf.get(key);
    if (!counter) countOf.set(key, (counter = requests.labels(route, String(status))));
    counter.inc();
  };

  return { registry, observe, observeBankId };
}

const API_ROUTES = new Set<string>([
  ...Object.keys(FUNCTION_CALLERS),
  'session',
  'health',
  'getCopy',
  'getConcertStatus',
  'clientLog',
  'getBankIdQr',
  'abandonBankIDSession',
]);
const PAGE_ROUTES = new Set(['admin', 'sv', 'en', 'apps', 'metrics', 'remotes.json', 'sim', 'dev']);

/** A request's route as a closed label (a callable's name, else the first path segment), never the raw path. */
export function routeOf(path: string): string {
  const [, first = '', second = ''] = path.split('/');
  if (first === '') return 'root';
  if (first === 'api') return API_ROUTES.has(second) ? `api/${second}` : 'api/other';
  return PAGE_ROUTES.has(first) ? first : 'other';
}
export type Metrics = ReturnType<typeof createMetrics>;
