// `npm run bench:web`: Lighthouse (mobile defaults, Debian's Chromium) on every visitor route a
// visitor can open from a link (SPEC.md §2; the steps that need the flow's data send a fresh visit
// to error/invalidState, which is measured) against the built apps as `npm start` serves them
// (run `npm run build` first). Prints performance score, first paint (FCP), LCP, TBT, CLS, the
// accessibility score and the gzipped JS per route, with the targets; then each accessibility
// audit that failed.
// ROUTES=/sv/,/en/faq picks routes; RUNS=5 gives each figure's median of five runs; DETAILS=1
// adds the main thread's work per route (of the first run).
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { formatSizes, gzippedJsByApp } from './bench-bundles.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, startBackend } from './lib/backend-process.mjs';

const VISITOR_ROUTES = [
  '/sv/',
  '/sv/memberCheck',
  '/sv/toQueue',
  '/sv/instructions',
  '/sv/news',
  '/sv/contact',
  '/sv/faq',
  '/sv/specialCases',
  '/sv/underAge',
  '/sv/privacy',
  '/sv/error/invalidState',
  '/en/',
  '/en/memberCheck',
];
const ROUTES = process.env.ROUTES ? process.env.ROUTES.split(',') : VISITOR_ROUTES;
const RUNS = Number(process.env.RUNS ?? 1);
const TARGETS =
  'targets: performance ≥ 95, LCP ≤ 1500 ms, TBT ≤ 100 ms, CLS ≤ 0.05, accessibility 100, shell first load ≤ 120 KB gzipped JS';

const backend = await startBackend({ port: Number(process.env.BENCH_PORT ?? 8484) });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
  console.log(TARGETS);
  console.log(
    'route'.padEnd(24),
    'perf'.padEnd(6),
    'FCP ms'.padEnd(8),
    'LCP ms'.padEnd(8),
    'TBT ms'.padEnd(8),
    'CLS'.padEnd(7),
    'a11y'.padEnd(6),
    'JS gz KB'.padEnd(10),
    'by app',
  );
  const failed = [];
  for (const route of ROUTES) {
    const url = backend.baseUrl + route;
    // A first visit warms the server (copy, status cache) so Lighthouse measures the page, not start-up.
    await fetch(url);
    // Each run on a shared machine is noisy: RUNS=5 reports each figure's median of five runs.
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (lhr.runtimeError)
        console.log(
          route,
          'Lighthouse could not measure it:',
          lhr.runtimeError.code,
          lhr.runtimeError.message,
        );
      else runs.push(lhr);
    }
    if (!runs.length) continue;
    const median = (value) => {
      const values = runs.map(value).sort((a, b) => a - b);
      return values[Math.floor((values.length - 1) / 2)];
    };
    const audit = (id) => median((lhr) => lhr.audits[id]?.numericValue ?? NaN);
    const score = (category) =>
      String(Math.round(median((lhr) => lhr.categories[category].score ?? 0) * 100));
    const lhr = runs[0];
    const { totalKb, byApp } = formatSizes(await gzippedJsByApp(browser, url));
    console.log(
      route.padEnd(24),
      score('performance').padEnd(6),
      audit('first-contentful-paint').toFixed(0).padEnd(8),
      audit('largest-contentful-paint').toFixed(0).padEnd(8),
      audit('total-blocking-time').toFixed(0).padEnd(8),
      audit('cumulative-layout-shift').toFixed(3).padEnd(7),
      score('accessibility').padEnd(6),
      totalKb.padEnd(10),
      byApp,
      runs.length > 1
        ? `(median of ${runs.length}; TBT ${runs.map((r) => Math.round(r.audits['total-blocking-time'].numericValue)).join('/')})`
        : '',
    );
    for (const { id } of lhr.categories.accessibility.auditRefs) {
      const a = lhr.audits[id];
      if (a.score !== null && a.score < 1)
        failed.push(
          `${route} ${id}: ${(a.details?.items ?? []).map((i) => i.node?.snippet ?? '').join(' ')}`,
        );
    }
    if (process.env.DETAILS) {
      const items = (id) => lhr.audits[id]?.details?.items ?? [];
      const ms = (n) => `${Math.round(n)} ms`;
      console.log(
        '  main thread:',
        items('mainthread-work-breakdown')
          .map((i) => `${i.groupLabel} ${ms(i.duration)}`)
          .join(', '),
      );
      console.log(
        '  scripts:',
        items('bootup-time')
          .map((i) => `${i.url.replace(backend.baseUrl, '')} ${ms(i.scripting)}+${ms(i.scriptParseCompile)}`)
          .join(', '),
      );
      const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
      console.log(
        '  LCP element:',
        lcp
          .flatMap((t) => t.items ?? [])
          .map((i) => i.node?.snippet ?? `${i.phase ?? ''} ${i.timing !== undefined ? ms(i.timing) : ''}`)
          .join(' | '),
      );
      console.log(
        '  long tasks:',
        items('long-tasks')
          .map((i) => `${String(i.url).replace(backend.baseUrl, '')} @${ms(i.startTime)} ${ms(i.duration)}`)
          .join(', '),
      );
    }
  }
  console.log(
    failed.length ? `accessibility audits failed:\n${failed.join('\n')}` : 'accessibility: no audit failed',
  );
  await browser.close();
} finally {
  await chrome.kill();
  await backend.stop();
}
