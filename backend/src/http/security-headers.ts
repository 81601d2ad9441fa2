import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * Security headers on every response (helmet): a CSP without inline script (the apps load
 * only their own bundles; remotes deployed elsewhere and the staff sign-in authority are
 * allowed by origin), no framing, nosniff, no referrer (scan URLs carry ticket ids), HSTS in
 * production. Inline styles stay allowed: React style attributes and the shell's critical CSS.
 */
export function securityHeaders(options: { production: boolean; remoteOrigins: string[]; staffAuthority: string }): Middleware {
  const authority = new URL(options.staffAuthority).origin;
  const csp = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...options.remoteOrigins],
      styleSrc: ["'self'", "'unsafe-inline'", ...options.remoteOrigins],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", authority, ...options.remoteOrigins],
      frameSrc: [authority],
      formAction: ["'self'", authority],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  });
  const rest = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Remotes' bundles and manifests are fetched cross-origin when deployed separately.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  return async (ctx, next) => {
    // The simulators' and dev IdP's pages set their own policy.
    if (ctx.path.startsWith('/sim/')) return rest(ctx, next);
    return csp(ctx, () => rest(ctx, next));
  };
}
