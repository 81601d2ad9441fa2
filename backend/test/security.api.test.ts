import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
beforeAll(async () => {
  // Real limits (scale 1), as in production.
  app = await startTestApp({ RATE_LIMIT_SCALE: '1' });
});
afterAll(() => app.close());

/** An answer's headers but those of the connection, the length and the request's own id. */
const headersOf = (res: { headers: Headers }) =>
  Object.fromEntries(
    [...res.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'x-request-id'].includes(name),
    ),
  );

describe('security headers', () => {
  it('are on every response: CSP without inline script, no framing, nosniff, no referrer', async () => {
    // Koa's routes, the status and the calls answered before Koa (a callable, the session: here 405 to a GET).
    for (const path of [
      '/api/health',
      '/api/getConcertStatus',
      '/api/nothing',
      '/api/register',
      '/api/session',
      '/api/session/challenge',
    ]) {
      const res = await app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self'(;| )/);
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      // demo mode runs on plain http: no HSTS
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('getConcertStatus answers the same from Koa and, once cached, from the fast path before it', async () => {
    const first = await app.request('/api/getConcertStatus');
    const second = await app.request('/api/getConcertStatus');
    // each its own request id
    expect(first.headers.get('x-request-id')).not.toEqual(second.headers.get('x-request-id'));
    expect(second.body).toEqual(first.body);
    expect(headersOf(second)).toEqual(headersOf(first));
    // the same for everyone, nothing personal: a CDN may keep it a second (docs/operations.md, "A CDN in front")
    expect(headersOf(second)).toMatchObject({
      'cache-control': 'public, max-age=1, stale-while-revalidate=2',
      'content-type': 'application/json; charset=utf-8',
    });
  });

  it('the calls answered before Koa (the callable functions, the session and its challenge) carry the headers of Koa’s JSON answers', async () => {
    // Koa's: a refusal of its error handler (JSON, no-store).
    const koaRefusal = await app.request('/api/nothing', { method: 'POST' });
    expect(koaRefusal.status).toBe(404);
    const challenge = await app.request('/api/session/challenge');
    expect(challenge.status).toBe(200);
    const { idToken } = await app.session();
    const session = await app.request('/api/session', {
      method: 'POST',
      headers: { Authorization: `Bearer ${idToken}` },
    });
    const call = await app.call('register', {}, idToken);
    const refusal = await app.call('register', {}, 'forged');
    expect([session.status, call.status, refusal.status]).toEqual([200, 200, 401]);
    for (const res of [challenge, session, call, refusal]) {
      expect(headersOf(res)).toEqual(headersOf(koaRefusal));
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('responses with personal data are not stored by caches', async () => {
    const { idToken } = await app.session();
    const res = await app.call('register', {}, idToken);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('CORS stays closed on the API', async () => {
    const res = await app.request('/api/getConcertStatus', { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limits', () => {
  it('session creation: 600 a minute per address (scaled here to 60), then 429 RESOURCE_EXHAUSTED with Retry-After', async () => {
    const fresh = await startTestApp({ RATE_LIMIT_SCALE: '0.1' });
    const answers = [];
    try {
      for (let i = 0; i < 61; i++) {
        const altcha = await fresh.solvedChallenge();
        answers.push(
          await fresh.request('/api/session', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ altcha }),
          }),
        );
      }
    } finally {
      await fresh.close();
    }
    expect(answers.slice(0, 60).every((a) => a.status === 200)).toBe(true);
    const refused = answers[60]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: 'tooManyRequests' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('register: 10 a minute per session', async () => {
    const { idToken } = await app.session();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await app.call('register', {}, idToken)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('BankID starts: 10 a minute per session', async () => {
    const other = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const { idToken } = await other.session();
      const statuses = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (await other.call('startBankIDAuth', { personalNumber: DEMO_PERSONAL_NUMBERS.nonMember }, idToken))
            .status,
        );
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, 10)).not.toContain(429);
    } finally {
      await other.close();
    }
  });

  it('clientLog: 30 a minute per address', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await app.request('/api/clientLog', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"message":"x"}',
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('X-Forwarded-For does not choose the address unless the hop that wrote it is trusted', async () => {
    const spoofing = (n: number) => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${n}` },
      body: '{"message":"x"}',
    });
    const untrusted = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    const trusted = await startTestApp({ RATE_LIMIT_SCALE: '1', TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const statusesOf = async (target: TestApp) => {
        const statuses = [];
        for (let i = 0; i < 31; i++)
          statuses.push((await target.request('/api/clientLog', spoofing(i))).status);
        return statuses;
      };
      // without trusted proxies every spoofed header is the same socket address: limited
      expect((await statusesOf(untrusted))[30]).toBe(429);
      // negative control: behind a trusted proxy each forwarded address has its own limit
      expect(await statusesOf(trusted)).not.toContain(429);
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });
});
