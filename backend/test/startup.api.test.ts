import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const BACKEND = fileURLToPath(new URL('..', import.meta.url));

/** Starts the real server entry with only `env` (plus PATH) and returns how it ended. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => (clearTimeout(timer), resolve({ code, output })));
  });
}

describe('starting the server', () => {
  it('refuses without DEMO=true or NODE_ENV=production, naming both', async () => {
    const { code, output } = await start({});
    expect(code).toBe(1);
    expect(output).toContain('DEMO=true');
    expect(output).toContain('NODE_ENV=production');
  });

  it('refuses a real service in demo mode, naming it', async () => {
    const { code, output } = await start({ DEMO: 'true', SMTP_URL: 'smtp://mail.example' });
    expect(code).toBe(1);
    expect(output).toContain('SMTP_URL');
  });

  it('the built artefact (node backend/dist/server.js) serves, and stops with exit 0 on SIGTERM', async () => {
    // The production build, made here into a folder of this test's own.
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, ['scripts/build.mjs', 'dist-test'], { cwd: BACKEND }, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
    const dataDir = await mkdtemp(path.join(tmpdir(), 'concert-dist-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [path.join(BACKEND, 'dist-test/server.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        DEMO: 'true',
        PORT: String(port),
        DEV_IDP_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SESSION_POW_MAX_NUMBER: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // What the server said, so a failure here says why it did not come up.
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    let ended = false;
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => ((ended = true), resolve(code))),
    );
    try {
      let health: Response | undefined;
      // up to 100 s: a fresh embedded database on a loaded 2-core machine took 32–45 s (5 s when calm)
      for (let i = 0; i < 1000 && !health?.ok && !ended; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined);
        if (!health?.ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status, output).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      await rm(path.join(BACKEND, 'dist-test'), { recursive: true, force: true });
    }
  }, 150_000);
});
