import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveSessionChallenge } from '@concert/shared/proof-of-work';
import { startApp, type RunningApp } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/connect.js';
import { createSessionTokens } from '../src/modules/session/tokens.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { createPersonalDataProtector } from '../src/privacy/personal-data.js';
import { startReferenceNginx, type ReferenceNginx } from '../../scripts/lib/reference-nginx.mjs';
import { debianProgram, freePort } from './child-server.js';
import { freshDatabase } from './harness.js';

/**
 * The reference nginx config (deploy/nginx.conf) run for real: Debian's nginx as a child process
 * (not a daemon) on 127.0.0.1, in front of two backends that share one PostgreSQL database, their
 * keys and nothing else (each its own pool, caches and rate-limit counters). CI installs nginx
 * (.ci/run) and fails here without it; elsewhere the test is skipped only when there is no nginx.
 */
const NGINX = debianProgram('nginx');
const CAPACITY = 5;
const VISITORS = 40;

describe.skipIf(!NGINX || !process.env.TEST_DATABASE_URL)(
  'deploy/nginx.conf in front of two backends',
  () => {
    const backends: { running: RunningApp; db: Database; dataDir: string; connections: number }[] = [];
    let shared: Database & { url?: string };
    let nginx: ReferenceNginx | undefined;
    let base: string;
    const dispatcher = new Agent({ connections: 64 });

    beforeAll(async () => {
      shared = await freshDatabase();
      const env = {
        DEMO: 'true',
        LOG_LEVEL: 'silent',
        PORT: '0',
        HOST: '127.0.0.1',
        DEV_IDP_PORT: '0',
        SESSION_POW_MAX_NUMBER: '1',
        CONCERT_CAPACITY: String(CAPACITY),
        // nginx connects from 127.0.0.1: that hop is trusted, the one it appended is the client
        TRUSTED_PROXIES: '127.0.0.1',
        // clientLog: 3 a minute per address and backend, to see which address a backend counts
        RATE_LIMIT_SCALE: '0.1',
      };
      const secrets = { tokens: randomBytes(32), pii: randomBytes(32) };
      for (let i = 0; i < 2; i++) {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'concert-nginx-'));
        const config = loadConfig({ ...env, DATA_DIR: dataDir });
        // each backend its own pool on the one database
        const db = i === 0 ? shared : await openDatabase({ databaseUrl: shared.url!, dataDir });
        const protector = createPersonalDataProtector(secrets.pii);
        await prepareDatabase(db.sql, config, protector);
        const running = await startApp({
          config,
          sql: db.sql,
          log: pino({ level: 'silent' }),
          tokens: createSessionTokens(secrets.tokens),
          protector,
          outboxAutoStart: false,
          queueSweepAutoStart: false,
        });
        const backend = { running, db, dataDir, connections: 0 };
        running.server.on('connection', () => backend.connections++);
        backends.push(backend);
      }

      nginx = await startReferenceNginx({
        program: NGINX!,
        upstreams: backends.map((b) => new URL(b.running.baseUrl).host),
        port: Number(process.env.NGINX_TEST_PORT ?? (await freePort())),
      });
      base = nginx.baseUrl;
    }, 60_000);

    afterAll(async () => {
      await nginx?.stop();
      await dispatcher.close();
      for (const b of backends) {
        await b.running.close();
        if (b.db !== shared) await b.db.close();
        await rm(b.dataDir, { recursive: true, force: true });
      }
      await shared?.close();
    });

    async function call(method: 'GET' | 'POST', pathname: string, body?: unknown, token?: string) {
      const res = await request(`${base}${pathname}`, {
        method,
        dispatcher,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      return { status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    }

    it('a rush of sign-ups through it: no 5xx, exactly the capacity held, both backends serving over kept-alive connections', async () => {
      const statuses: number[] = [];
      const answers = await Promise.all(
        Array.from({ length: VISITORS }, async () => {
          const challenge = await call('GET', '/api/session/challenge');
          statuses.push(challenge.status);
          const session = await call('POST', '/api/session', {
            altcha: await solveSessionChallenge(challenge.body, async () => {}),
          });
          statuses.push(session.status);
          const status = await call('GET', '/api/getConcertStatus');
          statuses.push(status.status);
          const register = await call('POST', '/api/register', { data: {} }, session.body.idToken);
          statuses.push(register.status);
          return register;
        }),
      );
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      const granted = answers.filter((a) => a.status === 200);
      expect(granted).toHaveLength(CAPACITY);
      expect(new Set(granted.map((a) => a.body.result.ticketId)).size).toBe(CAPACITY);
      expect(answers.filter((a) => a.status === 409 && a.body.error.message === 'noTicket')).toHaveLength(
        VISITORS - CAPACITY,
      );
      const [row] = await shared.sql<{ held: number; confirmed: number }[]>`
      SELECT count(*) FILTER (WHERE hold_expires_at > now())::int AS held, count(*) FILTER (WHERE confirmed_at IS NOT NULL)::int AS confirmed
      FROM tickets WHERE seq <= ${CAPACITY}`;
      expect(row!.held + row!.confirmed).toBe(CAPACITY);
      // nginx's own id, kept by the backend (it trusts nginx)
      expect(granted[0]!.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

      // round-robin: both served about half; keep-alive: far fewer connections than requests
      const served = await Promise.all(
        backends.map(async (b) => registerCalls(await (await fetch(`${b.running.baseUrl}/metrics`)).text())),
      );
      expect(served[0]! + served[1]!).toBe(VISITORS);
      for (const s of served) expect(s).toBeGreaterThanOrEqual(VISITORS / 4);
      expect(backends[0]!.connections + backends[1]!.connections).toBeLessThan(statuses.length / 2);
    }, 60_000);

    it('keeps the concert status a second: repeats are answered by nginx, a browser holding its ETag gets a 304', async () => {
      const answeredByBackends = async () =>
        (
          await Promise.all(
            backends.map(async (b) =>
              routeCalls(await (await fetch(`${b.running.baseUrl}/metrics`)).text(), 'api/getConcertStatus'),
            ),
          )
        ).reduce((sum, n) => sum + n, 0);
      const before = await answeredByBackends();
      const started = performance.now();
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await call('GET', '/api/getConcertStatus'));
      const seconds = (performance.now() - started) / 1000;
      const after = await answeredByBackends();
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(answers[0]!.headers['cache-control']).toBe('public, max-age=1, stale-while-revalidate=2');
      // the backends answered about one a second (and one more when it fell due), however many asked
      expect(after - before).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
      expect(after - before).toBeLessThan(20);
      const etag = answers.at(-1)!.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const revalidated = await request(`${base}/api/getConcertStatus`, {
        dispatcher,
        headers: { 'if-none-match': etag },
      });
      await revalidated.body.dump();
      expect(revalidated.statusCode).toBe(304);
    });

    it("passes the client's own address: a header the client wrote does not choose it", async () => {
      // 3 client logs a minute per address and backend: 6 through two backends, then 429
      const fromAddress = (localAddress: string, i: number) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            `${base}/api/clientLog`,
            {
              method: 'POST',
              localAddress,
              agent: false,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode!);
            },
          );
          req.on('error', reject);
          req.end('{}');
        });
      const first: number[] = [];
      for (let i = 0; i < 8; i++) first.push(await fromAddress('127.0.0.2', i));
      expect(first.slice(0, 6)).toEqual([204, 204, 204, 204, 204, 204]);
      expect(first.slice(6)).toEqual([429, 429]);
      // another client address has its own count
      expect(await fromAddress('127.0.0.3', 99)).toBe(204);
    });
  },
);

/** `http_requests_total` of register on one backend, from its /metrics. */
const registerCalls = (metrics: string) => routeCalls(metrics, 'api/register');

/** `http_requests_total` of a route on one backend, from its /metrics. */
function routeCalls(metrics: string, route: string): number {
  return metrics
    .split('\n')
    .filter((l) => l.startsWith(`http_requests_total{route="${route}"`))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}
