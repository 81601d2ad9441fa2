import { isIPv6 } from 'node:net';
import { Redis } from 'ioredis';
import type { Context, Middleware } from 'koa';
import { AppError } from '../errors.js';
import { memoryWindows, redisCountStore, sharedWindows, type Decision } from './rate-limit-store.js';

export interface RateLimit {
  /** Requests allowed per key in each window. */
  limit: number;
  windowMs: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSec: number };

/** Counts requests per key; refused with the seconds until the key's window resets. */
export interface RateLimiter {
  take(key: string): Promise<Verdict>;
}

/**
 * Where the counters live. `shared`: one Redis every backend process counts in, so N processes
 * behind a balancer let one address through about the documented limit, not N times it (fixed
 * windows; each process counts here and reconciles with Redis in batches, see
 * `rate-limit-store.ts` `sharedWindows` for the bound). `memory`: this process only, for a
 * single process (the demo's `npm start`, nothing to install).
 */
export type RateLimitStore =
  { kind: 'memory' } | { kind: 'shared'; take: ReturnType<typeof sharedWindows>; keyPrefix: string };

/** Opens the shared store (REDIS_URL); without one, each process counts on its own. */
export function openRateLimitStore(options: {
  redisUrl?: string;
  keyPrefix: string;
  /** Told when Redis cannot be reached (at most every 30 s): limits then count per process. */
  onUnreachable?: (message: string) => void;
}): RateLimitStore & { ready: Promise<void>; close(): Promise<void> } {
  if (!options.redisUrl) return { kind: 'memory', ready: Promise.resolve(), close: async () => {} };
  // Offline commands fail at once (the counters then count in this process): a limit never waits
  // long for Redis.
  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    lazyConnect: false,
  });
  // Failed commands count in this process; the client reconnects by itself.
  let toldAt = -Infinity;
  redis.on('error', (err: Error) => {
    if (Date.now() - toldAt < 30_000) return;
    toldAt = Date.now();
    options.onUnreachable?.(err.message);
  });
  // Serving before the connection is up would count the first requests in this process only.
  const ready = new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(settle, 3000);
    redis.once('ready', settle);
    redis.once('end', settle);
  });
  return {
    kind: 'shared',
    take: sharedWindows(redisCountStore(redis)),
    keyPrefix: options.keyPrefix,
    ready,
    close: async () => {
      redis.disconnect();
    },
  };
}

/**
 * How many requests of a key one process may admit before Redis has counted them: 1 % of the
 * limit, at least 1. With N processes a key gets at most N × this beyond its limit in a window
 * (registerPerAddress, 1200 a minute: 12 a process; a session's 10 registers: 1 a process).
 */
export function rateLimitSlack(limit: number): number {
  return Math.max(1, Math.floor(limit / 100));
}

/**
 * A limiter in the store. With Redis, an outage of Redis falls back to counting in this
 * process, so the sale goes on with per-process limits rather than none.
 */
export function createRateLimiter(
  name: string,
  { limit, windowMs }: RateLimit,
  store: RateLimitStore = { kind: 'memory' },
): RateLimiter {
  const verdict = (d: Decision): Verdict =>
    d.allowed ? d : { allowed: false, retryAfterSec: Math.max(1, Math.ceil(d.retryAfterMs / 1000)) };
  if (store.kind === 'memory') {
    const take = memoryWindows();
    return { take: async (key) => verdict(take(key, limit, windowMs)) };
  }
  const prefix = `${store.keyPrefix}rl:${name}:`;
  const slack = rateLimitSlack(limit);
  return { take: async (key) => verdict(await store.take(prefix + key, limit, windowMs, slack)) };
}

export function tooManyRequests(retryAfterSec: number): AppError {
  return new AppError('RESOURCE_EXHAUSTED', 'tooManyRequests', { 'Retry-After': String(retryAfterSec) });
}

/** Counts one request of `key`; refused with 429 RESOURCE_EXHAUSTED and Retry-After once the key has used its share. */
export async function takeOrRefuse(limiter: RateLimiter, key: string): Promise<void> {
  const verdict = await limiter.take(key);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSec);
}

/** Koa's form of `takeOrRefuse`, for the key `keyOf(ctx)`. */
export function rateLimited(limiter: RateLimiter, keyOf: (ctx: Context) => string): Middleware {
  return async (ctx, next) => {
    await takeOrRefuse(limiter, keyOf(ctx));
    await next();
  };
}

/**
 * The documented limits (docs/privacy-and-limits.md). Generous per address, because at a venue or behind a mobile
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
  // The page saves its place after each step (debounced): a few dozen a minute at most per person;
  // many people share a carrier's address.
  saveFlowPerSession: { limit: 60, windowMs: 60_000 },
  saveFlowPerAddress: { limit: 6000, windowMs: 60_000 },
  // The contact form: a person writes a few messages; a script is held to a handful per session
  // (and sessions cost a proof of work) and per address.
  contactPerSession: { limit: 3, windowMs: 10 * 60_000 },
  contactPerAddress: { limit: 60, windowMs: 10 * 60_000 },
  // A ticket page is opened a few times by its attendee; guessing codes (128 bits) is held back anyway.
  ticketPagePerSession: { limit: 30, windowMs: 60_000 },
  ticketPagePerAddress: { limit: 600, windowMs: 60_000 },
  // The BankID QR code's frames (GET /api/getBankIdQr): the page asks once a second while it shows
  // the code (60 a minute; two tabs of one session 120). Counted in each process's memory (app.ts
  // IN_PROCESS_LIMITS): a frame reads and writes nothing. Per address room for 200 screens showing
  // a code at once behind one address (a venue, a carrier's NAT).
  bankIdQrPerSession: { limit: 150, windowMs: 60_000 },
  bankIdQrPerAddress: { limit: 12_000, windowMs: 60_000 },
  // Frames of an order this process does not hold yet read its row once: a page needs one per
  // order and process; a script asking for made-up orders is held to this (shared store).
  bankIdQrLookupsPerSession: { limit: 30, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;

/**
 * The key an address is counted under (issue 39 §11): an IPv4 address as it is; an IPv6 address
 * by its /64 prefix, since one subscriber (a home, a phone) gets a whole /64 and could otherwise
 * take a fresh address, and a fresh budget, for every request. IPv4 written as IPv6
 * (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function rateLimitAddressKey(address: string): string {
  const ip = address.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(ip: string): number[] {
  const withoutV4 = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head = '', tail] = withoutV4.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const zeros = Array<string>(8 - headParts.length - tailParts.length).fill('0');
  return [...headParts, ...zeros, ...tailParts].map((g) => parseInt(g, 16));
}
