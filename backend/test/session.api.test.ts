import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('POST /api/session', () => {
  it('creates an anonymous session with uid, token and expiry', async () => {
    const before = Date.now();
    const res = await app.request('/api/session', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.idToken.split('.')).toHaveLength(3);
    expect(res.body.expiresAt).toBeGreaterThan(before + 30 * 60_000);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('renews a still-valid token for the same uid', async () => {
    const first = await app.session();
    await new Promise((r) => setTimeout(r, 1100)); // issued-at has one-second resolution
    const renewed = await app.request('/api/session', { method: 'POST', headers: { Authorization: `Bearer ${first.idToken}` } });
    expect(renewed.body.uid).toBe(first.uid);
    expect(renewed.body.idToken).not.toBe(first.idToken);
    expect(renewed.body.expiresAt).toBeGreaterThan(first.expiresAt);
  });

  it('gives a new uid for an invalid token instead of renewing it', async () => {
    const first = await app.session();
    const res = await app.request('/api/session', { method: 'POST', headers: { Authorization: `Bearer ${first.idToken}x` } });
    expect(res.body.uid).not.toBe(first.uid);
  });

  it('two sessions are different visitors', async () => {
    const [a, b] = await Promise.all([app.session(), app.session()]);
    expect(a.uid).not.toBe(b.uid);
  });
});
