import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Starts the real server entry with only `env` (plus PATH) and returns how it ended. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
});
