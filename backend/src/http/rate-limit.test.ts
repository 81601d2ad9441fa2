import { describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitAddressKey } from './rate-limit.js';

describe('createRateLimiter (this process)', () => {
  it('allows `limit` requests per key and window, then refuses with the seconds left', async () => {
    const limiter = createRateLimiter('test', { limit: 3, windowMs: 60_000 });
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.take('a'));
    expect(verdicts.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(verdicts[3]).toEqual({ allowed: false, retryAfterSec: expect.any(Number) });
    expect((verdicts[3] as { retryAfterSec: number }).retryAfterSec).toBeGreaterThan(55);
    expect((verdicts[3] as { retryAfterSec: number }).retryAfterSec).toBeLessThanOrEqual(60);
    // Another key has its own count.
    expect(await limiter.take('b')).toEqual({ allowed: true });
  });

  it('opens again once the window is over', async () => {
    const limiter = createRateLimiter('short', { limit: 1, windowMs: 1000 });
    expect((await limiter.take('a')).allowed).toBe(true);
    expect((await limiter.take('a')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.take('a')).allowed).toBe(true);
  });
});

describe('rateLimitAddressKey (issue 39 §11)', () => {
  it.each([
    ['2001:db8:aa:1::1', '2001:db8:aa:1::/64'],
    ['2001:db8:aa:1:ffff:ffff:ffff:ffff', '2001:db8:aa:1::/64'],
    ['2001:0DB8:00AA:0001:0:0:0:9', '2001:db8:aa:1::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['198.51.100.7', '198.51.100.7'],
  ])('%s counts as %s', (address, key) => {
    expect(rateLimitAddressKey(address)).toBe(key);
  });

  it('two /64s never share a key', () => {
    expect(rateLimitAddressKey('2001:db8:aa:1::1')).not.toBe(rateLimitAddressKey('2001:db8:aa:2::1'));
  });
});
