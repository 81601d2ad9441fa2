import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  redisCountStore,
  sharedWindows,
  type CountIncrement,
  type SharedCount,
  type SharedCountStore,
} from './rate-limit-store.js';

/**
 * A shared store whose answers arrive when the test says: the count is added when the batch
 * reaches the store (at once, or when released: `addOnRelease`), the answer only on release, so
 * the test can keep any process as far behind the others as it likes.
 */
function slowStore(addOnRelease: boolean) {
  const counts = new Map<string, number>();
  const waiting: (() => void)[] = [];
  const addAll = (increments: readonly CountIncrement[]): SharedCount[] =>
    increments.map(({ key, n }) => {
      counts.set(key, (counts.get(key) ?? 0) + n);
      return { count: counts.get(key)!, ttlMs: 60_000 };
    });
  const store: SharedCountStore = {
    add: (increments) =>
      new Promise((resolve) => {
        const added = addOnRelease ? undefined : addAll(increments);
        waiting.push(() => resolve(added ?? addAll(increments)));
      }),
    reachable: () => true,
  };
  return {
    store,
    /** Answers the batch at `index` of those waiting (modulo their number); false if none waits. */
    answer(index: number): boolean {
      if (waiting.length === 0) return false;
      waiting.splice(index % waiting.length, 1)[0]!();
      return true;
    },
  };
}

const turn = () => new Promise((r) => setImmediate(r));

/** A small deterministic random sequence (the test must be repeatable). */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

/**
 * N processes' counters on one store, requests and answers interleaved at random: how many of
 * `requests` got through for one key.
 */
async function rush(opts: {
  processes: number;
  limit: number;
  slack: number;
  seed: number;
  addOnRelease: boolean;
  /** How often a step answers a waiting batch instead of sending a request (0: never, until the end). */
  answerShare?: number;
}) {
  const { store, answer } = slowStore(opts.addOnRelease);
  const takes = Array.from({ length: opts.processes }, () => sharedWindows(store, { flushMs: 0 }));
  const random = sequence(opts.seed);
  const verdicts: Promise<{ allowed: boolean }>[] = [];
  for (let step = 0; step < 3000; step++) {
    if (random() >= (opts.answerShare ?? 0.4)) {
      const take = takes[step % takes.length]!;
      verdicts.push(take('address', opts.limit, 60_000, opts.slack));
    } else answer(Math.floor(random() * 1000));
    await turn();
  }
  // Every answer delivered, every waiting request decided (a few quiet turns: nothing more to send).
  for (let quiet = 0; quiet < 5;) {
    quiet = answer(0) ? 0 : quiet + 1;
    await turn();
  }
  const decided = await Promise.all(verdicts);
  return { requests: decided.length, allowed: decided.filter((v) => v.allowed).length };
}

