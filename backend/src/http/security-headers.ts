import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Middleware } from 'koa';

export type HeaderList = readonly (readonly [string, string])[];

export interface SecurityHeaders {
  /** Every response but the simulators' pages. */
  withCsp: HeaderList;
  /** The simulators' and dev IdP's pages, which set their own policy. */
  withoutCsp: HeaderList;
  /**
   * Staff pages (/admin/…): the same policy, and the door's scanner may compile its own
   * WebAssembly ('wasm-unsafe-eval': compiling, never eval of script) and run the door's
   * service worker from this origin.
   */
  withAdminCsp: HeaderList;
}

/**
 * Security headers on every response (helmet): a CSP without inline script (the apps load
 * only their own bundles; remotes deployed elsewhere and the staff sign-in authority are
 * allowed by origin), no framing, nosniff, no referrer (scan URLs carry ticket ids), HSTS in
 * production. Inline styles stay allowed: React style attributes and the shell's critical CSS.
 *
 * The headers depend only on the configuration, so helmet computes them once at start-up and
 * each response just copies the list (helmet's per-request middleware chain cost about a
 * tenth of the server's CPU per getConcertStatus under the rush).
 */
export function securityHeaderLists(options: {
  production: boolean;
  remoteOrigins: string[];
  staffAuthority: string;
}): SecurityHeaders {
  const authority = new URL(options.staffAuthority).origin;
  const everywhere = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Remotes' bundles and manifests are fetched cross-origin when deployed separately.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const directives = {
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
  };
  const csp = helmet.contentSecurityPolicy({ useDefaults: false, directives });
  const adminCsp = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      ...directives,
      scriptSrc: [...directives.scriptSrc, "'wasm-unsafe-eval'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
    },
  });
  const withoutCsp = headersSetBy(everywhere);
  return {
    withCsp: [...withoutCsp, ...headersSetBy(csp)],
    withoutCsp,
    withAdminCsp: [...withoutCsp, ...headersSetBy(adminCsp)],
  };
}

export function securityHeaders(lists: SecurityHeaders): Middleware {
  return async (ctx, next) => {
    const list = ctx.path.startsWith('/sim/')
      ? lists.withoutCsp
      : ctx.path === '/admin' || ctx.path.startsWith('/admin/')
        ? lists.withAdminCsp
        : lists.withCsp;
    for (const [name, value] of list) ctx.res.setHeader(name, value);
    await next();
  };
}

/** The headers a helmet middleware sets on a response (they do not depend on the request). */
function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return [...headers];
}
