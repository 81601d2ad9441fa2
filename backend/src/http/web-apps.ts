import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { Lang } from '@concert/shared/universal';

/** Each front-end app's build and the URL prefix it is served under; remotes can also be deployed elsewhere (REMOTES_JSON). */
export const WEB_APPS = [
  { name: 'visitor_flow', dir: 'visitor-flow', prefix: '/apps/visitor-flow/' },
  { name: 'admin_console', dir: 'admin-console', prefix: '/apps/admin-console/' },
  { name: 'copy_editor', dir: 'copy-editor', prefix: '/apps/copy-editor/' },
] as const;

export function defaultRemotes(): Record<string, string> {
  return Object.fromEntries(WEB_APPS.map((a) => [a.name, `${a.prefix}mf-manifest.json`]));
}

const NEVER_STALE = /(?:^|\/)(?:index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json)$/;

/**
 * Serves the built apps as `npm start` deploys them: each remote's dist under its prefix, the
 * shell at the root with its index.html for every client-side route, and `remotes.json`, the
 * runtime map the shell loads remotes from.
 */
export function webApps(root: string, remotes: Record<string, string>, bootData?: BootData): Middleware {
  const shellDist = path.join(root, 'shell', 'dist');
  const shellPage = shellPageWithBootData(path.join(shellDist, 'index.html'), remotes, bootData);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/dev/')) return next();
    if (ctx.path === '/remotes.json') {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = remotes;
      return;
    }
    const app = WEB_APPS.find((a) => ctx.path.startsWith(a.prefix));
    const dist = app ? path.join(root, app.dir, 'dist') : shellDist;
    const file = app ? ctx.path.slice(app.prefix.length) : ctx.path.slice(1);
    const setHeaders = (res: { setHeader(n: string, v: string): void }, served: string) => {
      res.setHeader('Cache-Control', NEVER_STALE.test(served) ? 'no-cache' : 'public, max-age=31536000, immutable');
      if (app) res.setHeader('Access-Control-Allow-Origin', '*');
    };
    if (file && (await isFile(dist, file))) {
      await send(ctx, file, { root: dist, setHeaders });
      return;
    }
    if (app || path.extname(file)) return next(); // a missing asset is a 404, not the shell
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = await shellPage(ctx.path);
  };
}

/** What the first paint needs, read on the server so the browser does not wait for it. */
export type BootData = (lang: Lang) => Promise<{ copy: Record<string, string>; concertStatus: unknown }>;

/**
 * The shell's index.html with the page's first data inlined as a JSON data block (not script:
 * the CSP allows no inline script, and a JSON block is never executed): the runtime remote
 * map, the copy of the page's language and the concert status. Saves the first load the
 * round trips for remotes.json, getCopy and getConcertStatus, and a preload starts the visitor
 * flow's manifest at once. The copy is read per page load, so an editor's save shows next time.
 */
function shellPageWithBootData(indexFile: string, remotes: Record<string, string>, bootData?: BootData) {
  let template: { mtimeMs: number; html: string } | undefined;
  return async (pathname: string): Promise<string> => {
    const { mtimeMs } = await stat(indexFile);
    if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, html: await readFile(indexFile, 'utf8') };
    const lang: Lang = pathname.startsWith('/en/') || pathname === '/en' ? 'en' : 'sv';
    const data = { remotes, lang, ...(bootData ? await bootData(lang).catch(() => ({})) : {}) };
    // `<` escaped so no text can close the block.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    const visitorManifest = remotes.visitor_flow;
    const head =
      `<script type="application/json" id="boot-data">${json}</script>` +
      (visitorManifest && !pathname.startsWith('/admin') ? `<link rel="preload" href="${escapeAttribute(visitorManifest)}" as="fetch" crossorigin="anonymous">` : '');
    return template.html.replace('</head>', `${head}</head>`).replace('<html lang="sv">', `<html lang="${lang}">`);
  };
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
