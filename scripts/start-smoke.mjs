// The start-up smoke test: `npm start`'s server (demo mode, embedded database, the built apps)
// starts on this machine's Node (20.19+: development's runtime; the unit and API suites run on
// production's Node 24), answers health, the start page, the copy and a session challenge, starts
// quietly (no warning on stderr: oidc-provider's runtime notice, the build's), and stops on SIGTERM.
// Run after `npm run build` (npm start builds first; the suite's build stage did).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node ${process.version} is older than 20.19`);

const port = Number(process.env.SMOKE_PORT) || (await freePort());
const dataDir = mkdtempSync(path.join(tmpdir(), 'start-smoke-'));
const started = Date.now();
// As `npm start` runs the server after its build (package.json), on this Node.
const server = spawn(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
  env: {
    ...process.env,
    DEMO: 'true',
    PORT: String(port),
    DEV_IDP_PORT: String(port + 1000),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let stdout = '';
let stderr = '';
server.stdout.on('data', (chunk) => (stdout += chunk));
server.stderr.on('data', (chunk) => (stderr += chunk));
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 120_000);
  const startUpMs = Date.now() - started;
  await expectOk(`${base}/sv/`, /<html/i);
  await expectOk(`${base}/api/getCopy?lang=sv`, /"start\./);
  await expectOk(`${base}/api/session/challenge`, /"challenge"/);
  await expectOk(`${base}/apps/visitor-flow/mf-manifest.json`, /"remoteEntry"/);
  // The log is written in blocks at least every 250 ms (backend/src/logger.ts): the line may come
  // a moment after the server answers. Its start-up lines come before it, in order.
  await until(
    () => /listening on http:\/\/localhost:/.test(stdout),
    2_000,
    'no "listening on" line in the log within 2 s of answering',
  );
  if (stderr.trim()) throw new Error('the start wrote to stderr');
  const warnings = stdout.split('\n').filter((line) => /"level":(40|50|60)\b/.test(line));
  if (warnings.length) throw new Error(`the start logged warnings:\n${warnings.join('\n')}`);
  server.kill('SIGTERM');
  const { code } = await Promise.race([exited, timeout(20_000, 'no exit within 20 s of SIGTERM')]);
  if (code !== 0) throw new Error(`exit code ${code} after SIGTERM`);
  console.log(
    `start-smoke: npm start's server on Node ${process.version} up in ${(startUpMs / 1000).toFixed(1)} s, quiet, stopped cleanly`,
  );
} catch (err) {
  server.kill('SIGKILL');
  fail(`${err.message}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitFor(url, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function until(condition, ms, failure) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectOk(url, body) {
  const res = await fetch(url);
  const text = await res.text();
  if (!res.ok || !body.test(text)) throw new Error(`${url}: ${res.status}, body not ${body}`);
}

function timeout(ms, message) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref());
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
    probe.once('error', reject);
  });
}

function fail(message) {
  console.error(`start-smoke: ${message}`);
  process.exit(1);
}
