import type { Context, Middleware } from 'koa';
import { AppError } from '../errors.js';

export interface RateLimit {
  /** Requests allowed per key in each window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters per key, in this process's memory. Several backend processes each
 * count on their own, so the effective limit is per process; that is enough to stop one client
 * hammering an endpoint, which is what these limits are for.
 */
export function createRateLimiter({ limit, windowMs }: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  function sweep(t: number) {
    if (t - lastSweep < windowMs) return;
    lastSweep = t;
    for (const [key, w] of windows) if (t - w.start >= windowMs) windows.delete(key);
  }

  return {
    /** Counts one request for key; refused with the seconds until the window resets. */
    take(key: string): { allowed: true } | { allowed: false; retryAfterSec: number } {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      if (w.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)) };
    },
    size: () => windows.size,
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function tooManyRequests(retryAfterSec: number): AppError {
  return new AppError('RESOURCE_EXHAUSTED', 'tooManyRequests', { 'Retry-After': String(retryAfterSec) });
}

/** Refuses with 429 RESOURCE_EXHAUSTED and Retry-After once `keyOf(ctx)` has used its share. */
export function rateLimited(limiter: RateLimiter, keyOf: (ctx: Context) => string): Middleware {
  return async (ctx, next) => {
    const verdict = limiter.take(keyOf(ctx));
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSec);
    await next();
  };
}

/**
 * The documented limits (README). Generous per address, because at a venue or behind a mobile
 * carrier's NAT many phones share one (a new session costs a proof of work instead); tighter
 * per visitor session where a session exists.
 */
export const RATE_LIMITS = {
  sessionPerAddress: { limit: 600, windowMs: 60_000 },
  sessionChallengePerAddress: { limit: 1200, windowMs: 60_000 },
  // A session holds one ticket at a time: a few registers a minute are all a person makes.
  registerPerSession: { limit: 10, windowMs: 60_000 },
  registerPerAddress: { limit: 1200, windowMs: 60_000 },
  bankIdStartPerSession: { limit: 10, windowMs: 60_000 },
  bankIdStartPerAddress: { limit: 300, windowMs: 60_000 },
  clientLogPerAddress: { limit: 30, windowMs: 60_000 },
  enterQueuePerSession: { limit: 5, windowMs: 60_000 },
  enterQueuePerAddress: { limit: 200, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;
