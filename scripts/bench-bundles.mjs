// `npm run bench:bundles`: the gzipped JavaScript each route loads, measured in Chromium
// against the built apps as `npm start` serves them (run `npm run build` first).
// Prints one line per route: total and per-app (shell vs each remote) gzipped KB.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 8282);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUTES = (process.env.ROUTES ?? '/sv/,/sv/memberCheck,/admin/login').split(',');

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bundles-'));
const server = spawn('npm', ['run', 'serve'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const appOf = (url) => {
  const m = /\/apps\/([^/]+)\//.exec(new URL(url).pathname);
  return m ? m[1] : 'shell';
};

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  console.log('route'.padEnd(22), 'gzipped JS (KB)'.padEnd(18), 'by app');
  for (const route of ROUTES) {
    const page = await browser.newPage();
    const sizes = {};
    const pending = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      pending.push(
        res.body().then((body) => {
          const app = appOf(res.url());
          sizes[app] = (sizes[app] ?? 0) + gzipSync(body, { level: 9 }).length;
        }),
      );
    });
    await page.goto(BASE + route, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    const byApp = Object.entries(sizes).map(([app, bytes]) => `${app} ${(bytes / 1024).toFixed(1)}`).join(', ');
    console.log(route.padEnd(22), (total / 1024).toFixed(1).padEnd(18), byApp);
    await page.close();
  }
  await browser.close();
} finally {
  stopServer();
}
