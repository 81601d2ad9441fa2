/**
 * Adaptive batching: calls made while `parallel` batches are already in flight wait and then go
 * to the database together as one batch (at most `maxSize`). An idle server runs each call at
 * once; under a rush the batches grow by themselves, as a database's group commit does.
 * `run` answers one result per item, in order; if it fails, every call of that batch fails.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { parallel: number; maxSize: number },
): (item: I) => Promise<O> {
  let waiting: { item: I; resolve: (out: O) => void; reject: (err: unknown) => void }[] = [];
  let inFlight = 0;

  function pump() {
    while (inFlight < options.parallel && waiting.length > 0) {
      const batch = waiting.slice(0, options.maxSize);
      waiting = waiting.slice(batch.length);
      inFlight++;
      run(batch.map((w) => w.item))
        .then(
          (outs) => batch.forEach((w, i) => w.resolve(outs[i] as O)),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
}

/**
 * A batch function over distinct items: the same item twice in a batch (a double tap landing in
 * one batch) runs once and both calls get its result. A statement may then write each row once.
 */
export function distinctItems<I, O>(run: (items: I[]) => Promise<O[]>): (items: I[]) => Promise<O[]> {
  return async (items) => {
    const distinct = [...new Set(items)];
    if (distinct.length === items.length) return run(items);
    const outs = await run(distinct);
    const byItem = new Map(distinct.map((item, i) => [item, outs[i] as O]));
    return items.map((item) => byItem.get(item) as O);
  };
}
