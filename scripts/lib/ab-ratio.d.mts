/** Types of ab-ratio.mjs, for its test (the benches are plain JavaScript). */
export function bothOrders(
  bSecond: number,
  bFirst: number,
): {
  /** B/A without the positions' bias. */
  ratio: number;
  /** What the second position reads against the first for the same work (1: none). */
  positionBias: number;
};
