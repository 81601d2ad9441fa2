import { describe, expect, it } from 'vitest';
import { bothOrders } from './ab-ratio.mjs';

describe('bench:ab, B/A from both orders', () => {
  it('takes out a bias of the positions: the same work reads the same', () => {
    // B is A, and the second process reads 2 % cheaper: 0.98 with B second, 1 / 0.98 with B first.
    const same = bothOrders(0.98, 1 / 0.98);
    expect(same.ratio).toBeCloseTo(1, 6);
    expect(same.positionBias).toBeCloseTo(0.98, 6);
  });

  it('reads a change through the bias (the ninth session’s keys made once: B the earlier tree)', () => {
    // Run first with the earlier tree second (0.996), then first (1 / 0.954).
    const { ratio, positionBias } = bothOrders(0.996, 1 / 0.954);
    expect(1 / ratio).toBeCloseTo(0.979, 3);
    expect(positionBias).toBeCloseTo(0.975, 3);
  });
});
