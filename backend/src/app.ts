import type { IncomingMessage, RequestListener } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Sql } from './db/connect.js';
import type { Callables } from './callables.js';
import { clientAddress, clientAddressOf } from './http/client-address.js';
import { routeOf, type Metrics } from './http/metrics.js';
import {
  errorFields,
  isClientAbort,
  observeRequests,
  requestIdOf,
  withRequestIdHeader,
} from './http/request-log.js';
import { callableListener, type Authenticate } from './http/callable.js';
import { jsonAnswers } from './http/json-answers.js';
import { errorHandler } from './http/error-handler.js';
import { notFound } from './errors.js';
import { createStaffAuthenticator } from './http/staff-auth.js';
import { requireVisitor, requireVisitorSession } from './http/visitor-auth.js';
import {
  createRateLimiter,
  RATE_LIMITS,
  rateLimited,
  takeOrRefuse,
  type RateLimiter,
  type RateLimitStore,
  rateLimitAddressKey,
} from './http/rate-limit.js';
import { securityHeaderLists, securityHeaders } from './http/security-headers.js';
import { statusFastPath } from './http/status-fast-path.js';
import { webAppPages } from './http/web-apps.js';
import { ticketPageReader } from './http/ticket-paint.js';
import type { FunctionName } from '@concert/shared/api';
import type { StaffIdentity } from './integrations/identity/index.js';
import type { StaffMember } from './modules/staff/identity.js';
import { clientLogRoutes } from './http/routes/client-log.js';
import type { PersonalDataProtector } from './privacy/personal-data.js';
import { bankIdAbandonRoutes } from './http/routes/bankid.js';
import { bankIdQrFastPath, bankIdQrRoutes } from './http/bankid-qr.js';
import type { BankIdService } from './modules/bankid/service.js';
import { createClientLogService } from './modules/client-log/service.js';
import { concertRoutes } from './http/routes/concert.js';
import type { ConcertStatusReader } from './modules/concert/status.js';
import type { CopyReader } from './modules/copy/reader.js';
import { copyRoutes } from './http/routes/copy.js';
import { expectedMigrationVersion } from './db/migrate.js';
import { healthRoutes } from './http/routes/health.js';
import { createSessionProofOfWork } from './modules/session/proof-of-work.js';
import { sessionListener, sessionOfCallLimited } from './http/routes/session.js';
import { createSessionOfCall, createSessionOpener } from './modules/session/open.js';
import type { SessionTokens } from './modules/session/tokens.js';
import { staffAuthConfigRoutes } from './http/routes/staff.js';
import { autogiroFileRoutes } from './http/routes/autogiro-files.js';
import type { MandateService } from './modules/mandates/service.js';
import { exportRoutes } from './http/routes/exports.js';
import type { ExportService } from './modules/exports/service.js';

export interface AppDeps {
  config: Config;
  sql: Sql;
  log: Logger;
  tokens: SessionTokens;
  concertStatus: ConcertStatusReader;
  /** The copy pages inline, cached briefly. */
  copy: CopyReader;
  callables: Callables;
  /** The Autogiro files (plain routes: downloads and uploads). */
  mandates?: MandateService;
  /** BankID orders a page abandons (POST /api/abandonBankIDSession, sendBeacon) and the QR code's frames (GET /api/getBankIdQr). */
  bankId?: Pick<BankIdService, 'abandon' | 'qrFrames'>;
  /** Staff sign-in: token verification and the browser's MSAL settings. */
  staff: Pick<StaffIdentity, 'verify' | 'publicConfig'>;
  /** Where the built front-end apps live; unset in API tests. */
  webRoot?: string;
  remotes?: Record<string, string>;
  /** Demo mode: simulators and the dev mailbox, served next to the product. */
  demoRoutes?: Router[];
  /** Set once the process begins to stop: readiness turns 503 at once. */
  lifecycle?: { stopping: boolean };
  /** Where rate limits count: shared by every process (Redis), or this process only. */
  rateLimitStore?: RateLimitStore;
  /** Prometheus metrics (created before the integrations, whose BankID client reports to them). */
  metrics: Metrics;
  /** The office's downloads (GET /api/exports/…). */
  exports?: ExportService;
  /** Opens the session's sealed sign-up, whose names a client log is redacted of. */
  protector?: Pick<PersonalDataProtector, 'unseal'>;
}

