// Starts the backend as `npm start` serves it (built apps + API) in a child process on
// 127.0.0.1, for the benchmark scripts; a scratch DATA_DIR unless one is given.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function startBackend({ port, env = {} }) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bench-backend-'));
  // node itself (not npx): one process, so a kill reaches the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEV_IDP_PORT: '0', RATE_LIMIT_SCALE: '1000', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  async function stop(signal = 'SIGTERM') {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 300));
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('backend did not start');
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
