// The reference nginx config (deploy/nginx.conf) made runnable here: its upstream servers and its
// port rewritten, its cache and temp files in a scratch prefix, nginx in the foreground as a child
// process. backend/test/nginx.api.test.ts runs it in front of two backends; `npm run bench:rush`
// with BENCH_PROXY=nginx in front of its backends (production's shape: the public reads answered
// from nginx's micro-cache).
import { spawn } from 'node:child_process';
import { mkdtempSync, chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REFERENCE = new URL('../../deploy/nginx.conf', import.meta.url);

/**
 * deploy/nginx.conf with its upstream servers replaced by `upstreams` (host:port, as many as the
 * file names: a missing or extra one is an error), its listen by `listen`, its cache in `cacheDir`.
 */
export function referenceNginxSite({ upstreams, listen, cacheDir }) {
  const reference = readFileSync(REFERENCE, 'utf8');
  const servers = /^(\s*server\s+)127\.0\.0\.1:\d+([^\n]*\n)/gm;
  const named = [...reference.matchAll(servers)];
  if (named.length < 1) throw new Error('deploy/nginx.conf names no upstream server');
  const listens = [...reference.matchAll(/^\s*listen\s+\d+;/gm)];
  if (listens.length !== 1) throw new Error('deploy/nginx.conf should listen on one port');
  // The first server line is the pattern for every upstream; the others are dropped.
  const [, lead, tail] = named[0];
  let first = true;
  return reference
    .replace(servers, () => {
      if (!first) return '';
      first = false;
      return upstreams.map((u) => `${lead}${u}${tail}`).join('');
    })
    .replace(/^(\s*)listen\s+\d+;/m, `$1listen ${listen};`)
    .replace(/(proxy_cache_path\s+)\S+/, `$1${cacheDir}`);
}

/**
 * Starts Debian's nginx (`program`) with the reference site in front of `upstreams` on
 * 127.0.0.1:`port`; `workers` worker processes. Resolves once it listens. `cpuSeconds()` is the
 * CPU its master and workers have used so far (Linux /proc).
 */
export async function startReferenceNginx({ program, upstreams, port, workers = 1 }) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'concert-nginx-'));
  chmodSync(prefix, 0o777); // the workers (nobody, when started as root) write their temp files here
  writeFileSync(
    path.join(prefix, 'concert.conf'),
    referenceNginxSite({ upstreams, listen: `127.0.0.1:${port}`, cacheDir: `${prefix}/cache` }),
  );
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      `worker_processes ${workers};`,
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${prefix}/${t}_temp;`,
      ),
      `  include ${prefix}/concert.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(program, ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i === 100) throw new Error('nginx did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  const ticks = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  /** The master and its workers (the processes whose parent is the master). */
  const pids = () => [
    child.pid,
    ...readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean),
  ];
  return {
    baseUrl,
    prefix,
    cpuSeconds: () => pids().reduce((sum, pid) => sum + ticks(pid), 0) / 100,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT'); // graceful
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
