import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { openRateLimitStore } from './http/rate-limit.js';
import type { Config } from './config.js';
import { poolStatsOf, type Sql } from './db/connect.js';
import { createMetrics } from './http/metrics.js';
import { saleSnapshot } from './modules/concert/queries.js';
import { defaultRemotes } from './http/web-apps.js';
import { createIntegrations, type Integrations } from './integrations/index.js';
import {
  BankIdCredentialError,
  bankIdCredentialFiles,
  hasBankIdCredentials,
  loadBankIdCredentials,
} from './integrations/bankid/rp-certificate.js';
import { bankIdTestServiceInUse } from './config/production.js';
import { createMailTransport } from './integrations/mail/transport.js';
import { startOutboxWorker } from './modules/outbox/worker.js';
import { startQueueSweeper } from './modules/queue/offering.js';
import type { QueueOfferService } from './modules/queue/offers.js';
import type { SessionTokens } from './modules/session/tokens.js';
import type { PersonalDataProtector } from './privacy/personal-data.js';
import { createCopyReader } from './modules/copy/reader.js';
import { createConcertStore } from './modules/concert/store.js';
import { ticketScopeOf } from './modules/concert/terms.js';
import { createDomain } from './domain.js';
import { startPeriodic } from './periodic.js';

export interface RunningApp {
  server: Server;
  baseUrl: string;
  integrations: Integrations;
  outbox: ReturnType<typeof startOutboxWorker>;
  /** The waiting list's offers (tests sweep by hand). */
  queueOffers: QueueOfferService;
  /** The office's services (tests drive the mail-out and erasure ticks themselves). */
  office: ReturnType<typeof createDomain>['office'];
  /** `stopping` turns readiness 503 (close() sets it first). */
  lifecycle: { stopping: boolean };
  /**
   * Stops gracefully: readiness 503 at once, no new connections, requests in flight finish
   * (idle keep-alive connections are closed now, busy ones after their answer), and whatever is
   * still open after `graceMs` is cut. Then the outbox worker finishes its batch.
   */
  close(options?: { graceMs?: number }): Promise<{ cut: number }>;
}

/**
 * Puts the product together on a listening HTTP server: the server listens first, because in
 * demo mode the simulators live on it and the clients reach them over HTTP at its address.
 */
