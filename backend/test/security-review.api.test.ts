import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../src/compose.js';
import { createSessionTokens } from '../src/modules/session/tokens.js';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';

/** Issue 30 point 9: the lows of a security review (b–g; a is in check-in.api.test.ts). */
const AUDIENCE = 'api://concert-staff-test';

let app: TestApp;
/** A second backend process over the same database (its own caches), as behind a load balancer. */
let second: RunningApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;

beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
  });
  second = await startApp({
    config: app.config,
    sql: app.db.sql,
    log: pino({ level: 'silent' }),
    tokens: createSessionTokens(randomBytes(32)),
    protector: app.protector,
    outboxAutoStart: false,
    queueSweepAutoStart: false,
    schedulersAutoStart: false,
  });
});
afterAll(async () => {
  await second?.close();
  await app?.close();
  await authority?.close();
});

async function callOn(baseUrl: string, name: string, data: unknown, token?: string) {
  const res = await fetch(`${baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('b: a signed-out staff member’s token stops working at once', () => {
  it('in every backend process, for every token issued until the sign-out; a new sign-in works', async () => {
    const token = await authority.tokenFor('door@org.example');
    const copy = await authority.tokenFor('door@org.example'); // another tab's token
    // Both processes know the token (and cache the sighting).
    expect((await callOn(app.baseUrl, 'doorStatus', {}, token)).status).toBe(200);
    expect((await callOn(second.baseUrl, 'doorStatus', {}, token)).status).toBe(200);
    expect((await callOn(second.baseUrl, 'getStaffProfile', {}, token)).status).toBe(200);

    expect((await callOn(app.baseUrl, 'staffSignOut', {}, token)).body).toEqual({
      result: { signedOut: true },
    });
    for (const base of [app.baseUrl, second.baseUrl])
      for (const [fn, t] of [
        ['doorStatus', token],
        ['getStaffProfile', token],
        ['isCopyAdmin', copy],
      ] as const)
        expect((await callOn(base, fn, {}, t)).body, fn).toEqual({
          error: { status: 'UNAUTHENTICATED', message: 'noFirebaseToken' },
        });
    const [audit] = await app.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM audit_log a JOIN staff s ON s.id = a.staff_id
      WHERE a.action = 'staff.signOut' AND s.email = 'door@org.example'`;
    expect(audit!.n).toBe(1);

    // Signed in again (a token issued after the sign-out's second): works everywhere.
    await sleep(1100);
    const fresh = await authority.tokenFor('door@org.example');
    expect((await callOn(app.baseUrl, 'doorStatus', {}, fresh)).status).toBe(200);
    expect((await callOn(second.baseUrl, 'doorStatus', {}, fresh)).status).toBe(200);
    // Another staff member is not signed out.
    expect(
      (await callOn(second.baseUrl, 'doorStatus', {}, await authority.tokenFor('office@org.example'))).status,
    ).toBe(200);
  });
});
