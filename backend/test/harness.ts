import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import postgres from 'postgres';
import { inject } from 'vitest';
import { solveSessionChallenge } from '@concert/shared/proof-of-work';
import { startApp, type RunningApp } from '../src/compose.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/connect.js';
import { createSessionTokens } from '../src/modules/session/tokens.js';
import { prepareDatabase } from '../src/prepare-database.js';
import { createPersonalDataProtector, type PersonalDataProtector } from '../src/privacy/personal-data.js';

/**
 * A fresh database for one test file: a new database on the server of TEST_DATABASE_URL
 * (CI points it at the machine's PostgreSQL), or an embedded PGlite in a temp dir otherwise.
 * `migrated`: on the server, a copy of the run's migrated database (backend/test/template-database.ts),
 * not an empty one.
 */
export async function freshDatabase(
  options: {
    databasePrepare?: boolean;
    poolMax?: number;
    via?: (url: string) => string;
    migrated?: boolean;
  } = {},
): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'concert-test-'));
    const db = await openDatabase({ dataDir: dir });
    return { ...db, close: async () => (await db.close(), await rm(dir, { recursive: true, force: true })) };
  }
  // Unique among the processes running API tests at once on this machine (the pid), and across
  // machines sharing the server (the random part): files and workers never share a database.
  const name = `concert_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = options.migrated ? inject('templateDatabase') : undefined;
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // `via`: the pool connects through a pooler in front of that database (url stays the direct one).
  const db = await openDatabase({
    databaseUrl: options.via ? options.via(url.href) : url.href,
    dataDir: tmpdir(),
    databasePrepare: options.databasePrepare,
    poolMax: options.poolMax,
  });
  return {
    ...db,
    url: url.href,
    async close() {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  baseUrl: string;
  config: Config;
  db: Database & { url?: string };
  running: RunningApp;
  /** How this app hashes and seals personal data, for tests that look rows up. */
  protector: PersonalDataProtector;
  /** The PII key the protector is made from (for scripts run against this app's database). */
  piiKey: Uint8Array;
  /** The key its session tokens are signed with (a second process of the same deployment shares it). */
  sessionKey: Uint8Array;
  /** POST /api/<name> with {data}; returns status and parsed body. */
  call(name: string, data: unknown, token?: string): Promise<{ status: number; body: any; headers: Headers }>;
  request(pathname: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  /** A new session, paid for with the proof of work as a browser pays it. */
  session(): Promise<{ uid: string; idToken: string; expiresAt: number }>;
  /** GET /api/session/challenge, solved: the `altcha` value POST /api/session takes. */
  solvedChallenge(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app over a fresh database, as server.ts composes it (demo mode: simulators on the
 * same server, reached over HTTP), listening on an ephemeral 127.0.0.1 port. The simulated
 * BankID and bank-account delays default to 100 ms; the outbox worker and the queue's sweep run
 * only when asked.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    logLines?: string[];
    now?: () => Date;
    webRoot?: string;
    databaseVia?: (url: string) => string;
    /**
     * Another backend process of `app`'s deployment: its database (a pool of its own; on a server
     * only), its keys, so a session opened on one is valid on the other. Closing it leaves the
     * database to `app`.
     */
    processOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'concert-app-'));
  const config = loadConfig({
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_BANKID_DELAY_MS: '100',
    DEMO_BANK_ACCOUNTS_DELAY_MS: '100',
    // The dev IdP on a free port: test files run side by side.
    DEV_IDP_PORT: '0',
    // Tests send everything from one address; rate-limit tests set their own scale.
    RATE_LIMIT_SCALE: '1000',
    // The real proof of work, at the lowest cost; the session tests try the default cost.
    SESSION_POW_MAX_NUMBER: '1',
    ...env,
  });
  const first = options.processOf;
  if (first && !first.db.url) throw new Error('a second process needs a database server (TEST_DATABASE_URL)');
  // Migrated already (a copy of the run's template): prepareDatabase finds every migration applied.
  const db = first
    ? await openDatabase({
        databaseUrl: first.db.url,
        dataDir: tmpdir(),
        databasePrepare: config.databasePrepare,
        poolMax: config.poolMax,
      })
    : await freshDatabase({
        migrated: true,
        databasePrepare: config.databasePrepare,
        poolMax: config.poolMax,
        via: options.databaseVia,
      });
  const piiKey = first?.piiKey ?? randomBytes(32);
  const sessionKey = first?.sessionKey ?? randomBytes(32);
  const protector = createPersonalDataProtector(piiKey);
  if (!first) await prepareDatabase(db.sql, config, protector);
  const running = await startApp({
    config,
    sql: db.sql,
    log: options.logLines ? capturingLogger(options.logLines) : pino({ level: 'silent' }),
    tokens: createSessionTokens(sessionKey),
    protector,
    outboxAutoStart: false,
    queueSweepAutoStart: false,
    now: options.now,
    webRoot: options.webRoot,
  });
  const baseUrl = running.baseUrl;

  async function request(pathname: string, init?: RequestInit) {
    const res = await fetch(baseUrl + pathname, init);
    const text = await res.text();
    let body: any = text; // tests read answers loosely
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body, headers: res.headers };
  }

  async function solvedChallenge(): Promise<string> {
    const challenge = await request('/api/session/challenge');
    if (challenge.status !== 200) throw new Error(`session challenge refused: ${challenge.status}`);
    return solveSessionChallenge(challenge.body, async () => {});
  }

  return {
    baseUrl,
    config,
    db,
    running,
    protector,
    piiKey,
    sessionKey,
    request,
    call: (name, data, token) =>
      request(`/api/${name}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ data }),
      }),
    solvedChallenge,
    session: async () =>
      (
        await request('/api/session', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ altcha: await solvedChallenge() }),
        })
      ).body,
    async close() {
      await running.close();
      await db.close();
      // A file the closing app was still writing (its dev mailbox) can make the first rmdir find the
      // directory not empty (ENOTEMPTY, seen once in CI): fs.rm retries that by itself.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}

/** A debug-level logger whose every line lands in `lines`, to check what the server writes. */
function capturingLogger(lines: string[]) {
  return pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
}
