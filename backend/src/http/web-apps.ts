import { stat } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { FIRST_PAINT_FILE, paintedLayoutSchema, paintedPagesSchema } from '@concert/shared/first-paint';
import type { Answers } from '@concert/shared/api';
import { builtJson, deployedPages, firstPaintTemplates } from './built-files.js';
import { sendPage, shellPageWithBootData, type BootData } from './shell-page.js';
import { acceptedEncoding, flatHeaders, sendPrepared } from './public-reads.js';
import { requestIdOf } from './request-log.js';
import type { HeaderList } from './security-headers.js';
import { paintedTicket } from './ticket-paint.js';

export type { BootData } from './shell-page.js';

/** Each front-end app's build and the URL prefix it is served under; remotes can also be deployed elsewhere (REMOTES_JSON). */
export const WEB_APPS = [
  { name: 'visitor_flow', dir: 'visitor-flow', prefix: '/apps/visitor-flow/' },
  { name: 'admin_console', dir: 'admin-console', prefix: '/apps/admin-console/' },
  { name: 'copy_editor', dir: 'copy-editor', prefix: '/apps/copy-editor/' },
] as const;

export function defaultRemotes(): Record<string, string> {
  return Object.fromEntries(WEB_APPS.map((a) => [a.name, `${a.prefix}mf-manifest.json`]));
}

/**
 * Caching, for browsers and a CDN in front (docs/operations.md, "A CDN in front"). A build names its assets by
 * content (`[name].[contenthash:8].js`, and their maps): such a name never changes content, so
 * it is cached for a year and never revalidated. Anything else (remoteEntry.js, the manifests,
 * first-paint.json, a file a build adds without a hash) may change with the next release of that
 * app: caches keep it 30 s (CDN) and browsers ask each time (cheap: Last-Modified, 304), so a
 * released remote is picked up within half a minute. index.html and the door's service worker
 * and web manifest are never stored stale. The served path may be a precompressed copy (.br,
 * .gz) of the file asked for.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(?:\.map)?(?:\.br|\.gz)?$/;
const NEVER_STALE = /^(?:index\.html|door-sw\.js|door\.webmanifest)(?:\.br|\.gz)?$/;
export const ASSET_CACHE = {
  hashed: 'public, max-age=31536000, immutable',
  release: 'public, max-age=0, s-maxage=30, must-revalidate',
  /** The staff's pages, index.html and remotes.json (configuration): never stored stale. */
  page: 'no-cache',
  /**
   * A visitor page (its copy and the status inlined, the same for everyone): the browser asks
   * each time (ETag: a 304 when unchanged), a CDN or the reference nginx may keep it a second
   * (nginx hands it out a moment longer while one request asks again). No stale-while-revalidate:
   * a browser would show a page older than the change a visitor has just been told of.
   */
  visitorPage: 'public, max-age=0, s-maxage=1',
} as const;
/** The door's service worker (admin console) controls the door page only, which lies outside its folder. */
const DOOR_SERVICE_WORKER = /(?:^|\/)door-sw\.js(?:\.br|\.gz)?$/;

interface WebAppOptions {
  publicUrl?: string;
  /** The confirmed ticket of a door code (getTicket's answer), null when unknown or not to be read now. */
  ticketOf?: (code: string, address: string) => Promise<Answers['getTicket'] | null>;
}

/** The built apps as Koa middleware (see `webAppPages`). */
export function webApps(
  root: string,
  remotes: Record<string, string>,
  bootData?: BootData,
  options: WebAppOptions = {},
): Middleware {
  return webAppPages(root, remotes, bootData, options).middleware;
}

/**
 * Serves the built apps as `npm start` deploys them: each remote's dist under its prefix, the
 * shell at the root with its index.html for every client-side route, and `remotes.json`, the
 * runtime map the shell loads remotes from (`middleware`); and the start pages before Koa
 * (`startPages`), from the same prepared pages.
 */
