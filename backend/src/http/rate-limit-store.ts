/**
 * Rate-limit counters shared by every backend process (Redis), counted here first and reconciled
 * in batches: a request does not wait for Redis, each process tells Redis what it admitted in one
 * command per round trip (all keys of all limits together), and learns each key's count from the
 * answer. See `sharedWindows` for the bound this puts on what gets through.
 */
import type { Redis } from 'ioredis';

/** What a batch tells the shared store: `n` more admitted under `key`, whose window lasts `windowMs`. */
export interface CountIncrement {
  key: string;
  n: number;
  windowMs: number;
}

/** The key's count in its current window, all processes together, and the ms until the window ends. */
export interface SharedCount {
  count: number;
  ttlMs: number;
}

/** The shared store as the counters need it (Redis; tests may hold the answers back). */
export interface SharedCountStore {
  /** Adds each increment to its key (a new key starts its window) and answers the counts, in order. */
  add(increments: readonly CountIncrement[]): Promise<SharedCount[]>;
  /** False while the store cannot be reached: the counters then count in this process only. */
  reachable(): boolean;
}

/**
 * INCRBY each key, start the window of a new one (PEXPIRE), answer count and PTTL per key. One
 * script, so a batch is one round trip and atomic per key (the store is one Redis, not a cluster).
 */
const ADD_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, ARGV[2 * i - 1])
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    ttl = tonumber(ARGV[2 * i])
    redis.call('PEXPIRE', key, ttl)
  end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out`;

/** The shared store in Redis (keys `<prefix>rl:<limit>:<key>` as before). */
export function redisCountStore(redis: Redis): SharedCountStore {
  redis.defineCommand('rateLimitAdd', { lua: ADD_SCRIPT });
  const add = (redis as unknown as { rateLimitAdd(...args: (string | number)[]): Promise<number[]> })
    .rateLimitAdd;
  return {
    async add(increments) {
      const reply = await add.call(
        redis,
        increments.length,
        ...increments.map((i) => i.key),
        ...increments.flatMap((i) => [i.n, i.windowMs]),
      );
      return increments.map((_, k) => ({ count: Number(reply[2 * k]), ttlMs: Number(reply[2 * k + 1]) }));
    },
    reachable: () => redis.status === 'ready',
  };
}

/** One key's fixed window as this process sees it. */
interface Window {
  /** When the window ends (this process's clock; Redis's PTTL once it has answered). */
  resetAt: number;
  /** Admitted by all processes together, as the store last answered. */
  known: number;
  /** Admitted here and not yet in an answer of the store (sent or still to send). */
  unconfirmed: number;
  /** Of those, not yet sent. */
  unsent: number;
  /** Admitted here in this window: what counts while the store cannot be reached. */
  here: number;
}

/**
 * How long admissions gather before they go to the store: a round trip per 10 ms at most while
 * requests flow (each costs about 100 µs of CPU; a request does not wait for it).
 */
const FLUSH_MS = 10;

export type Decision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * The counters of one store, batched: `take(key, limit, windowMs, slack)` admits while the count
 * the store last answered plus what this process admitted since stays under the limit, and
 * without waiting for the store while that unconfirmed part is below `slack`; at `slack` the
 * request waits for the store's next answer. One batch is in flight at a time; what is admitted
 * meanwhile goes in the next (adaptive: an idle server sends each admission at once).
 *
 * The bound: with N processes, a key gets at most `limit - 1 + N × slack` requests through in a
 * window. (Once the store's count reaches the limit, each process learns it from its next answer,
 * and until then it can have admitted at most `slack` the store had not counted.) With one process
 * it is exactly the limit. While the store cannot be reached, each process admits `limit` a window
 * on its own count (fewer limits, never none), as `memoryWindows` does.
 */
export function sharedWindows(
  store: SharedCountStore,
  options: {
    /** How long admissions gather before they are sent (a request waiting at its slack sends at once). */
    flushMs?: number;
    now?: () => number;
  } = {},
) {
  const { flushMs = FLUSH_MS, now = Date.now } = options;
  const windows = new Map<string, Window>();
  let dirty = new Map<Window, CountIncrement>();
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let answered: (() => void)[] = [];
  let nextSweep = 0;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (inFlight || dirty.size === 0) return;
    inFlight = true;
    const batch = [...dirty];
    dirty = new Map();
    const sent = batch.map(([w, inc]) => {
      const n = w.unsent;
      w.unsent = 0;
      return { ...inc, n };
    });
    store
      .add(sent)
      .then(
        (counts) => {
          const at = now();
          batch.forEach(([w], k) => {
            const { count, ttlMs } = counts[k]!;
            w.unconfirmed -= sent[k]!.n;
            w.known = count;
            w.resetAt = at + Math.max(0, ttlMs);
          });
        },
        // Not counted by the store: admitted here (in `here`), and no process waits for it.
        () => batch.forEach(([w], k) => (w.unconfirmed -= sent[k]!.n)),
      )
      .finally(() => {
        inFlight = false;
        const waiting = answered;
        answered = [];
        waiting.forEach((wake) => wake());
        if (dirty.size > 0) schedule();
      });
  }

  /** The next batch goes `flushMs` after the first admission it holds (or when the one in flight is answered). */
  function schedule() {
    if (timer || inFlight) return;
    timer = setTimeout(flush, flushMs);
    timer.unref();
  }

  const nextAnswer = () =>
    new Promise<void>((resolve) => {
      answered.push(resolve);
      if (!inFlight) flush();
    });

  function windowOf(key: string, windowMs: number, at: number): Window {
    if (at >= nextSweep) {
      for (const [k, w] of windows) if (at >= w.resetAt && w.unconfirmed === 0) windows.delete(k);
      nextSweep = at + Math.min(windowMs, 60_000);
    }
    let w = windows.get(key);
    if (!w || at >= w.resetAt) {
      w = { resetAt: at + windowMs, known: 0, unconfirmed: 0, unsent: 0, here: 0 };
      windows.set(key, w);
    }
    return w;
  }

  return async function take(key: string, limit: number, windowMs: number, slack: number): Promise<Decision> {
    for (;;) {
      const at = now();
      const w = windowOf(key, windowMs, at);
      const refused = { allowed: false, retryAfterMs: w.resetAt - at } as const;
      if (!store.reachable()) {
        if (w.here >= limit) return refused;
        w.here++;
        return { allowed: true };
      }
      if (w.known + w.unconfirmed >= limit) return refused;
      if (w.unconfirmed < slack) {
        w.unconfirmed++;
        w.unsent++;
        w.here++;
        if (!dirty.has(w)) dirty.set(w, { key, n: 0, windowMs });
        schedule();
        return { allowed: true };
      }
      await nextAnswer();
    }
  };
}

/** Counters in this process only (one process, or the demo): exact fixed windows. */
export function memoryWindows(now: () => number = Date.now) {
  const windows = new Map<string, { resetAt: number; count: number }>();
  let nextSweep = 0;
  return function take(key: string, limit: number, windowMs: number): Decision {
    const at = now();
    if (at >= nextSweep) {
      for (const [k, w] of windows) if (at >= w.resetAt) windows.delete(k);
      nextSweep = at + windowMs;
    }
    let w = windows.get(key);
    if (!w || at >= w.resetAt) {
      w = { resetAt: at + windowMs, count: 0 };
      windows.set(key, w);
    }
    if (w.count >= limit) return { allowed: false, retryAfterMs: w.resetAt - at };
    w.count++;
    return { allowed: true };
  };
}
