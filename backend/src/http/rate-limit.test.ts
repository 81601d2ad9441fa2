import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.js';

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
