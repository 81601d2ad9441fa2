import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import {
  copyMarker,
  MAIN_SLOT,
  PAGE_SLOT,
  type PaintedLayout,
  type PaintedPages,
} from '@concert/shared/first-paint';
import { defaultRemotes, webApps, type BootData } from './web-apps.js';

const INDEX =
  '<!doctype html><html lang="sv"><head></head><body><div id="root"><div class="boot" aria-busy="true"></div></div></body></html>';
const layoutOf = (other: string) =>
  `<header><a href="/${other}/${PAGE_SLOT}">${copyMarker('shell.header.switchLanguage')}</a></header><main>${MAIN_SLOT}</main>`;
const LAYOUT: PaintedLayout = { css: '.shell{}', layout: { sv: layoutOf('en'), en: layoutOf('sv') } };
const pagesSaying = (title: string): PaintedPages => {
  const screens = { '': `<h1>${title}${copyMarker('start.title')}</h1>` };
  return { css: '.visitor{}', pages: { sv: screens, en: screens } };
};
const bootData: BootData = async () => ({
  demo: false,
  copy: { 'start.title': 'Konsert & <dig>', 'shell.header.switchLanguage': 'English' },
  concertStatus: { concertStatus: 'Open' },
});

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A build root with the shell's index.html and paint, and the visitor flow's paint when given. */
async function builtRoot(visitorPages?: PaintedPages): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'web-apps-'));
  cleanup.push(() => rm(root, { recursive: true, force: true }));
  await mkdir(path.join(root, 'shell', 'dist'), { recursive: true });
  await mkdir(path.join(root, 'visitor-flow', 'dist'), { recursive: true });
  await writeFile(path.join(root, 'shell', 'dist', 'index.html'), INDEX);
  await writeFile(path.join(root, 'shell', 'dist', 'first-paint.json'), JSON.stringify(LAYOUT));
  if (visitorPages)
    await writeFile(
      path.join(root, 'visitor-flow', 'dist', 'first-paint.json'),
      JSON.stringify(visitorPages),
    );
  return root;
}

async function page(root: string, remotes: Record<string, string>, pathname: string): Promise<string> {
  const app = new Koa().use(webApps(root, remotes, bootData));
  const origin = await listen(app.callback());
  return (await fetch(origin + pathname)).text();
}