/** The app from its dependencies, as the server's request listener (compose.ts listens). */
export function createApp(deps: AppDeps): RequestListener {
  const headers = securityHeaderLists({
    production: deps.config.production,
    remoteOrigins: remoteOrigins(deps.remotes ?? {}),
    staffAuthority: deps.staff.publicConfig.authority,
  });
  const metrics = deps.metrics;
  const limits = rateLimiters(deps.config.rateLimitScale, deps.rateLimitStore);
  const pages = deps.webRoot
    ? webAppPages(
        deps.webRoot,
        deps.remotes ?? {},
        async (lang) => ({
          // The shell offers test mode only where this says demo (never in production).
          demo: deps.config.demo,
          copy: await deps.copy.forLang(lang),
          concertStatus: await deps.concertStatus.read(),
        }),
        {
          publicUrl: deps.config.publicUrl,
          ticketOf: ticketPageReader(deps.callables.getTicket, limits.ticketPagePerAddress),
        },
      )
    : undefined;
  const authenticateStaff = createStaffAuthenticator({
    sql: deps.sql,
    verify: deps.staff.verify,
    allowedDomains: deps.config.adminAllowedDomains,
    copyAdminEmails: deps.config.staff.copyAdminEmails,
    officeEmails: deps.config.staff.officeEmails,
    doorEmails: deps.config.staff.doorEmails,
  });
  const pow = createSessionProofOfWork({
    sql: deps.sql,
    secret: deps.tokens.proofOfWorkKey,
    maxNumber: deps.config.sessionPowMaxNumber,
  });
  const koa = createKoaApp(deps, {
    headers,
    metrics,
    limits,
    authenticateOffice: async (authorization) => (await authenticateStaff(authorization, 'office')).staff!,
    webAppMiddleware: pages?.middleware,
  }).callback();
  const addressOf = clientAddressOf(deps.config.trustedProxies);
  const addressKeyOf = (req: IncomingMessage) => rateLimitAddressKey(addressOf(req));
  const answer = jsonAnswers(headers.withCsp, deps.log);
  const authenticate: Authenticate = async (authorization, audience) => {
    if (audience !== 'visitor') return authenticateStaff(authorization, audience);
    const { uid, startedAt } = await requireVisitorSession(authorization, deps.tokens);
    return { callerId: uid, sessionStartedAt: startedAt };
  };
  // The API calls every arrival makes (the session, the callable functions) before Koa: Koa then
  // serves the rest of the API, the demo's routes and the apps' files.
  const sessionLimit = { perAddress: limits.sessionPerAddress, keyOf: addressKeyOf };
  const api = sessionListener(
    { open: createSessionOpener({ sql: deps.sql, tokens: deps.tokens, pow }), pow },
    { ...sessionLimit, challengePerAddress: limits.sessionChallengePerAddress },
    answer,
    callableListener(
      deps.callables,
      {
        authenticate,
        openSession: sessionOfCallLimited(createSessionOfCall({ tokens: deps.tokens, pow }), sessionLimit),
        addressOf,
        beforeCall: (name, address, callerId) =>
          limitCall(limits, name, rateLimitAddressKey(address), callerId),
        answer,
      },
      withRequestIdHeader(
        deps.bankId
          ? bankIdQrFastPath(
              deps.bankId.qrFrames,
              deps.tokens,
              { perSession: limits.bankIdQrPerSession, perAddress: limits.bankIdQrPerAddress },
              headers.withCsp,
              addressKeyOf,
              koa,
            )
          : koa,
      ),
    ),
  );
  // Outermost: every request (the fast paths' too) gets its id, its access-log line and its count.
  // Then the public reads from prepared bytes (http/public-reads.ts), then the API calls above.
  return observeRequests(
    { log: deps.log, trustedProxies: deps.config.trustedProxies, routeOf, observe: metrics.observe },
    statusFastPath(deps.concertStatus, headers.withCsp, pages ? pages.startPages(headers.withCsp, api) : api),
  );
}

