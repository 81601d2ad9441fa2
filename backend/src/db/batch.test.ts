import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatcher, distinctItems } from './batch.js';

/** A batch function whose batches finish only when the test says so. */
function controlled() {
  const batches: { items: number[]; finish: (fail?: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        items,
        finish: (fail) => (fail ? reject(fail) : resolve(items.map((i) => `answer ${i}`))),
      });
    });
  return { batches, run };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('createBatcher', () => {
  it('runs a call at once while fewer than `parallel` batches are in flight', async () => {
    const { batches, run } = controlled();
    const call = createBatcher(run, { parallel: 2, maxSize: 10 });
    const answers = [call(1), call(2)];
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    batches.forEach((b) => b.finish());
    expect(await Promise.all(answers)).toEqual(['answer 1', 'answer 2']);
  });

  it('gathers the calls that wait into one batch of at most maxSize, answering each its own result', async () => {
    const { batches, run } = controlled();
    const call = createBatcher(run, { parallel: 1, maxSize: 3 });
    const answers = [1, 2, 3, 4, 5, 6].map((i) => call(i));
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.finish();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
    batches[2]!.finish();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `answer ${i}`));
  });

  it('fails every call of a failed batch and none of the next', async () => {
    const { batches, run } = controlled();
    const call = createBatcher(run, { parallel: 1, maxSize: 10 });
    const first = call(1);
    const second = [call(2), call(3)];
    batches[0]!.finish(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await settle();
    batches[1]!.finish();
    expect(await Promise.all(second)).toEqual(['answer 2', 'answer 3']);
  });
});

describe('createBatcher with gatherMs (a steady stream of calls)', () => {
  afterEach(() => vi.useRealTimers());
  const gathering = (maxSize = 10) => {
    vi.useFakeTimers();
    const { batches, run } = controlled();
    const call = createBatcher(run, { parallel: 2, maxSize, gatherMs: 10, now: () => Date.now() });
    return { batches, call };
  };

  it('runs a call that comes alone at once', () => {
    const { batches, call } = gathering();
    void call(1);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    vi.advanceTimersByTime(50);
    void call(2);
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
  });

  it('holds a call that follows another closely until it is gatherMs old, with the calls behind it', async () => {
    const { batches, call } = gathering();
    const answers = [call(1)];
    vi.advanceTimersByTime(4);
    answers.push(call(2));
    vi.advanceTimersByTime(4);
    answers.push(call(3));
    vi.advanceTimersByTime(4);
    answers.push(call(4));
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches.forEach((b) => b.finish());
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4].map((i) => `answer ${i}`));
  });

  it('sends a full batch at once', () => {
    const { batches, call } = gathering(2);
    void call(1);
    void call(2);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    void call(3);
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3]]);
  });

  it('sends the calls that waited for a free batch as soon as one is free (they gathered meanwhile)', async () => {
    const { batches, call } = gathering();
    void call(1);
    vi.advanceTimersByTime(1);
    void call(2);
    vi.advanceTimersByTime(10);
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    void call(3);
    void call(4);
    vi.advanceTimersByTime(30);
    expect(batches).toHaveLength(2);
    batches[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4]]);
  });
});

describe('distinctItems', () => {
  it('runs an item that comes twice in a batch once, and answers both calls its result', async () => {
    const runs: string[][] = [];
    const run = distinctItems(async (items: string[]) => {
      runs.push(items);
      return items.map((i) => `answer ${i}`);
    });
    expect(await run(['a', 'b', 'a', 'c', 'b'])).toEqual([
      'answer a',
      'answer b',
      'answer a',
      'answer c',
      'answer b',
    ]);
    expect(runs).toEqual([['a', 'b', 'c']]);
    expect(await run(['x', 'y'])).toEqual(['answer x', 'answer y']);
    expect(runs[1]).toEqual(['x', 'y']);
  });
});
