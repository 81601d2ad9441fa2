// Issue 39 §11: per-address limits count an IPv6 client by its /64 (one subscriber's whole
// prefix), so rotating through its addresses buys no fresh budget; IPv4 stays per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

// sessionChallengePerAddress is 1200 a minute; at this scale 12. One trusted proxy hop names the client.
const LIMIT = 12;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_SCALE: '0.01', TRUSTED_PROXIES: '1' });
});
afterAll(() => app.close());

const challengeFrom = async (address: string) =>
  (await app.request('/api/session/challenge', { headers: { 'X-Forwarded-For': address } })).status;

describe('per-address rate limits and IPv6 (issue 39 §11)', () => {
  it('a new address in the same /64 for every request shares one budget; another /64 has its own', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 3; i++)
      statuses.push(await challengeFrom(`2001:db8:aa:1::${i.toString(16)}`));
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    // written another way, still that /64
    expect(await challengeFrom('2001:0db8:00aa:0001:ffff:ffff:ffff:ffff')).toBe(429);
    // the neighbouring /64 is another subscriber
    expect(await challengeFrom('2001:db8:aa:2::1')).toBe(200);
  });

  it('IPv4 is still counted per address', async () => {
    for (let i = 0; i < LIMIT; i++) expect(await challengeFrom('198.51.100.7')).toBe(200);
    expect(await challengeFrom('198.51.100.7')).toBe(429);
    expect(await challengeFrom('198.51.100.8')).toBe(200);
  });
});
