import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

export interface ApiQuery<T> {
  /** The last answer; null until the first one. Kept when a later load fails. */
  data: T | null;
  setData: Dispatch<SetStateAction<T | null>>;
  /** Why the last load failed, null after one that worked. */
  failure: unknown;
  loading: boolean;
  /** Loads again; resolves to the answer (null when it failed). */
  reload: () => Promise<T | null>;
}

/**
 * Data from the API for a screen: loaded on mount and again whenever `key` changes, with a
 * reload for refresh buttons and retries. Only the latest load's answer is kept (an earlier
 * one that arrives late, or one that arrives after unmount, is dropped).
 */
export function useApiQuery<T>(key: readonly unknown[], load: () => Promise<T>): ApiQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const latestLoad = useRef(load);
  const generation = useRef(0);
  useEffect(() => {
    latestLoad.current = load;
  });

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const answer = await latestLoad.current();
      if (mine === generation.current) {
        setData(answer);
        setFailure(null);
      }
      return answer;
    } catch (err) {
      if (mine === generation.current) setFailure(err);
      return null;
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  const keyText = JSON.stringify(key);
  useEffect(() => {
    const loads = generation;
    void reload();
    // Whatever is still on its way belongs to the old key (or to an unmounted screen).
    return () => {
      loads.current++;
    };
  }, [keyText, reload]);

  return { data, setData, failure, loading, reload };
}