export function webAppPages(
  root: string,
  remotes: Record<string, string>,
  bootData: BootData | undefined,
  { publicUrl, ticketOf }: WebAppOptions = {},
) {
  const shellDist = path.join(root, 'shell', 'dist');
  const paint = firstPaintTemplates(
    builtJson(path.join(shellDist, FIRST_PAINT_FILE), paintedLayoutSchema),
    remotes.visitor_flow === defaultRemotes().visitor_flow
      ? builtJson(path.join(root, 'visitor-flow', 'dist', FIRST_PAINT_FILE), paintedPagesSchema)
      : deployedPages(remotes.visitor_flow),
  );
  const shellPage = shellPageWithBootData(path.join(shellDist, 'index.html'), remotes, bootData, paint);
  // A shared link's card needs absolute URLs: the site's public address (PUBLIC_URL), else the one asked for.
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  const middleware: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/dev/')) return next();
    if (ctx.path === '/remotes.json') {
      ctx.set('Cache-Control', ASSET_CACHE.page);
      ctx.body = remotes;
      return;
    }
    const app = WEB_APPS.find((a) => ctx.path.startsWith(a.prefix));
    const dist = app ? path.join(root, app.dir, 'dist') : shellDist;
    const file = app ? ctx.path.slice(app.prefix.length) : ctx.path.slice(1);
    const setHeaders = (res: { setHeader(n: string, v: string): void }, served: string) => {
      const name = path.basename(served);
      res.setHeader(
        'Cache-Control',
        CONTENT_HASHED.test(name)
          ? ASSET_CACHE.hashed
          : NEVER_STALE.test(name)
            ? ASSET_CACHE.page
            : ASSET_CACHE.release,
      );
      res.setHeader('Vary', 'Accept-Encoding'); // a .br or .gz copy may have been sent
      if (app) res.setHeader('Access-Control-Allow-Origin', '*');
      if (app?.name === 'admin_console' && DOOR_SERVICE_WORKER.test(served))
        res.setHeader('Service-Worker-Allowed', '/admin/door');
    };
    // The shell's routes have no extension, its files all have one: a page load costs no failed stat (a sixth of its CPU).
    if (file && (app || path.extname(file)) && (await isFile(dist, file))) {
      await send(ctx, file, { root: dist, setHeaders });
      return;
    }
    if (app || path.extname(file)) return next(); // a missing asset is a 404, not the shell
    if (ctx.path === '/') {
      // CONTRACT.md §3: `/` redirects to `/sv/` (the query kept), in HTTP too, not only once the shell runs.
      ctx.set('Cache-Control', ASSET_CACHE.page);
      ctx.redirect(`/sv/${ctx.search}`);
      return;
    }
    ctx.set('Cache-Control', ctx.path.startsWith('/admin') ? ASSET_CACHE.page : ASSET_CACHE.visitorPage);
    // A visitor's ticket page holds its door code in the address, and is that person's ticket:
    // never stored by any cache but the browser's own worker, never indexed (issue 29). The
    // ticket is painted into it, QR code and all, when its code is a confirmed ticket's (issue 40 §6).
    const ticketCode = TICKET_PAGE.exec(ctx.path)?.[2];
    if (ticketCode !== undefined) {
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', 'no-referrer');
    }
    const ticket = ticketCode && ticketOf ? await ticketOf(ticketCode, ctx.ip) : null;
    ctx.type = 'html';
    await sendPage(
      ctx,
      await shellPage(
        ctx.path,
        fixedOrigin ?? `${ctx.protocol}://${ctx.host}`,
        ticketCode === undefined ? undefined : ticket && (await paintedTicket(ticket)),
      ),
      { validator: ticketCode === undefined },
    );
  };

  /**
   * GET and HEAD of the start pages, `/sv/` and `/en/` (without a query), before Koa: the page
   * every arrival loads, made once per change (shell-page.ts), sent with one `writeHead` and the
   * headers Koa would send (security headers, the visitor page's caching, its ETag). Anything
   * else, or a page that cannot be made (no build), goes on to `next`.
   */
  function startPages(securityHeaders: HeaderList, next: RequestListener): RequestListener {
    const headers = flatHeaders([
      ...securityHeaders,
      ['Content-Type', 'text/html; charset=utf-8'],
      ['Cache-Control', ASSET_CACHE.visitorPage],
      ['Vary', 'Accept-Encoding'],
    ]);
    return (req, res) => {
      const url = req.url;
      if ((url !== '/sv/' && url !== '/en/') || (req.method !== 'GET' && req.method !== 'HEAD'))
        return next(req, res);
      // As Koa's ctx.protocol and ctx.host read them (no proxy trusted for either).
      const origin =
        fixedOrigin ??
        `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${req.headers.host ?? ''}`;
      shellPage(url, origin)
        .then(
          (page) =>
            sendPrepared(
              req,
              res,
              page,
              headers,
              requestIdOf(req),
              acceptedEncoding(req.headers['accept-encoding']),
            ),
          () => next(req, res),
        )
        .catch(() => res.destroy());
    };
  }

  return { middleware, startPages };
}

/** The visitor's ticket page, `/{lang}/ticket/<door code>` (visitor-flow's TicketPage). */
const TICKET_PAGE = /^\/(sv|en)\/ticket\/([^/]*)/;

async function isFile(root: string, relative: string): Promise<boolean> {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(root + path.sep)) return false;
  try {
    return (await stat(resolved)).isFile();
  } catch {
    return false;
  }
}
