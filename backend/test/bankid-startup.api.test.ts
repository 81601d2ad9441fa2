import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pino from 'pino';
import { startApp } from '../src/compose.js';
import { PRODUCTION_ENV } from '../src/config.fixtures.js';
import { loadConfig } from '../src/config.js';
import { createSessionTokens } from '../src/modules/session/tokens.js';
import { createPersonalDataProtector } from '../src/privacy/personal-data.js';
import { freshDatabase } from './harness.js';

/** A port nobody listens on right now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const PASS = 'qwerty123';

/** The real server entry in production mode, with only `env` (plus PATH): how it ended and what it said. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => (clearTimeout(timer), resolve({ code, output })));
  });
}

describe('production start proves the BankID files', () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const f = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    db = await freshDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'bankid-start-'));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f('root.key'),
      '-out',
      f('root.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Test BankID SSL Root CA',
    );
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f('rp.key'),
      '-out',
      f('rp.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Test RP',
    );
    // As BankID has issued its .p12 files: RC2-40, which Node's OpenSSL 3 refuses.
    ssl(
      'pkcs12',
      '-export',
      '-legacy',
      '-inkey',
      f('rp.key'),
      '-in',
      f('rp.pem'),
      '-out',
      f('rp.p12'),
      '-passout',
      `pass:${PASS}`,
    );
  }, 60_000);
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    ...PRODUCTION_ENV,
    DATABASE_URL: db.url!,
    BANKID_PFX_PATH: f('rp.p12'),
    BANKID_PFX_PASSPHRASE: PASS,
    BANKID_CA_PATH: f('root.pem'),
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses a legacy-encrypted .p12 with the one-line fix, and nothing else on stderr',
    async () => {
      const { code, output } = await start(env());
      expect(code).toBe(1);
      expect(output).toContain('encrypted with a legacy algorithm (RC2-40');
      expect(output).toContain(`openssl pkcs12 -legacy -in ${f('rp.p12')}`);
      expect(output).not.toContain(PASS);
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'the files are proven before the port opens: a refused one leaves the port free (nothing answered 503 on it)',
    async () => {
      const port = await freePort();
      const config = loadConfig({ ...env(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
      await expect(
        startApp({
          config,
          sql: db.sql,
          log: pino({ level: 'silent' }),
          tokens: createSessionTokens(randomBytes(32)),
          protector: createPersonalDataProtector(randomBytes(32)),
        }),
      ).rejects.toThrow(/legacy algorithm/);
      expect(await portIsFree(port)).toBe(true);
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses without BankID’s root, before touching the database',
    async () => {
      const { BANKID_CA_PATH: _, ...withoutCa } = env();
      const { code, output } = await start(withoutCa);
      expect(code).toBe(1);
      expect(output.trim()).toBe('Production mode needs BANKID_CA_PATH; demo defaults are refused.');
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses a root file that is not a certificate, naming it',
    async () => {
      const { code, output } = await start({ ...env(), BANKID_CA_PATH: f('rp.key') });
      expect(code).toBe(1);
      expect(output).toContain(`BANKID_CA_PATH (${f('rp.key')})`);
    },
    60_000,
  );
});

describe("production refuses BankID's public test service (issue 39 §7)", () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const f = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    db = await freshDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'bankid-test-service-'));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
    const selfSigned = (name: string, subject: string) =>
      ssl(
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        f(`${name}.key`),
        '-out',
        f(`${name}.pem`),
        '-days',
        '2',
        '-subj',
        subject,
      );
    selfSigned('test-root', '/CN=Test BankID SSL Root CA v1 Test');
    selfSigned('root', '/CN=BankID SSL Root CA v1');
    selfSigned('rp', '/O=Organisation/CN=Organisation RP');
    // BankID's public test RP certificates are named "FP Testcert …", issued by BankID's test CA.
    ssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f('fp.key'),
      '-out',
      f('fp.csr'),
      '-subj',
      '/CN=FP Testcert 5',
    );
    ssl(
      'x509',
      '-req',
      '-in',
      f('fp.csr'),
      '-CA',
      f('test-root.pem'),
      '-CAkey',
      f('test-root.key'),
      '-out',
      f('fp.pem'),
      '-days',
      '2',
    );
  }, 60_000);
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (over: Record<string, string>) => ({
    ...PRODUCTION_ENV,
    DATABASE_URL: db.url!,
    BANKID_PFX_PATH: '',
    BANKID_CERT_PATH: f('rp.pem'),
    BANKID_KEY_PATH: f('rp.key'),
    BANKID_CA_PATH: f('root.pem'),
    REDIS_URL: 'redis://127.0.0.1:1',
    LOG_LEVEL: 'silent',
    ...over,
  });
  /** startApp with `env`: what it refused (or undefined once it got past BankID) and what it logged. */
  async function compose(over: Record<string, string>) {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const port = await freePort();
    let refusal: string | undefined;
    let running: Awaited<ReturnType<typeof startApp>> | undefined;
    try {
      running = await startApp({
        config: loadConfig({ ...env(over), PORT: String(port), HOST: '127.0.0.1' }),
        sql: db.sql,
        log,
        tokens: createSessionTokens(randomBytes(32)),
        protector: createPersonalDataProtector(randomBytes(32)),
      });
    } catch (err) {
      refusal = (err as Error).message;
    }
    await running?.close();
    return { refusal, lines, portFree: await portIsFree(port) };
  }

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "the test service's URL stops the start (the server's own exit, one line), unless BANKID_ALLOW_TEST_SERVICE=true",
    async () => {
      const testUrl = { BANKID_API_URL: 'https://appapi2.test.bankid.com/rp/v6.0' };
      const { code, output } = await start(env(testUrl));
      expect(code).toBe(1);
      expect(output).toContain("Production mode refuses BankID's public test service");
      expect(output).toContain('BANKID_ALLOW_TEST_SERVICE=true');
      expect(output).not.toMatch(/\n\s+at /);
      for (const allow of ['false', '']) {
        const refused = await compose({ ...testUrl, BANKID_ALLOW_TEST_SERVICE: allow });
        expect(refused.refusal, allow).toMatch(/public test service/);
      }
      const allowed = await compose({ ...testUrl, BANKID_ALLOW_TEST_SERVICE: 'true' });
      expect(allowed.refusal ?? '').not.toMatch(/test service/);
      const loud = allowed.lines.map((l) => JSON.parse(l)).find((l) => l.bankIdTestService);
      expect(loud).toMatchObject({
        level: 50,
        bankIdTestService: ['BANKID_API_URL appapi2.test.bankid.com'],
      });
      expect(loud.msg).toMatch(/PUBLIC TEST SERVICE/);
    },
    90_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a test certificate or BankID's test root stops the start before the port opens, unless allowed; the organisation's own passes",
    async () => {
      const testFiles: Record<string, string>[] = [
        { BANKID_CERT_PATH: f('fp.pem'), BANKID_KEY_PATH: f('fp.key') },
        { BANKID_CA_PATH: f('test-root.pem') },
      ];
      for (const files of testFiles) {
        const refused = await compose(files);
        expect(refused.refusal, JSON.stringify(files)).toMatch(
          /Production mode refuses BankID's public test service/,
        );
        expect(refused.portFree).toBe(true);
        const allowed = await compose({ ...files, BANKID_ALLOW_TEST_SERVICE: 'true' });
        expect(allowed.refusal ?? '').not.toMatch(/test service/);
        expect(
          allowed.lines.some((l) => JSON.parse(l).bankIdTestService?.[0]?.startsWith('a test certificate')),
        ).toBe(true);
      }
      // Negative control: the organisation's certificate and BankID's production root.
      const own = await compose({});
      expect(own.refusal ?? '').not.toMatch(/test service/);
      expect(own.lines.some((l) => JSON.parse(l).bankIdTestService)).toBe(false);
    },
    90_000,
  );
});