describe('webApps: the first paint', () => {
  it('paints what the visitor flow built here, with the copy filled in and both apps’ styles', async () => {
    const html = await page(await builtRoot(pagesSaying('local: ')), defaultRemotes(), '/sv/');
    expect(html).toContain(
      '<div id="root"><header><a href="/en/">English</a></header><main><h1>local: Konsert &amp; &lt;dig&gt;</h1></main></div>',
    );
    expect(html).toContain('<style>.shell{}\n.visitor{}</style>');
  });

  it('paints nothing when the visitor flow shipped no templates, or for a screen they lack', async () => {
    const root = await builtRoot();
    expect(await page(root, defaultRemotes(), '/sv/')).toContain('<div class="boot" aria-busy="true">');
    expect(
      await page(await builtRoot(pagesSaying('local: ')), defaultRemotes(), '/sv/memberCheck'),
    ).toContain('<div class="boot" aria-busy="true">');
  });

  it('paints what a visitor flow deployed elsewhere serves beside its manifest', async () => {
    const remote = await listen((req, res) => {
      if (req.url !== '/vf/first-paint.json') return res.writeHead(404).end();
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(pagesSaying('deployed: ')));
    });
    const html = await page(
      await builtRoot(pagesSaying('local: ')),
      { visitor_flow: `${remote}/vf/mf-manifest.json` },
      '/sv/',
    );
    expect(html).toContain('<h1>deployed: Konsert &amp; &lt;dig&gt;</h1>');
  });

  it('paints nothing when the deployed visitor flow has no templates', async () => {
    const remote = await listen((_req, res) => res.writeHead(404).end());
    const html = await page(
      await builtRoot(pagesSaying('local: ')),
      { visitor_flow: `${remote}/vf/mf-manifest.json` },
      '/sv/',
    );
    expect(html).toContain('<div class="boot" aria-busy="true">');
    expect(html).not.toContain('local: ');
  });
  it('is made once per change of what it is made of: an edit of the copy or a new status shows on the next load, brotli too', async () => {
    let copy = { 'start.title': 'Före', 'shell.header.switchLanguage': 'English' };
    let concertStatus = 'Open';
    const app = new Koa().use(
      webApps(await builtRoot(pagesSaying('')), defaultRemotes(), async () => ({
        demo: false,
        copy,
        concertStatus: { concertStatus },
      })),
    );
    const origin = await listen(app.callback());
    const load = async () => {
      const res = await fetch(origin + '/sv/', { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      return res.text(); // fetch decodes brotli
    };
    expect(await load()).toContain('<h1>Före</h1>');
    expect(await load()).toContain('"concertStatus":"Open"');
    copy = { ...copy, 'start.title': 'Efter' };
    expect(await load()).toContain('<h1>Efter</h1>');
    concertStatus = 'Queue';
    expect(await load()).toContain('"concertStatus":"Queue"');
  });
});

describe('webApps: the inlined copy', () => {
  it('is the visitor texts on a visitor page (said so, for the shell), the whole copy on a staff page', async () => {
    const copy = {
      'start.title': 'Konsert',
      'admin.title': 'Kontoret',
      'copyEditor.title': 'Texter',
      'email.ticket.subject': 'Din biljett',
      'emailLike.title': 'kvar',
    };
    const app = new Koa().use(
      webApps(await builtRoot(pagesSaying('')), defaultRemotes(), async () => ({
        demo: false,
        copy,
        concertStatus: null,
      })),
    );
    const origin = await listen(app.callback());
    const bootOf = async (pathname: string) =>
      JSON.parse(
        /<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(
          await (await fetch(origin + pathname)).text(),
        )![1]!,
      );
    const visitor = await bootOf('/sv/');
    expect(visitor.copy).toEqual({ 'start.title': 'Konsert', 'emailLike.title': 'kvar' });
    expect(visitor.visitorCopyOnly).toBe(true);
    const staff = await bootOf('/admin/copy');
    expect(staff.copy).toEqual(copy);
    expect(staff.visitorCopyOnly).toBeUndefined();
  });
});

describe('webApps: the root', () => {
  it('redirects / to /sv/ in HTTP, keeping the query', async () => {
    const origin = await listen(
      new Koa().use(webApps(await builtRoot(), defaultRemotes(), bootData)).callback(),
    );
    for (const [asked, to] of [
      ['/', '/sv/'],
      ['/?utm_source=instagram', '/sv/?utm_source=instagram'],
    ]) {
      const res = await fetch(origin + asked, { redirect: 'manual' });
      expect(res.status, asked).toBe(302);
      expect(res.headers.get('location')).toBe(to);
    }
  });
});

describe('webApps: caching for browsers and a CDN', () => {
  it('content-named assets immutable for a year; what a release changes short-lived; the page never stale', async () => {
    const root = await builtRoot();
    const vf = path.join(root, 'visitor-flow', 'dist');
    for (const name of [
      'main.1a2b3c4d.js',
      'main.1a2b3c4d.js.map',
      '169.74c6b12d.css',
      'remoteEntry.js',
      'remoteEntry.js.map',
      'mf-manifest.json',
      'first-paint.json',
      'logo.svg',
      'door-sw.js',
    ]) {
      await writeFile(path.join(vf, name), name.endsWith('.json') ? '{}' : 'x');
    }
    const origin = await listen(new Koa().use(webApps(root, defaultRemotes(), bootData)).callback());
    const cacheOf = async (pathname: string) => {
      const res = await fetch(origin + pathname);
      expect(res.status, pathname).toBe(200);
      return res.headers.get('cache-control');
    };
    for (const name of ['main.1a2b3c4d.js', 'main.1a2b3c4d.js.map', '169.74c6b12d.css']) {
      expect(await cacheOf(`/apps/visitor-flow/${name}`), name).toBe('public, max-age=31536000, immutable');
    }
    for (const name of [
      'remoteEntry.js',
      'remoteEntry.js.map',
      'mf-manifest.json',
      'first-paint.json',
      'logo.svg',
    ]) {
      expect(await cacheOf(`/apps/visitor-flow/${name}`), name).toBe(
        'public, max-age=0, s-maxage=30, must-revalidate',
      );
    }
    expect(await cacheOf('/apps/visitor-flow/door-sw.js')).toBe('no-cache');
    // a visitor page: the browser asks each time, a CDN may keep it a second (as the status)
    expect(await cacheOf('/sv/')).toBe('public, max-age=0, s-maxage=1');
    expect(await cacheOf('/admin/login')).toBe('no-cache');
    expect(await cacheOf('/index.html')).toBe('no-cache');
    expect(await cacheOf('/remotes.json')).toBe('no-cache');
  });
});

describe('webApps: the page head', () => {
  const INDEX_WITH_HEAD =
    '<!doctype html><html lang="sv"><head><meta name="description" content="Bli månadsgivare."><title>Konsertbiljett</title></head><body><div id="root"><div class="boot" aria-busy="true"></div></div></body></html>';
  const copy = {
    'shell.siteName': 'Concert ticket',
    'start.title': 'Concert & <rights>',
    'faq.title': 'Questions',
    'toQueue.title': 'The queue',
    'memberCheck.title': 'Who are you?',
    'start.share.description': 'Music on {{concertDate}} at {{venue}}.',
    'start.cover.alt': 'A stage "in" light',
  };
  async function headOf(pathname: string, publicUrl?: string, concertStatus: string | null = null) {
    const root = await builtRoot();
    await writeFile(path.join(root, 'shell', 'dist', 'index.html'), INDEX_WITH_HEAD);
    const status = {
      ...(concertStatus && { concertStatus, memberQueue: false }),
      copyVariables: {
        sv: { concertDate: '20 maj 2031', venue: 'Annexet' },
        en: { concertDate: '20 May 2031', venue: 'Annexet' },
      },
    };
    const app = new Koa().use(
      webApps(root, defaultRemotes(), async () => ({ demo: false, copy, concertStatus: status }), {
        publicUrl,
      }),
    );
    const origin = await listen(app.callback());
    const html = await (await fetch(origin + pathname)).text();
    return { html, origin };
  }

  it("names the tab after the page in the page's language and gives a shared link its card, with absolute URLs", async () => {
    const { html } = await headOf('/en/', 'https://konsert.example/');
    expect(html).toContain('<title>Concert &amp; &lt;rights&gt; – Concert ticket</title>');
    expect(html).not.toContain('Bli månadsgivare.'); // the shell's Swedish default description gives way
    expect(html).toContain('<meta name="description" content="Music on 20 May 2031 at Annexet.">');
    expect(html).toContain(
      '<meta property="og:title" content="Concert &amp; &lt;rights&gt; – Concert ticket">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://konsert.example/media/cover-v1-1200.jpg">',
    );
    expect(html).toContain(
      '<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">',
    );
    expect(html).toContain('<meta property="og:image:alt" content="A stage &quot;in&quot; light">');
    expect(html).toContain('<meta property="og:locale" content="en_GB">');
    expect(html).toContain('<meta property="og:url" content="https://konsert.example/en/">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="alternate" hreflang="sv" href="https://konsert.example/sv/">');
    // the cover (the start page's largest element) is asked for from the head, as its AVIF <source> lists it
    expect(html).toContain(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/media/cover-v1-480.avif 480w, /media/cover-v1-800.avif 800w, /media/cover-v1-1200.avif 1200w" imagesizes="(min-width: 672px) 640px, calc(100vw - 32px)" fetchpriority="high">',
    );
  });

  it('titles other pages by their heading, and uses the address asked for without PUBLIC_URL', async () => {
    const { html, origin } = await headOf('/en/faq');
    expect(html).toContain('<title>Questions – Concert ticket</title>');
    expect(html).not.toContain('rel="preload" as="image"'); // only the start page shows the cover
    expect(html).toContain(`<meta property="og:image" content="${origin}/media/cover-v1-1200.jpg">`);
    expect((await headOf('/en/somewhere/else')).html).toContain('<title>Concert ticket</title>');
  });

  it('titles the queue page as memberCheck while tickets are on sale: the page it shows and moves on to', async () => {
    expect((await headOf('/en/toQueue', undefined, 'Open')).html).toContain(
      '<title>Who are you? – Concert ticket</title>',
    );
    expect((await headOf('/en/toQueue', undefined, 'Queue')).html).toContain(
      '<title>The queue – Concert ticket</title>',
    );
    expect((await headOf('/en/toQueue')).html).toContain('<title>The queue – Concert ticket</title>');
  });
});
