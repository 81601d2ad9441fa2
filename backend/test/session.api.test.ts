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

describe('a visitor call that opens its own session', () => {
  function callOpening(name: string, data: unknown, session: unknown, headers: Record<string, string> = {}) {
    return app.request(`/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ data, session }),
    });
  }

  it('register with a solved challenge instead of a token: the hold and the session in one answer', async () => {
    const res = await callOpening('register', {}, { altcha: await app.solvedChallenge() });
    expect(res.status).toBe(200);
    expect(res.body.result.ticketId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.session).toEqual({
      uid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      idToken: expect.any(String),
      expiresAt: expect.any(Number),
    });
    // The session is a session like any other: the same hold again with its token, and renewable.
    const again = await app.call('register', {}, res.body.session.idToken);
    expect(again.body.result).toEqual(res.body.result);
    const renewed = await postSession(undefined, { Authorization: `Bearer ${res.body.session.idToken}` });
    expect(renewed.body.uid).toBe(res.body.session.uid);
  });

  it('sent again (its answer lost), the same solution names the same session and finds the same hold', async () => {
    const altcha = await app.solvedChallenge();
    const first = await callOpening('register', {}, { altcha });
    const retried = await callOpening('register', {}, { altcha });
    expect(retried.body.session.uid).toBe(first.body.session.uid);
    expect(retried.body.result.ticketId).toBe(first.body.result.ticketId);
    // One solution is one session, whichever way it is spent.
    const viaSession = await postSession({ altcha });
    expect(viaSession.body.uid).toBe(first.body.session.uid);
    const other = await callOpening('register', {}, { altcha: await app.solvedChallenge() });
    expect(other.body.session.uid).not.toBe(first.body.session.uid);
  });

  it('a refusal after the session was opened carries the session too', async () => {
    const res = await callOpening(
      'startBankIDAuth',
      { personalNumber: '123' },
      { altcha: await app.solvedChallenge() },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'invalidPersonalNumber' });
    expect(res.body.session.uid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('without a genuine solution nothing opens: no session in the answer, and a token call is unchanged', async () => {
    const refused = { status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } } };
    for (const asked of [{}, { altcha: 'bm90IGpzb24=' }, 'x', null, { resume: 'abc' }]) {
      const res = await callOpening('register', {}, asked);
      expect(res, JSON.stringify(asked)).toMatchObject(refused);
      expect(res.body.session).toBeUndefined();
    }
    const solution = JSON.parse(atob(await app.solvedChallenge()));
    const wrongNumber = btoa(JSON.stringify({ ...solution, number: solution.number + 2 }));
    expect(await callOpening('register', {}, { altcha: wrongNumber })).toMatchObject(refused);
    // No token and no session: 401 as before.
    const bare = await app.request('/api/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    });
    expect(bare.status).toBe(401);
    // A staff function opens nothing.
    const staff = await callOpening('getSaleDashboard', {}, { altcha: await app.solvedChallenge() });
    expect(staff.status).toBe(401);
    expect(staff.body.session).toBeUndefined();
  });

  it('sessions opened by calls count against the per-address session limit, with POST /api/session', async () => {
    // sessionPerAddress is 600 a minute; at this scale 6. One trusted proxy hop names the client.
    const limited = await startTestApp({
      RATE_LIMIT_SCALE: '0.01',
      TRUSTED_PROXIES: '1',
      SESSION_POW_MAX_NUMBER: '0',
    });
    try {
      const from = { 'X-Forwarded-For': '198.51.100.9', 'Content-Type': 'application/json' };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.request('/api/session', { method: 'POST', headers: from })).status);
      for (let i = 0; i < 4; i++) {
        const res = await limited.request('/api/getFlow', {
          method: 'POST',
          headers: from,
          body: JSON.stringify({ data: {}, session: {} }),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.session).toBeUndefined();
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('with the proof of work off (benches), an empty session opens one', async () => {
    const free = await startTestApp({ SESSION_POW_MAX_NUMBER: '0' });
    try {
      const res = await free.request('/api/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: {}, session: {} }),
      });
      expect(res.status).toBe(200);
      expect(res.body.result.ticketId).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.session.uid).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await free.close();
    }
  });
});
