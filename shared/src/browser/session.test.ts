import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The server of the session's calls: a challenge (number 0) per GET, a session per POST; what it was asked. */
function server() {
  const asked: Array<{ method: string; path: string; body?: unknown }> = [];
  let made = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    asked.push({ method: init?.method ?? 'GET', path: url, body });
    if (url === '/api/session/challenge') {
      const salt = `salt-${asked.length}?expires=1`;
      const challenge = bytesToHex(sha256(utf8ToBytes(`${salt}0`)));
      return Response.json({ algorithm: 'SHA-256', challenge, salt, signature: 's', maxnumber: 0 });
    }
    made++;
    return Response.json({ uid: `u${made}`, idToken: `token-${made}`, expiresAt: Date.now() + 3_600_000 });
  });
  return asked;
}

/** A fresh page: the module's state anew. */
const page = async () => {
  vi.resetModules();
  return import('./session.js');
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.useRealTimers());

describe("the page's session", () => {
  it('is prepared ahead without a session request, and opened by the first call that takes the solution', async () => {
    const asked = server();
    const session = await page();
    session.prepareSession();
    await flush();
    expect(asked.map((a) => `${a.method} ${a.path}`)).toEqual(['GET /api/session/challenge']);
    const altcha = await session.opensSession.take();
    expect(JSON.parse(atob(altcha!))).toMatchObject({ number: 0, salt: 'salt-1?expires=1' });
    // Another call meanwhile sends a token: the one the opening call brings.
    expect(await session.opensSession.take()).toBeUndefined();
    const waiting = session.ensureSession();
    const opened = { uid: 'opened', idToken: 'token-opened', expiresAt: Date.now() + 3_600_000 };
    session.opensSession.settle({ session: opened });
    expect(await waiting).toEqual(opened);
    expect(await session.sessionTokenWhenReady()).toBe('token-opened');
    expect(await session.opensSession.take()).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it('a call whose answer was lost leaves its solution for the next try: the same session', async () => {
    const asked = server();
    const session = await page();
    session.prepareSession();
    const altcha = await session.opensSession.take();
    session.opensSession.settle({});
    await session.ensureSession();
    expect(asked.map((a) => `${a.method} ${a.path}`)).toEqual([
      'GET /api/session/challenge',
      'POST /api/session',
    ]);
    expect(asked[1]!.body).toEqual({ altcha });
  });

  it('a refused solution is not sent again: a new challenge is solved', async () => {
    const asked = server();
    const session = await page();
    session.prepareSession();
    await session.opensSession.take();
    session.opensSession.settle({ refused: true });
    await session.ensureSession();
    expect(asked.map((a) => `${a.method} ${a.path}`)).toEqual([
      'GET /api/session/challenge',
      'GET /api/session/challenge',
      'POST /api/session',
    ]);
  });

  it('a solution older than 8 minutes is solved again before it is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const asked = server();
    const session = await page();
    session.prepareSession();
    await flush();
    vi.setSystemTime(Date.now() + 8 * 60_000 + 1);
    const altcha = await session.opensSession.take();
    expect(JSON.parse(atob(altcha!)).salt).toBe('salt-2?expires=1');
    expect(asked.filter((a) => a.path === '/api/session/challenge')).toHaveLength(2);
  });

  it('a report waits for the page to prepare its session, then makes it (its first call may never come)', async () => {
    const asked = server();
    const session = await page();
    let token: string | undefined;
    void session.sessionTokenWhenReady().then((t) => (token = t));
    await flush();
    expect(token).toBeUndefined();
    expect(asked).toHaveLength(0);
    session.prepareSession();
    await flush();
    expect(token).toBe('token-1');
  });
});
