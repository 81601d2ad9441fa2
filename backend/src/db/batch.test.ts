import { describe, expect, it } from 'vitest';
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
