import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function postSession(body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('POST /api/session', () => {
  it('creates an anonymous session with uid, token and expiry', async () => {
    const before = Date.now();
    const res = await postSession({ altcha: await app.solvedChallenge() });
    expect(res.status).toBe(200);
    expect(res.body.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.idToken.split('.')).toHaveLength(3);
    expect(res.body.expiresAt).toBeGreaterThan(before + 30 * 60_000);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('renews a still-valid token for the same uid', async () => {
    const first = await app.session();
    await new Promise((r) => setTimeout(r, 1100)); // issued-at has one-second resolution
    const renewed = await app.request('/api/session', {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.idToken}` },
    });
    expect(renewed.body.uid).toBe(first.uid);
    expect(renewed.body.idToken).not.toBe(first.idToken);
    expect(renewed.body.expiresAt).toBeGreaterThan(first.expiresAt);
  });

  it('gives a new uid for an invalid token instead of renewing it, for a solved challenge only', async () => {
    const first = await app.session();
    const forged = { Authorization: `Bearer ${first.idToken}x` };
    expect((await postSession({}, forged)).status).toBe(400);
    const res = await postSession({ altcha: await app.solvedChallenge() }, forged);
    expect(res.body.uid).not.toBe(first.uid);
  });

  it('costs a proof of work in ALTCHA format: no solution, a wrong one or a replay is refused', async () => {
    const challenge = await app.request('/api/session/challenge');
    expect(challenge.status).toBe(200);
    expect(challenge.headers.get('cache-control')).toBe('no-store');
    expect(challenge.body).toEqual({
      algorithm: 'SHA-256',
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      salt: expect.any(String),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      maxnumber: 1,
    });
    const refused = { status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } } };
    expect(await postSession(undefined)).toMatchObject(refused);
    expect(await postSession({ altcha: 'bm90IGpzb24=' })).toMatchObject(refused);
    const solution = JSON.parse(atob(await app.solvedChallenge()));
    const wrongNumber = btoa(JSON.stringify({ ...solution, number: solution.number + 2 }));
    expect(await postSession({ altcha: wrongNumber })).toMatchObject(refused);
    const otherSignature = btoa(JSON.stringify({ ...solution, signature: '0'.repeat(64) }));
    expect(await postSession({ altcha: otherSignature })).toMatchObject(refused);
    const good = btoa(JSON.stringify(solution));
    expect((await postSession({ altcha: good })).status).toBe(200);
    expect(await postSession({ altcha: good }), 'a challenge buys one session').toMatchObject(refused);
  });

  it('at the default cost a solved challenge is accepted, and it came from the server', async () => {
    const costly = await startTestApp({ SESSION_POW_MAX_NUMBER: '50000' });
    try {
      const challenge = await costly.request('/api/session/challenge');
      expect(challenge.body.maxnumber).toBe(50_000);
      const res = await costly.request('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ altcha: await costly.solvedChallenge() }),
      });
      expect(res.status).toBe(200);
      // a challenge of another server (another key) is not accepted
      expect(
        (
          await costly.request('/api/session', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ altcha: await app.solvedChallenge() }),
          })
        ).status,
      ).toBe(400);
    } finally {
      await costly.close();
    }
  });

  it('with the proof of work off (benches), the challenge the browser gets is solved at once and a session follows', async () => {
    const free = await startTestApp({ SESSION_POW_MAX_NUMBER: '0' });
    try {
      const challenge = await free.request('/api/session/challenge');
      expect(challenge.body.maxnumber).toBe(0);
      const solution = JSON.parse(atob(await free.solvedChallenge()));
      expect(solution.number).toBe(0);
      const res = await free.request('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ altcha: btoa(JSON.stringify(solution)) }),
      });
      expect(res.status).toBe(200);
    } finally {
      await free.close();
    }
  });

  it('two sessions are different visitors', async () => {
    const [a, b] = await Promise.all([app.session(), app.session()]);
    expect(a.uid).not.toBe(b.uid);
  });
});
