/**
 * B/A of two BENCH_AB runs, one in each order (B's tree the second process, then the first): the
 * geometric mean of the two readings is B/A without the positions' bias, and the square root of
 * their quotient is that bias (below 1: the second process reads cheaper than the first).
 */
export function bothOrders(bSecond, bFirst) {
  return { ratio: Math.sqrt(bSecond * bFirst), positionBias: Math.sqrt(bSecond / bFirst) };
}
