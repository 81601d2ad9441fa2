import type { Logger } from 'pino';

export interface Periodic {
  /** Stops the loop and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `everyMs` in this process, one run at a time (the next waits for the last);
 * a failed run is logged by its error code and the loop goes on. Jobs must be safe to run in
 * several processes at once: they claim their work in the database.
 */
export function startPeriodic(
  name: string,
  job: () => Promise<void>,
  { everyMs, log }: { everyMs: number; log: Logger },
): Periodic {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = job()
        .catch((err: unknown) =>
          log.error(
            { job: name, error: (err as { code?: string }).code ?? 'EUNKNOWN' },
            'scheduled job failed',
          ),
        )
        .finally(next);
    }, everyMs);
    timer.unref();
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
