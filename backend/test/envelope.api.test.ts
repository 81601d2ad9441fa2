import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = (await app.session()).idToken;
});
afterAll(() => app.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body,
  });

function expectCleanError(body: unknown) {
  const text = JSON.stringify(body);
  expect(Object.keys(body as object)).toEqual(['error']);
  expect(text).not.toMatch(/stack|at \w+ \(|SELECT|INSERT|node_modules|\.ts:/i);
}

describe('callable envelope (CONTRACT.md §2)', () => {
  it('answers {result} for a known function', async () => {
    const res = await app.call('register', {}, token);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ isConfirmed: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('404 NOT_FOUND for an unknown function, including names of Object.prototype', async () => {
    for (const name of ['noSuchFunction', 'constructor', '__proto__', 'toString']) {
      const res = await app.call(name, {}, token);
      expect(res.status).toBe(404);
      expect(res.body.error.status).toBe('NOT_FOUND');
      expectCleanError(res.body);
    }
  });

  it('400 INVALID_ARGUMENT invalidState for malformed JSON and a missing or non-object data', async () => {
    for (const body of ['{"data":', 'not json', '{}', '{"data":null}', '{"data":"x"}', '[]']) {
      const res = await post('/api/register', body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
  });

  it('400 INVALID_ARGUMENT invalidState for a NUL character anywhere in the body (no PostgreSQL text can hold it: it was a 500)', async () => {
    for (const body of [
      JSON.stringify({ data: { publicId: 'abc\u0000' } }),
      JSON.stringify({ data: { 'public\u0000Id': 'abc' } }),
      JSON.stringify({ data: { publicId: 'abc', nested: ['\u0000'] } }),
    ]) {
      const res = await post('/api/getBankAccounts', body);
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
  });

  it('413 for a body over 64 KiB, whether declared or streamed', async () => {
    const big = JSON.stringify({ data: { userAgent: 'x'.repeat(70 * 1024) } });
    const res = await post('/api/register', big);
    expect(res.status).toBe(413);
    expectCleanError(res.body);
  });

  it('accepts a body just under 64 KiB', async () => {
    const res = await post(
      '/api/deregisterClient',
      JSON.stringify({ data: { userAgent: 'x'.repeat(900), pad: 'y'.repeat(60 * 1024) } }),
    );
    expect(res.status).toBe(200);
  });

  it('401 UNAUTHENTICATED noFirebaseToken without a token or with a forged one', async () => {
    for (const auth of [undefined, 'Bearer nonsense', `Bearer ${token.slice(0, -4)}AAAA`, 'Basic abc']) {
      const res = await app.request('/api/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
        body: '{"data":{}}',
      });
      expect(res.status, auth).toBe(401);
      expect(res.body).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' } });
    }
  });

  it('405 in the envelope, with Allow: POST, for another method to a function or the session', async () => {
    for (const [method, path] of [
      ['GET', '/api/register'],
      ['PUT', '/api/getSaleDashboard'],
      ['GET', '/api/session'],
    ]) {
      const res = await app.request(path!, { method });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toBe('POST');
      expect(res.body, path).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
  });

  it('a function and the session at their addresses as Koa’s router read them: a trailing slash, percent-encoding, any case for the session', async () => {
    for (const path of ['/api/register/', '/api/regist%65r']) {
      const res = await post(path, '{"data":{}}');
      expect(res.status, path).toBe(200);
      expect(res.body.result, path).toMatchObject({ isConfirmed: false });
    }
    for (const path of ['/api/session/', '/api/Session']) {
      const res = await post(path, '{}');
      expect(res.status, path).toBe(200);
      expect(res.body.idToken, path).toEqual(expect.any(String));
    }
  });

  it('unknown /api paths are 404 in the envelope, not the shell', async () => {
    const res = await app.request('/api/nothing/here');
    expect(res.status).toBe(404);
    expectCleanError(res.body);
  });
});

describe('health', () => {
  it('live always, ready with every migration applied, and 503 once the process begins to stop', async () => {
    const own = await startTestApp();
    try {
      expect(await own.request('/api/health/live')).toMatchObject({ status: 200, body: { ok: true } });
      expect(await own.request('/api/health/ready')).toMatchObject({ status: 200, body: { ok: true } });
      expect(await own.request('/api/health')).toMatchObject({ status: 200, body: { ok: true } });
      // a migration the database lacks: not ready (negative control of the check)
      await own.db
        .sql`DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)`;
      expect(await own.request('/api/health/ready')).toMatchObject({
        status: 503,
        body: { ok: false, reason: 'migrations' },
      });
      await own.db
        .sql`INSERT INTO schema_migrations (version, name) VALUES (999, 'later') ON CONFLICT DO NOTHING`;
      expect((await own.request('/api/health/ready')).status).toBe(200);
      own.running.lifecycle.stopping = true; // what close() and a SIGTERM set first
      expect(await own.request('/api/health/ready')).toMatchObject({
        status: 503,
        body: { ok: false, reason: 'stopping' },
      });
      expect((await own.request('/api/health/live')).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('GET /metrics', () => {
  it('Prometheus text: the process, requests by route and status, and the sale now', async () => {
    const { idToken } = await app.session();
    await app.call('register', {}, idToken);
    await app.call('noSuchFunction', {}, idToken);
    const res = await app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = String(res.body);
    expect(text).toMatch(/^concert_sale\{state="held"\} [1-9]\d*$/m);
    expect(text).toMatch(/^concert_sale\{state="confirmed"\} \d+$/m);
    expect(text).toMatch(/^http_requests_total\{route="api\/register",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_requests_total\{route="api\/other",status="404"\} [1-9]/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
