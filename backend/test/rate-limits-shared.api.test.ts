import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitSlack } from '../src/http/rate-limit.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Rate limits hold across processes: three backends counting in one Redis let one address
 * through the documented limit, not three times it; with Redis gone each counts on its own
 * (fewer limits, never none). TEST_REDIS_URL names the machine's Redis (.ci/run sets it).
 */
const redisUrl = process.env.TEST_REDIS_URL;
// sessionChallengePerAddress is 1200 a minute; at this scale 12.
const LIMITED = { RATE_LIMIT_SCALE: '0.01' };
const LIMIT = 12;

async function challengeStatuses(apps: TestApp[], perApp: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < perApp; i++) {
    for (const app of apps) statuses.push((await app.request('/api/session/challenge')).status);
  }
  return statuses;
}

describe.skipIf(!redisUrl)('rate limits in Redis, shared by three backends', () => {
  let apps: TestApp[] = [];
  beforeAll(async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    apps = await Promise.all(
      [1, 2, 3].map(() => startTestApp({ ...LIMITED, REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix })),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('one address gets the documented limit across all three, not three times it', async () => {
    const statuses = await challengeStatuses(apps, 10);
    // Each process counts here and reconciles with Redis in batches: at most rateLimitSlack(12) = 1
    // more a process (http/rate-limit-store.ts sharedWindows).
    const allowed = statuses.filter((s) => s === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(LIMIT);
    expect(allowed).toBeLessThanOrEqual(LIMIT - 1 + 3 * rateLimitSlack(LIMIT));
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - allowed);
    const refused = await apps[2]!.request('/api/session/challenge');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: 'tooManyRequests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('rate limits when Redis cannot be reached', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    app = await startTestApp({ ...LIMITED, REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => app?.close());

  it('each process still counts on its own: the limit holds, nothing fails', async () => {
    const statuses = await challengeStatuses([app], LIMIT + 3);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
  });
});