describe('sharedWindows: counted here, reconciled with the shared store in batches', () => {
  it.each([
    { processes: 3, limit: 100, slack: 5, addOnRelease: false },
    { processes: 3, limit: 100, slack: 5, addOnRelease: true },
    { processes: 5, limit: 12, slack: 1, addOnRelease: false },
    { processes: 2, limit: 1200, slack: 12, addOnRelease: true },
  ])(
    'lets through at least the limit and at most limit - 1 + processes × slack ($processes processes, limit $limit, slack $slack)',
    async ({ processes, limit, slack, addOnRelease }) => {
      for (const seed of [1, 2, 3]) {
        const { requests, allowed } = await rush({ processes, limit, slack, seed, addOnRelease });
        expect(requests).toBeGreaterThan(limit + processes * slack);
        expect(allowed).toBeGreaterThanOrEqual(limit);
        expect(allowed).toBeLessThanOrEqual(limit - 1 + processes * slack);
      }
    },
  );

  it('one process lets through exactly the limit, however late the answers come', async () => {
    for (const seed of [4, 5]) {
      const { allowed } = await rush({ processes: 1, limit: 50, slack: 5, seed, addOnRelease: true });
      expect(allowed).toBe(50);
    }
  });

  it('negative control: counting here without waiting at the slack lets each process through the whole limit', async () => {
    // No answer until every request was made: each process decides on its own count alone.
    const unbounded = await rush({
      processes: 3,
      limit: 100,
      slack: 100,
      seed: 6,
      addOnRelease: false,
      answerShare: 0,
    });
    expect(unbounded.allowed).toBe(300);
    const bounded = await rush({
      processes: 3,
      limit: 100,
      slack: 5,
      seed: 6,
      addOnRelease: false,
      answerShare: 0,
    });
    expect(bounded.allowed).toBeGreaterThanOrEqual(100);
    expect(bounded.allowed).toBeLessThanOrEqual(100 - 1 + 3 * 5);
  });

  it('a request does not wait for the store while below the slack; at the slack it waits for the answer', async () => {
    const { store, answer } = slowStore(false);
    const take = sharedWindows(store, { flushMs: 0 });
    expect(await take('k', 10, 60_000, 2)).toEqual({ allowed: true });
    expect(await take('k', 10, 60_000, 2)).toEqual({ allowed: true });
    let third: { allowed: boolean } | undefined;
    void take('k', 10, 60_000, 2).then((v) => (third = v));
    await turn();
    await turn();
    expect(third).toBeUndefined();
    while (answer(0)) await turn();
    await turn();
    expect(third).toEqual({ allowed: true });
  });

  it('batches: many admissions of many keys reach the store in few commands', async () => {
    let commands = 0;
    let increments = 0;
    const counts = new Map<string, number>();
    const take = sharedWindows(
      {
        reachable: () => true,
        add: async (batch) => {
          commands++;
          increments += batch.reduce((n, i) => n + i.n, 0);
          return batch.map(({ key, n }) => ({
            count: counts.set(key, (counts.get(key) ?? 0) + n).get(key)!,
            ttlMs: 60_000,
          }));
        },
      },
      { flushMs: 0 },
    );
    await Promise.all(Array.from({ length: 500 }, (_, i) => take(`session-${i % 250}`, 10, 60_000, 1)));
    await new Promise((r) => setTimeout(r, 30));
    expect(increments).toBe(500);
    expect(commands).toBeLessThanOrEqual(4);
  });

  it('while the store cannot be reached, each process counts the limit on its own', async () => {
    const take = sharedWindows({ reachable: () => false, add: () => Promise.reject(new Error('down')) });
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push((await take('k', 3, 60_000, 1)).allowed);
    expect(verdicts).toEqual([true, true, true, false, false]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('sharedWindows on Redis (TEST_REDIS_URL)', () => {
  it('three processes hammering one key: at least the limit, at most limit - 1 + 3 × slack', async () => {
    const clients = [1, 2, 3].map(() => new Redis(redisUrl!, { enableOfflineQueue: true }));
    try {
      await Promise.all(clients.map((c) => c.ping()));
      const takes = clients.map((c) => sharedWindows(redisCountStore(c)));
      const key = `test-rl-${randomBytes(6).toString('hex')}`;
      const verdicts = await Promise.all(
        Array.from({ length: 900 }, (_, i) => takes[i % 3]!(key, 300, 60_000, 3)),
      );
      const allowed = verdicts.filter((v) => v.allowed).length;
      await new Promise((r) => setTimeout(r, 100)); // the last batch's answer
      expect(allowed).toBeGreaterThanOrEqual(300);
      expect(allowed).toBeLessThanOrEqual(300 - 1 + 3 * 3);
      // Redis counted every admission.
      expect(Number(await clients[0]!.get(key))).toBe(allowed);
      expect(await clients[0]!.pttl(key)).toBeGreaterThan(50_000);
      await clients[0]!.del(key);
    } finally {
      clients.forEach((c) => c.disconnect());
    }
  });
});
