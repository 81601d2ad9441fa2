import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const logLines: string[] = [];
let app: TestApp;
let webRoot: string;
const BIG = 32 * 1024 * 1024;

beforeAll(async () => {
  // A built shell with one large asset, to abort its download.
  webRoot = await mkdtemp(path.join(tmpdir(), 'concert-web-'));
  await mkdir(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  await writeFile(
    path.join(webRoot, 'shell', 'dist', 'index.html'),
    '<html lang="sv"><head></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webRoot, 'shell', 'dist', 'big.bin'), Buffer.alloc(BIG, 7));
  app = await startTestApp({}, { logLines, webRoot });
});
afterAll(async () => {
  await app.close();
  await rm(webRoot, { recursive: true, force: true });
});

const parsed = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
const accessLines = (reqId: string) => parsed().filter((l) => l.msg === 'request' && l.reqId === reqId);
/** The access-log line is written when the answer is done: give the 'close' event its turn. */
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('request ids and the access log', () => {
  it('gives every request its own id in X-Request-Id, and one info line with method, route label, status, ms and that id', async () => {
    const ids = new Set<string>();
    // twice: the first is answered by Koa, the second by the status fast path
    for (const pathname of [
      '/api/getConcertStatus',
      '/api/getConcertStatus',
      '/api/health/live',
      '/api/getCopy?lang=sv',
    ]) {
      const res = await app.request(pathname);
      expect(res.status, pathname).toBe(200);
      const id = res.headers.get('x-request-id')!;
      expect(id, pathname).toMatch(UUID);
      ids.add(id);
      await settle();
      const lines = accessLines(id);
      expect(lines, pathname).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 30,
        method: 'GET',
        status: 200,
        route: `api/${pathname.split('/')[2]!.split('?')[0]}`,
      });
      expect(typeof lines[0]!.ms).toBe('number');
    }
    expect(ids.size).toBe(4);
  });

  it('logs route labels, never paths or query strings', async () => {
    const secret = 'person.secret@example.se';
    const res = await app.request(`/api/getCopy?lang=${encodeURIComponent(secret)}&code=ABCDEF123456`);
    const unknown = await app.request('/api/no-such-thing/ABCDEF123456');
    await settle();
    expect(accessLines(res.headers.get('x-request-id')!)[0]).toMatchObject({ route: 'api/getCopy' });
    expect(accessLines(unknown.headers.get('x-request-id')!)[0]).toMatchObject({
      route: 'api/other',
      status: 404,
    });
    const output = logLines.join('');
    expect(output).not.toContain('person.secret');
    expect(output).not.toContain('ABCDEF123456');
  });

  it('ignores a client-chosen X-Request-Id (no trusted proxy configured)', async () => {
    const res = await app.request('/api/health/live', {
      headers: { 'X-Request-Id': 'chosen-by-client-0001' },
    });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('a refusal keeps the exact envelope; a server failure carries the id as ref, logged on one line with the same id', async () => {
    const refused = await app.call('register', {});
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' } });
    expect(refused.headers.get('x-request-id')).toMatch(UUID);

    await app.db.sql`ALTER TABLE copy RENAME TO copy_away`;
    try {
      const failed = await app.request('/api/getCopy');
      expect(failed.status).toBe(500);
      const ref = failed.headers.get('x-request-id')!;
      expect(failed.body).toEqual({ error: { status: 'INTERNAL', message: 'internal', ref } });
      await settle();
      const errors = parsed().filter((l) => l.reqId === ref && l.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        msg: 'unhandled error',
        error: { type: 'PostgresError', code: '42P01' },
      });
      expect(JSON.stringify(errors[0])).not.toMatch(/\n|at \w+ \(/);
      expect(accessLines(ref)[0]).toMatchObject({ status: 500, route: 'api/getCopy' });
    } finally {
      await app.db.sql`ALTER TABLE copy_away RENAME TO copy`;
    }
  });

  it('an aborted download is one JSON line marked aborted, with nothing on stderr', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    const consoleError = vi.spyOn(console, 'error');
    try {
      const id = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${app.baseUrl}/big.bin`, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            // the first chunk is here: hang up mid-download
            req.destroy();
            resolve(res.headers['x-request-id'] as string);
          });
        });
        req.on('error', (err) =>
          err.message.includes('aborted') || (err as { code?: string }).code === 'ECONNRESET'
            ? undefined
            : reject(err),
        );
        req.end();
      });
      let lines: Record<string, unknown>[] = [];
      for (let i = 0; i < 50 && lines.length === 0; i++) {
        await settle();
        lines = accessLines(id);
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ route: 'other', status: 200, aborted: true });
      await settle();
      expect(consoleError).not.toHaveBeenCalled();
      expect(stderr).not.toHaveBeenCalled();
      // every line the server wrote is one JSON object
      for (const line of logLines) expect(line.trimEnd().includes('\n'), line).toBe(false);
    } finally {
      stderr.mockRestore();
      consoleError.mockRestore();
    }
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(() => proxied.close());

  it("keeps the proxy's X-Request-Id when it is well-formed, and makes its own otherwise", async () => {
    const kept = await proxied.request('/api/health/live', {
      headers: { 'X-Request-Id': 'nginx-7f3a9c2e41d0' },
    });
    expect(kept.headers.get('x-request-id')).toBe('nginx-7f3a9c2e41d0');
    for (const bad of ['short', 'has space in it 123', 'x'.repeat(200), 'line\u00e5break12345']) {
      const res = await proxied.request('/api/health/live', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id'), bad).toMatch(UUID);
    }
  });
});
