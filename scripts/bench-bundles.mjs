// `npm run bench:bundles`: the gzipped JavaScript each route loads, measured in Chromium
// against the built apps as `npm start` serves them (run `npm run build` first).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, startBackend } from './lib/backend-process.mjs';

const ROUTES = (process.env.ROUTES ?? '/sv/,/sv/memberCheck,/admin/login').split(',');

/** Gzipped bytes of the JavaScript a page loads, per app (shell or the remote's folder). */
export async function gzippedJsByApp(browser, url) {
  const page = await browser.newPage();
  const sizes = {};
  const pending = [];
  page.on('response', (res) => {
    if (!(res.headers()['content-type'] ?? '').includes('javascript')) return;
    const app = /\/apps\/([^/]+)\//.exec(new URL(res.url()).pathname)?.[1] ?? 'shell';
    pending.push(
      res.body().then((body) => (sizes[app] = (sizes[app] ?? 0) + gzipSync(body, { level: 9 }).length)),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await page.close();
  return sizes;
}

export function formatSizes(sizes) {
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const byApp = Object.entries(sizes)
    .map(([app, bytes]) => `${app} ${(bytes / 1024).toFixed(1)}`)
    .join(', ');
  return { totalKb: (total / 1024).toFixed(1), byApp };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backend = await startBackend({ port: Number(process.env.BENCH_PORT ?? 8282) });
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
    console.log('route'.padEnd(22), 'gzipped JS (KB)'.padEnd(18), 'by app');
    for (const route of ROUTES) {
      const { totalKb, byApp } = formatSizes(await gzippedJsByApp(browser, backend.baseUrl + route));
      console.log(route.padEnd(22), totalKb.padEnd(18), byApp);
    }
    await browser.close();
  } finally {
    await backend.stop();
  }
}
