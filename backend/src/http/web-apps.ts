import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Middleware, ParameterizedContext } from 'koa';
import send from 'koa-send';
import {
  FIRST_PAINT_FILE,
  firstPaintHtml,
  pageHead,
  paintedLayoutSchema,
  paintedPagesSchema,
  type PaintedLayout,
  type PaintedPages,
} from '@concert/shared/first-paint';
import { CONCERT_STATUSES, type ConcertStatus } from '@concert/shared/api';
import { isVisitorCopyKey, type Lang } from '@concert/shared/universal';
import type { z } from 'zod';

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
  /** The page (its copy and status inlined per request) and remotes.json (configuration): never stored stale. */
  page: 'no-cache',
} as const;
/** The door's service worker (admin console) controls the door page only, which lies outside its folder. */
const DOOR_SERVICE_WORKER = /(?:^|\/)door-sw\.js(?:\.br|\.gz)?$/;

/**
 * Serves the built apps as `npm start` deploys them: each remote's dist under its prefix, the
 * shell at the root with its index.html for every client-side route, and `remotes.json`, the
 * runtime map the shell loads remotes from.
 */
export function webApps(
  root: string,
  remotes: Record<string, string>,
  bootData?: BootData,
  { publicUrl }: { publicUrl?: string } = {},
): Middleware {
  const shellDist = path.join(root, 'shell', 'dist');
  const paint = firstPaintTemplates(
    builtJson(path.join(shellDist, FIRST_PAINT_FILE), paintedLayoutSchema),
    remotes.visitor_flow === defaultRemotes().visitor_flow
      ? builtJson(path.join(root, 'visitor-flow', 'dist', FIRST_PAINT_FILE), paintedPagesSchema)
      : deployedPages(remotes.visitor_flow),
  );
  const shellPage = shellPageWithBootData(path.join(shellDist, 'index.html'), remotes, bootData, paint);
  return async (ctx, next) => {
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
    ctx.set('Cache-Control', ASSET_CACHE.page);
    // A visitor's ticket page holds its door code in the address: never stored, never indexed (issue 29).
    if (TICKET_PAGE.test(ctx.path)) {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', 'no-referrer');
    }
    ctx.type = 'html';
    // A shared link's card needs absolute URLs: the site's public address (PUBLIC_URL), else the one asked for.
    await sendPage(
      ctx,
      await shellPage(ctx.path, publicUrl ? new URL(publicUrl).origin : `${ctx.protocol}://${ctx.host}`),
    );
  };
}

/** The visitor's ticket page, `/{lang}/ticket/<door code>` (visitor-flow's TicketPage). */
const TICKET_PAGE = /^\/(sv|en)\/ticket\//;

const compress = {
  br: (text: string) => promisify(brotliCompress)(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (text: string) => promisify(gzip)(text),
};

/** A page as made for one address, with its compressed copies made on first demand. */
interface RenderedPage {
  text: string;
  compressed: Partial<Record<keyof typeof compress, Promise<Buffer>>>;
}

/** Sends the page compressed as the browser accepts, each compressed copy made once per rendered page. */
async function sendPage(ctx: ParameterizedContext, page: RenderedPage): Promise<void> {
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') {
    ctx.body = page.text;
    return;
  }
  let compressed = page.compressed[encoding];
  if (!compressed) {
    compressed = page.compressed[encoding] = compress[encoding](page.text);
    compressed.catch(() => delete page.compressed[encoding]);
  }
  ctx.set('Content-Encoding', encoding);
  ctx.body = await compressed;
}

/** What the first paint needs, read on the server so the browser does not wait for it. */
export type BootData = (
  lang: Lang,
) => Promise<{ demo: boolean; copy: Record<string, string>; concertStatus: unknown }>;

/**
 * The shell's index.html with the page's first data inlined as a JSON data block (not script:
 * the CSP allows no inline script, and a JSON block is never executed): the runtime remote
 * map, the copy of the page's language and the concert status. Saves the first load the
 * round trips for remotes.json, getCopy and getConcertStatus, and a preload starts the visitor
 * flow's manifest at once. The copy is read per page load, so an editor's save shows next time.
 *
 * The start page and memberCheck are also painted into the page from that copy, with the apps'
 * styles inlined: visible (and the largest element painted) before any script has loaded. The
 * markup is what the shell and the visitor flow rendered when they were built (`first-paint.json`
 * in their dist); without it the page waits for the apps as any other.
 */