export async function startApp(deps: {
  config: Config;
  sql: Sql;
  log: Logger;
  tokens: SessionTokens;
  protector: PersonalDataProtector;
  webRoot?: string;
  /** Tests drive the outbox worker themselves. */
  outboxAutoStart?: boolean;
  /** Tests sweep the waiting list themselves, with their own clock. */
  queueSweepAutoStart?: boolean;
  now?: () => Date;
  /** The mail-out and erasure schedules (default: as the outbox worker). */
  schedulersAutoStart?: boolean;
}): Promise<RunningApp> {
  const { config, sql, log } = deps;
  // BankID's certificate and root are proven before the port opens: a file OpenSSL refuses stops
  // the start with its cause and nothing ever answers 503 for it (or holds the port).
  const bankIdCredentials = hasBankIdCredentials(config)
    ? await loadBankIdCredentials(bankIdCredentialFiles(config))
    : undefined;
  const bankIdTls = bankIdCredentials?.tls;
  // BankID's public test service lets anyone be anyone: production refuses it unless allowed by name (issue 39 §7).
  const testService = config.production
    ? bankIdTestServiceInUse(config.bankId, bankIdCredentials?.summary)
    : [];
  if (testService.length && !config.bankId.allowTestService)
    throw new BankIdCredentialError(
      `Production mode refuses BankID's public test service (${testService.join('; ')}): anyone can make a test BankID for any personal number. Use the organisation's production certificate and BankID's production root, or set BANKID_ALLOW_TEST_SERVICE=true to run against the test service on purpose.`,
    );
  if (testService.length)
    log.error(
      { bankIdTestService: testService },
      "BANKID_ALLOW_TEST_SERVICE=true: PRODUCTION IS USING BANKID'S PUBLIC TEST SERVICE. Anyone can identify and sign as any personal number. Never for real visitors.",
    );
  // Until the app is composed, requests get 503 (a request with no handler would hang).
  let handle: RequestListener = (_req, res) => {
    res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'application/json' }).end('{"ok":false}');
  };
  // Requests being answered: what a graceful stop waits for, and what it reports as cut.
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    handle(req, res);
  });
  server.requestTimeout = 30_000;
  // A balancer must close an idle connection before we do (else it may send on a closed one: 502).
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = config.keepAliveTimeoutMs + 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The current concert, held in memory and read again every few seconds (the office may change it).
  const concerts = createConcertStore(sql);
  await concerts.load();
  const metrics = createMetrics({
    readSale: () => saleSnapshot(sql, ticketScopeOf(concerts.current())),
    pool: poolStatsOf(sql),
  });
  const integrations = await createIntegrations(
    config,
    baseUrl,
    { bankId: metrics.observeBankId },
    bankIdTls,
  ).catch((err: unknown) => {
    // Nothing may hold the port of a start that failed (the staff identity, the mailbox).
    server.close();
    throw err;
  });
  const devIdp = integrations.staff.devIdp;
  if (devIdp)
    log.info(
      { issuer: devIdp.issuer },
      `work-account sign-in: dev IdP on ${devIdp.issuer} (self-signed: open it once in the browser to accept it)`,
    );
  const copy = createCopyReader(sql);
  const domain = createDomain({
    sql,
    config,
    concerts,
    integrations: integrations.visitor,
    protector: deps.protector,
    onCopyChanged: () => {
      copy.invalidate();
      // The concert's `{{admission}}` is made from two copy texts.
      concerts.reload().catch(() => {});
    },
    now: deps.now,
    log,
  });
  const lifecycle = { stopping: false };
  const rateLimitStore = openRateLimitStore({
    ...config.rateLimitStore,
    onUnreachable: (message) =>
      log.warn(
        { module: 'rate-limit', message },
        'rate-limit store (Redis) unreachable: limits count in this process until it is back',
      ),
  });
  // Connected (or given up on, after 3 s) before the app counts its first request.
  await rateLimitStore.ready;
  const app = createApp({
    config,
    sql,
    log,
    tokens: deps.tokens,
    concertStatus: domain.concertStatus,
    copy,
    callables: domain.callables,
    mandates: domain.mandates,
    bankId: domain.bankId,
    staff: integrations.staff,
    webRoot: deps.webRoot,
    exports: domain.office.exports,
    remotes: config.remotes ?? defaultRemotes(),
    demoRoutes: integrations.demoRoutes,
    lifecycle,
    rateLimitStore,
    metrics,
    protector: deps.protector,
  });
  handle = app;
  const outbox = startOutboxWorker({
    sql,
    transport: createMailTransport({ smtpUrl: integrations.smtpUrl }),
    from: config.mail.from,
    publicUrl: config.publicUrl,
    protector: deps.protector,
    log: log.child({ module: 'outbox' }),
    autoStart: deps.outboxAutoStart ?? true,
  });
  const queueLog = log.child({ module: 'queue' });
  const sweeper =
    (deps.queueSweepAutoStart ?? true)
      ? startQueueSweeper(domain.queueOffers, config.queueSweepMs, (err) =>
          queueLog.error({ err: (err as Error)?.message }, 'queue sweep failed'),
        )
      : undefined;
  // The office's schedules: the ticket mail-out and the erasure of the sale's personal data.
  const schedules =
    (deps.schedulersAutoStart ?? deps.outboxAutoStart ?? true)
      ? [
          startPeriodic('mailout', async () => void (await domain.office.mailout.tick()), {
            everyMs: 5000,
            log,
          }),
          startPeriodic('erasure', async () => void (await domain.office.retention.tick()), {
            everyMs: 60_000,
            log,
          }),
        ]
      : [];
  return {
    server,
    baseUrl,
    integrations,
    outbox,
    queueOffers: domain.queueOffers,
    office: domain.office,
    lifecycle,
    async close({ graceMs = 0 } = {}) {
      lifecycle.stopping = true;
      // Answers still to come close their connection after them (no new request on it).
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let cut = 0;
      const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
      if ((await Promise.race([closed.then(() => 'done' as const), deadline])) === 'late') {
        cut = inFlight.size;
        server.closeAllConnections();
        await closed;
      }
      await sweeper?.stop();
      await Promise.all(schedules.map((s) => s.stop()));
      await outbox.stop();
      await integrations.close();
      await rateLimitStore.close();
      return { cut };
    },
  };
}
