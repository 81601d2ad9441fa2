import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

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
export function webApps(root: string, remotes: Record<string, string>): Middleware {
  const shellDist = path.join(root, 'shell', 'dist');
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
    await send(ctx, 'index.html', { root: shellDist, setHeaders });
  };
}

async function isFile(root: string, relative: string): Promise<boolean> {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(root + path.sep)) return false;
  try {
    return (await stat(resolved)).isFile();
  } catch {
    return false;
  }
}