function shellPageWithBootData(
  indexFile: string,
  remotes: Record<string, string>,
  bootData: BootData | undefined,
  paint: () => Promise<FirstPaint | null>,
) {
  const template = builtFile(indexFile, (text) => text);
  const rendered = renderedPages();
  return async (pathname: string, origin: string): Promise<RenderedPage> => {
    const index = await template();
    if (index === null) throw new Error(`${indexFile} is missing`);
    const lang: Lang = pathname.startsWith('/en/') || pathname === '/en' ? 'en' : 'sv';
    const staffPage = pathname.startsWith('/admin');
    const whole = bootData ? await bootData(lang).catch(() => undefined) : undefined;
    // A visitor page carries the visitor's texts only: under half the copy, so the page's first
    // bytes (one round trip on a slow phone network) hold the whole painted page.
    const boot =
      whole && !staffPage
        ? { ...whole, copy: whole.copy && visitorCopy(whole.copy), visitorCopyOnly: true }
        : whole;
    const templates = boot?.copy ? await paint() : null;
    // Under a rush every visitor gets one of a handful of pages: each is made once per change of
    // what it is made of (the copy is read again each second), not per request (it was 1.4 ms of
    // server CPU per page load, most of a visitor's arrival).
    const inputs = [
      index,
      boot?.copy,
      templates,
      boot ? JSON.stringify([boot.demo, boot.concertStatus]) : '',
    ];
    return rendered(`${pathname}\n${origin}`, inputs, () => {
      const data: {
        remotes: Record<string, string>;
        lang: Lang;
        demo?: boolean;
        copy?: Record<string, string>;
        visitorCopyOnly?: boolean;
        concertStatus?: unknown;
      } = { remotes, lang, ...boot };
      // `<` escaped so no text can close the block.
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      const visitorManifest = remotes.visitor_flow;
      const concertStatus = statusOf(data.concertStatus);
      const holdMinutes = (data.concertStatus as { holdMinutes?: unknown } | undefined)?.holdMinutes;
      const painted =
        templates && data.copy
          ? firstPaintHtml(templates, {
              pathname,
              lang,
              copy: data.copy,
              concertStatus,
              holdMinutes: typeof holdMinutes === 'number' ? holdMinutes : undefined,
            })
          : null;
      const head =
        `<script type="application/json" id="boot-data">${json}</script>` +
        (visitorManifest && !staffPage
          ? `<link rel="preload" href="${escapeAttribute(visitorManifest)}" as="fetch" crossorigin="anonymous">`
          : '') +
        (painted && templates ? `<style>${templates.css}</style>` : '');
      let html = index
        .replace('</head>', `${head}</head>`)
        .replace('<html lang="sv">', `<html lang="${lang}">`);
      // The tab's title in the page's language, and the card a shared link shows (visitor pages).
      if (data.copy && !staffPage) {
        const { title, meta } = pageHead({ pathname, lang, copy: data.copy, origin, concertStatus });
        html = html
          .replace(DEFAULT_TITLE, () => `<title>${escapeText(title)}</title>${meta}`)
          .replace(DEFAULT_DESCRIPTION, '');
      }
      if (painted) html = html.replace(EMPTY_ROOT, `<div id="root">${painted}</div>`);
      return html;
    });
  };
}

const visitorCopies = new WeakMap<Record<string, string>, Record<string, string>>();

/** The copy without the staff texts (`isVisitorCopyKey`), made once per copy read (the same object until an edit). */
function visitorCopy(copy: Record<string, string>): Record<string, string> {
  let visitor = visitorCopies.get(copy);
  if (!visitor)
    visitorCopies.set(
      copy,
      (visitor = Object.fromEntries(Object.entries(copy).filter(([key]) => isVisitorCopyKey(key)))),
    );
  return visitor;
}

/**
 * The pages made lately, by address: one is made again only when something it is made of is no
 * longer the very same (same object, or equal string). At most `keep`, so addresses made up by
 * a script cannot fill the memory.
 */
