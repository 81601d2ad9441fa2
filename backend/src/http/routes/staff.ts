import Router from '@koa/router';
import type { StaffAuthConfig } from '@concert/shared/api';

/**
 * GET /staffAuthConfig → {authority, clientId, scopes, protocolMode, knownAuthorities}: what
 * the browser configures MSAL with, so the built apps need no sign-in settings of their own
 * (the dev IdP's port, or the production tenant, is known only to the server).
 */
export function staffAuthConfigRoutes(config: StaffAuthConfig): Router {
  const router = new Router();
  router.get('/staffAuthConfig', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = config;
  });
  return router;
}
