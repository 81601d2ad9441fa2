import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.js';

describe('createRateLimiter', () => {
  it('allows `limit` requests per key and window, then refuses with the seconds left', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, () => t);
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    t = 15_000;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSec: 45 });
    expect(limiter.take('b').allowed).toBe(true);
    t = 60_000;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('forgets finished windows so memory stays bounded', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 }, () => t);
    for (let i = 0; i < 500; i++) limiter.take(`client-${i}`);
    expect(limiter.size()).toBe(500);
    t = 2000;
    limiter.take('late');
    expect(limiter.size()).toBe(1);
  });
});