function createKoaApp(
  deps: AppDeps,
  {
    headers,
    metrics,
    limits,
    authenticateOffice,
    webAppMiddleware,
  }: {
    headers: ReturnType<typeof securityHeaderLists>;
    metrics: Metrics;
    limits: ReturnType<typeof rateLimiters>;
    authenticateOffice: (authorization: string | undefined) => Promise<StaffMember>;
    webAppMiddleware: Koa.Middleware | undefined;
  },
): Koa {
  // Koa's own proxy trust takes the left-most X-Forwarded-For (the client's choice); clientAddress reads it from the right.
  const app = new Koa({ proxy: false });
  // What Koa itself reports (a failure after the answer began, e.g. a download the client
  // aborted): one pino line, never Koa's default multi-line stack on stderr.
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    const reqId = ctx ? requestIdOf(ctx.req) : undefined;
    if (isClientAbort(err)) deps.log.debug({ reqId, error: errorFields(err) }, 'client went away');
    else deps.log.error({ reqId, error: errorFields(err) }, 'response failed');
  });
  app.use(clientAddress(deps.config.trustedProxies));
  app.use(errorHandler(deps.log));
  app.use(metricsEndpoint(metrics, deps.config));
  app.use(securityHeaders(headers));

  const api = new Router({ prefix: '/api' });
  for (const router of [
    healthRoutes(deps.sql, {
      expectedMigration: expectedMigrationVersion,
      stopping: () => deps.lifecycle?.stopping ?? false,
    }),
    concertRoutes(deps.concertStatus),
    copyRoutes(deps.sql),
    clientLogRoutes(
      createClientLogService({ sql: deps.sql, log: deps.log, protector: deps.protector }),
      deps.tokens,
      rateLimited(limits.clientLogPerAddress, byAddress),
    ),
    staffAuthConfigRoutes(deps.staff.publicConfig),
    ...(deps.exports
      ? [exportRoutes(deps.exports, (ctx) => authenticateOffice(ctx.get('authorization')))]
      : []),
    ...(deps.bankId
      ? [
          bankIdAbandonRoutes(deps.bankId, deps.tokens),
          bankIdQrRoutes(
            deps.bankId.qrFrames,
            deps.tokens,
            {
              perSession: limits.bankIdQrPerSession,
              perAddress: limits.bankIdQrPerAddress,
              lookupsPerSession: limits.bankIdQrLookupsPerSession,
            },
            { requireVisitor },
          ),
        ]
      : []),
    ...(deps.mandates
      ? [
          autogiroFileRoutes(deps.mandates, {
            authenticate: (ctx) => authenticateOffice(ctx.get('authorization')),
          }),
        ]
      : []),
  ]) {
    api.use(router.routes());
  }
  app.use(api.routes()).use(api.allowedMethods());
  for (const router of deps.demoRoutes ?? []) app.use(router.routes()).use(router.allowedMethods());
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') throw notFound();
    await next();
  });
  if (webAppMiddleware) app.use(webAppMiddleware);
  return app;
}

/** Origins of remotes deployed elsewhere (absolute manifest URLs), for the CSP. */
function remoteOrigins(remotes: Record<string, string>): string[] {
  return [
    ...new Set(
      Object.values(remotes)
        .filter((u) => /^https?:\/\//.test(u))
        .map((u) => new URL(u).origin),
    ),
  ];
}

const byAddress = (ctx: Koa.Context) => rateLimitAddressKey(ctx.ip);

/**
 * Limits counted in each process's memory even where Redis is shared: the QR code's frames, asked
 * once a second by every page showing one, cost only CPU (no database); a round trip to Redis per
 * frame would cost more than the frame. With N processes a script gets N times the limit at most.
 */
const IN_PROCESS_LIMITS = new Set<string>(['bankIdQrPerSession', 'bankIdQrPerAddress']);

function rateLimiters(scale: number, store: RateLimitStore | undefined) {
  return Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, l]) => [
      name,
      createRateLimiter(
        name,
        { limit: Math.max(1, Math.round(l.limit * scale)), windowMs: l.windowMs },
        IN_PROCESS_LIMITS.has(name) ? { kind: 'memory' } : store,
      ),
    ]),
  ) as Record<keyof typeof RATE_LIMITS, RateLimiter>;
}

/** Per-function limits: BankID starts and queue joins, per session and per address. */
async function limitCall(
  limits: ReturnType<typeof rateLimiters>,
  name: FunctionName,
  address: string,
  callerId: string,
): Promise<void> {
  const perCall: Partial<Record<FunctionName, [RateLimiter, RateLimiter]>> = {
    register: [limits.registerPerSession, limits.registerPerAddress],
    startBankIDAuth: [limits.bankIdStartPerSession, limits.bankIdStartPerAddress],
    startBankIDSign: [limits.bankIdStartPerSession, limits.bankIdStartPerAddress],
    enterQueue: [limits.enterQueuePerSession, limits.enterQueuePerAddress],
    saveFlow: [limits.saveFlowPerSession, limits.saveFlowPerAddress],
    sendContactMessage: [limits.contactPerSession, limits.contactPerAddress],
    getTicket: [limits.ticketPagePerSession, limits.ticketPagePerAddress],
  };
  const [perSession, perAddress] = perCall[name] ?? [];
  if (perSession) await takeOrRefuse(perSession, callerId);
  if (perAddress) await takeOrRefuse(perAddress, address);
}

/**
 * GET /metrics in Prometheus' text format: open in demo mode; in production only with
 * `Authorization: Bearer <METRICS_TOKEN>` (unset: not served), as it tells how the sale goes.
 */
function metricsEndpoint(metrics: Metrics, config: Config): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    const allowed =
      config.demo ||
      (config.metricsToken !== undefined && ctx.get('authorization') === `Bearer ${config.metricsToken}`);
    if (!allowed) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
