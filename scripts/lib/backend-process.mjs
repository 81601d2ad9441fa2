// Starts the backend as `npm start` serves it (built apps + API) in a child process on
// 127.0.0.1, for the benchmark scripts; a scratch DATA_DIR unless one is given. Sessions cost no
// proof of work here unless `env` sets SESSION_POW_MAX_NUMBER (the benches measure what follows).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The keys every process of one deployment shares (else the second refuses the first one's seals and tokens). */
export function deploymentKeys() {
  return { SESSION_SECRET: randomBytes(32).toString('hex'), PII_KEY: randomBytes(32).toString('hex') };
}

/** The node flags production starts the server with: the Dockerfile's CMD, between `node` and the entry. */
export function productionNodeFlags(
  dockerfile = fileURLToPath(new URL('../../Dockerfile', import.meta.url)),
) {
  const cmd = /^CMD (\[.*\])\s*$/m.exec(readFileSync(dockerfile, 'utf8'));
  if (!cmd) throw new Error(`${dockerfile} has no CMD [...] line`);
  const argv = JSON.parse(cmd[1]);
  const entry = argv.indexOf('backend/dist/server.js');
  if (argv[0] !== 'node' || entry < 0)
    throw new Error(`${dockerfile}'s CMD does not run node backend/dist/server.js`);
  return argv.slice(1, entry);
}

/**
 * Refuses a port something already listens on (a bench or drill left running, say): its health
 * check would be answered by that process, and the figures would be another process's.
 */
export async function assertPortFree(port, what = 'the server', host = '127.0.0.1') {
  const listening = await new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (listening)
    throw new Error(
      `port ${port}, meant for ${what}, is taken: is a bench or drill still running? Stop it (or choose BENCH_PORT) and start again.`,
    );
}

/** CPU nanoseconds all threads of process `pid` have used so far (Linux /proc schedstat: finer than stat's 10 ms ticks). */
export function cpuNsOf(pid) {
  return readdirSync(`/proc/${pid}/task`).reduce((sum, task) => {
    try {
      return sum + Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      return sum; // a thread that ended meanwhile
    }
  }, 0);
}

/** The Node the benches run the backend on (`node`, else BENCH_NODE, else this one), e.g. `v24.21.0`. */
export function backendNodeVersion(node = process.env.BENCH_NODE) {
  return node ? execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() : process.version;
}

/** `nodeFlags` default to BENCH_NODE_FLAGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server. */
/** `logFile`: the server's stdout (its JSON log) goes there instead of this terminal. */
/**
 * `tree`: the checkout whose build runs (default this one; bench:rush's BENCH_AB runs another
 * beside it); `node`: the node binary (default BENCH_NODE, else this one).
 */
export async function startBackend({
  port,
  env = {},
  nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  logFile,
  tree = process.cwd(),
  node = process.env.BENCH_NODE || process.execPath,
}) {
  await assertPortFree(port, 'the backend');
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bench-backend-'));
  // node itself (not npx): one process, so a kill reaches the server.
  // BENCH_SERVER=dist runs the production bundle (npm run build) instead of the sources through tsx.
  // The bundle runs with production's node flags (the Dockerfile's CMD); `nodeFlags` come after
  // them, so a bench can try another value of one (V8 takes a flag's last value).
  const args =
    process.env.BENCH_SERVER === 'dist'
      ? [...productionNodeFlags(path.join(tree, 'Dockerfile')), ...nodeFlags, 'backend/dist/server.js']
      : [...nodeFlags, '--import', 'tsx', 'backend/src/server.ts'];
  // BENCH_NODE: another node binary for the backend, e.g. production's (the Dockerfile's Node 24:
  // BENCH_NODE=$(npm exec --yes --package=node@24 -- which node)); the bench itself runs on this one.
  const child = spawn(node, args, {
    cwd: tree,
    env: {
      ...process.env,
      DEMO: 'true',
      SESSION_POW_MAX_NUMBER: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEV_IDP_PORT: '0',
      RATE_LIMIT_SCALE: '1000',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  /** Resolves with the exit code (or signal) once the server process has ended. */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  async function stop(signal = 'SIGTERM') {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 300));
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
  /** CPU seconds (user + system) the server process has used so far (Linux /proc; clock ticks of 10 ms). */
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  /**
   * How often the server's main thread has gone to sleep so far (its voluntary context switches,
   * Linux /proc): each is a wait for the next event, and each wake costs CPU that no call shows.
   */
  const mainThreadSleeps = () =>
    Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok)
        return { baseUrl, stop, cpuSeconds, mainThreadSleeps, pid: child.pid, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('backend did not start');
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
