/**
 * Adaptive batching: calls made while `parallel` batches are already in flight wait and then go
 * to the database together as one batch (at most `maxSize`). An idle server runs each call at
 * once; under a rush the batches grow by themselves, as a database's group commit does.
 *
 * `gatherMs`: calls that come in a steady stream below the rate that fills the batches in flight
 * (a rush spread over a minute: one every few milliseconds) would otherwise each run alone, a
 * statement each. A call that comes within `gatherMs` of the one before waits until it is
 * `gatherMs` old for the calls behind it, then goes with them; a call alone (no other within
 * `gatherMs`) runs at once, and a call that waited for a free batch goes as soon as one is free.
 *
 * `run` answers one result per item, in order; if it fails, every call of that batch fails.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { parallel: number; maxSize: number; gatherMs?: number; now?: () => number },
): (item: I) => Promise<O> {
  type Call = {
    item: I;
    at: number;
    gather: boolean;
    resolve: (out: O) => void;
    reject: (err: unknown) => void;
  };
  const now = options.now ?? (() => performance.now());
  const gatherMs = options.gatherMs ?? 0;
  let waiting: Call[] = [];
  let inFlight = 0;
  let lastCallAt = -Infinity;
  let gathering: ReturnType<typeof setTimeout> | undefined;

  /** How long the oldest waiting call still gathers the calls behind it (0: it goes now). */
  function gatherLeft(): number {
    const first = waiting[0]!;
    if (!first.gather || waiting.length >= options.maxSize) return 0;
    return Math.max(0, first.at + gatherMs - now());
  }

  function pump() {
    while (inFlight < options.parallel && waiting.length > 0) {
      const left = gatherLeft();
      if (left > 0) {
        gathering ??= setTimeout(() => {
          gathering = undefined;
          pump();
        }, left);
        return;
      }
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
      const at = now();
      waiting.push({ item, at, gather: gatherMs > 0 && at - lastCallAt < gatherMs, resolve, reject });
      lastCallAt = at;
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
