import Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Sql } from './db/connect.js';
import { callableRoutes, type Authenticate, type Callables } from './http/callable.js';
import { errorHandler } from './http/error-handler.js';
import { notFound } from './http/errors.js';
import { createStaffAuthenticator } from './http/staff-auth.js';
import { requireVisitor } from './http/visitor-auth.js';
import { webApps } from './http/web-apps.js';
import type { StaffIdentity } from './integrations/identity/index.js';
import { clientLogRoutes } from './modules/client-log/routes.js';
import { concertRoutes } from './modules/concert/routes.js';
import type { ConcertStatusReader } from './modules/concert/status.js';
import { copyRoutes } from './modules/copy/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { sessionRoutes } from './modules/session/routes.js';
import type { SessionTokens } from './modules/session/tokens.js';
import { staffAuthConfigRoutes } from './modules/staff/routes.js';

export interface AppDeps {
  config: Config;
  sql: Sql;
  log: Logger;
  tokens: SessionTokens;
  concertStatus: ConcertStatusReader;
  callables: Callables;
  /** Staff sign-in: token verification and the browser's MSAL settings. */
  staff: Pick<StaffIdentity, 'verify' | 'publicConfig'>;
  /** Where the built front-end apps live; unset in API tests. */
  webRoot?: string;
  remotes?: Record<string, string>;
  /** Demo mode: simulators and the dev mailbox, served next to the product. */
  demoRoutes?: Router[];
}

/** The Koa app from its dependencies; `server.ts` listens, tests mount `app.callback()`. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: deps.config.production });
  app.use(errorHandler(deps.log));
  app.use(requestLog(deps.log));

  const authenticateStaff = createStaffAuthenticator({
    sql: deps.sql,
    verify: deps.staff.verify,
    allowedDomains: deps.config.adminAllowedDomains,
    copyAdminEmails: deps.config.staff.copyAdminEmails,
  });
  const authenticate: Authenticate = async (ctx, audience) =>
    audience === 'visitor' ? requireVisitor(ctx, deps.tokens) : authenticateStaff(ctx, audience);

  const api = new Router({ prefix: '/api' });
  for (const router of [
    healthRoutes(deps.sql),
    sessionRoutes(deps.tokens),
    concertRoutes(deps.concertStatus),
    copyRoutes(deps.sql),
    clientLogRoutes(deps.sql, deps.log),
    staffAuthConfigRoutes(deps.staff.publicConfig),
    callableRoutes(deps.callables, authenticate),
  ]) {
    api.use(router.routes(), router.allowedMethods());
  }
  app.use(api.routes());
  for (const router of deps.demoRoutes ?? []) app.use(router.routes()).use(router.allowedMethods());
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') throw notFound();
    await next();
  });
  if (deps.webRoot) app.use(webApps(deps.webRoot, deps.remotes ?? {}));
  return app;
}

function requestLog(log: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // ctx.path only: query strings and bodies may hold personal data.
      log.debug({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  };
}
