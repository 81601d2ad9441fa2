import { useEffect, useEffectEvent } from 'react';

export interface PollingOptions<T> {
  /** Polling runs while this is set and starts over when it changes (e.g. an order's id). */
  key: string | number | null | undefined;
  /** Milliseconds between an answer and the next poll. */
  every: number;
  /** The first poll at once instead of after `every`. */
  immediately?: boolean;
  /** When to stop asking (ms since the epoch): then `onDeadline` instead of another poll. */
  deadline?: number;
  poll: () => Promise<T>;
  /** An answer (`round` counts from 0); true asks again. */
  onAnswer: (answer: T, round: number) => boolean;
  /** A poll that failed, with how many failed in a row; true asks again. Without it, polling stops. */
  onError?: (error: unknown, failuresInARow: number) => boolean;
  onDeadline?: () => void;
}

/**
 * Asks the same question until the answer is final: one poll at a time, each after the last
 * answer, stopped on unmount or when `key` changes (answers that arrive after that are dropped).
 */
export function usePolling<T>({
  key,
  every,
  immediately = false,
  deadline,
  ...handlers
}: PollingOptions<T>): void {
  const poll = useEffectEvent(() => handlers.poll());
  const answered = useEffectEvent((answer: T, round: number) => handlers.onAnswer(answer, round));
  const failed = useEffectEvent(
    (error: unknown, failures: number) => handlers.onError?.(error, failures) ?? false,
  );
  const expired = useEffectEvent(() => handlers.onDeadline?.());

  useEffect(() => {
    if (key === null || key === undefined) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let round = 0;
    let failures = 0;
    const tick = async () => {
      if (deadline !== undefined && Date.now() >= deadline) return expired();
      let answer: T;
      try {
        answer = await poll();
      } catch (error) {
        if (!stopped && failed(error, ++failures)) timer = setTimeout(tick, every);
        return;
      }
      if (stopped) return;
      failures = 0;
      if (answered(answer, round++)) timer = setTimeout(tick, every);
    };
    if (immediately) void tick();
    else timer = setTimeout(tick, every);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, every, immediately, deadline]);
}
