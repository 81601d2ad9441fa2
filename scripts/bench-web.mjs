// `npm run bench:web`: Lighthouse (mobile defaults, Debian's Chromium) on the start page and
// memberCheck against the built apps as `npm start` serves them (run `npm run build` first).
// Prints performance score, LCP, TBT, CLS and the gzipped JS per route, with the targets.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { formatSizes, gzippedJsByApp } from './bench-bundles.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, startBackend } from './lib/backend-process.mjs';

const ROUTES = (process.env.ROUTES ?? '/sv/,/sv/memberCheck').split(',');
const TARGETS = 'targets: performance ≥ 95, LCP ≤ 1500 ms, TBT ≤ 100 ms, CLS ≤ 0.05, shell first load ≤ 120 KB gzipped JS';

const backend = await startBackend({ port: Number(process.env.BENCH_PORT ?? 8484) });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
  console.log(TARGETS);
  console.log('route'.padEnd(18), 'perf'.padEnd(6), 'LCP ms'.padEnd(8), 'TBT ms'.padEnd(8), 'CLS'.padEnd(7), 'JS gz KB'.padEnd(10), 'by app');
  for (const route of ROUTES) {
    const url = backend.baseUrl + route;
    // A first visit warms the server (copy, status cache) so Lighthouse measures the page, not start-up.
    await fetch(url);
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const { totalKb, byApp } = formatSizes(await gzippedJsByApp(browser, url));
    console.log(
      route.padEnd(18),
      String(Math.round((lhr.categories.performance.score ?? 0) * 100)).padEnd(6),
      audit('largest-contentful-paint').toFixed(0).padEnd(8),
      audit('total-blocking-time').toFixed(0).padEnd(8),
      audit('cumulative-layout-shift').toFixed(3).padEnd(7),
      totalKb.padEnd(10),
      byApp,
    );
  }
  await browser.close();
} finally {
  await chrome.kill();
  await backend.stop();
}