function renderedPages(keep = 64) {
  const pages = new Map<string, { inputs: unknown[]; page: RenderedPage }>();
  return (key: string, inputs: unknown[], render: () => string): RenderedPage => {
    const hit = pages.get(key);
    if (hit && hit.inputs.length === inputs.length && hit.inputs.every((v, i) => v === inputs[i]))
      return hit.page;
    const page: RenderedPage = { text: render(), compressed: {} };
    pages.delete(key);
    if (pages.size >= keep) pages.delete(pages.keys().next().value!);
    pages.set(key, { inputs, page });
    return page;
  };
}

/** What the shell's index.html says before the server knows the page and its language. */
const DEFAULT_TITLE = /<title>[^<]*<\/title>/;
const DEFAULT_DESCRIPTION = /<meta name="description" content="[^"]*" ?\/?>/;
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The root as the shell's index.html ships it, waiting for the apps. */
const EMPTY_ROOT = '<div id="root"><div class="boot" aria-busy="true"></div></div>';

function statusOf(answer: unknown): ConcertStatus | null {
  const status = (answer as { concertStatus?: unknown } | undefined)?.concertStatus;
  return CONCERT_STATUSES.includes(status as ConcertStatus) ? (status as ConcertStatus) : null;
}

interface FirstPaint {
  layout: PaintedLayout;
  pages: PaintedPages;
  /** Both apps' styles, safe inside <style>. */
  css: string;
}

/**
 * The first paint's templates: the shell's layout and the visitor flow's screens, each as that
 * app's deployed build rendered them. Null while either is missing.
 */
function firstPaintTemplates(
  layout: () => Promise<PaintedLayout | null>,
  pages: () => Promise<PaintedPages | null>,
): () => Promise<FirstPaint | null> {
  let cached: { layout: PaintedLayout; pages: PaintedPages; paint: FirstPaint } | undefined;
  return async () => {
    const [l, p] = await Promise.all([layout(), pages()]);
    if (!l || !p) return null;
    if (cached?.layout !== l || cached.pages !== p)
      cached = {
        layout: l,
        pages: p,
        paint: { layout: l, pages: p, css: `${l.css}\n${p.css}`.replace(/<\/style/gi, '<\\/style') },
      };
    return cached.paint;
  };
}

/** A file of a build as `read` makes it, read again only when it changed (looked at at most once a second); null while it is absent or not what was expected. */
function builtFile<T>(file: string, read: (text: string) => T | null): () => Promise<T | null> {
  let cached: { mtimeMs: number; value: T | null; at: number } | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < 1000) return cached.value;
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    const value =
      cached?.mtimeMs === mtimeMs
        ? cached.value
        : mtimeMs < 0
          ? null
          : await readFile(file, 'utf8').then(read, () => null);
    cached = { mtimeMs, value, at: Date.now() };
    return value;
  };
}

const builtJson = <T>(file: string, schema: z.ZodType<T>) => builtFile(file, (text) => parsed(schema, text));

/**
 * The screens of a visitor flow deployed elsewhere, from beside its manifest there. A manifest
 * given as a path on this site that is not the built-in one: nothing here to read it from.
 */
function deployedPages(manifest: string | undefined): () => Promise<PaintedPages | null> {
  if (!manifest || !/^https?:\/\//.test(manifest)) return async () => null;
  return deployedJson(new URL(FIRST_PAINT_FILE, manifest).href, paintedPagesSchema);
}

/**
 * A JSON file a separately deployed app serves: fetched at start and then at most once a minute,
 * the page never waiting longer than the first fetch. A file that is gone or wrong counts as
 * absent; an unreachable or failing host keeps the last answer.
 */
function deployedJson<T>(url: string, schema: z.ZodType<T>): () => Promise<T | null> {
  let value: T | null = null;
  let fetchedAt = 0;
  let pending: Promise<void> | undefined;
  const refresh = () =>
    (pending ??= fetch(url, { signal: AbortSignal.timeout(3000) })
      .then(async (res) => {
        if (res.status < 500) value = res.ok ? parsed(schema, await res.text()) : null;
      })
      .catch(() => undefined)
      .finally(() => {
        fetchedAt = Date.now();
        pending = undefined;
      }));
  const first = refresh();
  return async () => {
    if (!fetchedAt) await first;
    else if (Date.now() - fetchedAt > 60_000) void refresh();
    return value;
  };
}

function parsed<T>(schema: z.ZodType<T>, text: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function isFile(root: string, relative: string): Promise<boolean> {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(root + path.sep)) return false;
  try {
    return (await stat(resolved)).isFile();
  } catch {
    return false;
  }
}
