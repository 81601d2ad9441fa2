import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { errorMessageKey, substituteCopy, type CopyKey } from '@concert/shared/universal';
import { ApiError } from './api-client.js';
import { concertCopyVariablesAtom, copyAtom, langAtom } from './state.js';

export type Translate = (key: CopyKey, vars?: Record<string, string | number>) => string;

/** `t(key, vars)`: the copy text of the current language with its variables substituted; a missing key shows the key. */
export function useCopy(): Translate {
  const copy = useAtomValue(copyAtom);
  const lang = useAtomValue(langAtom);
  // The concert's facts (date, venue, amounts, hold) as the server derived them from the current concert.
  const concertVariables = useAtomValue(concertCopyVariablesAtom)?.[lang];
  return useCallback<Translate>(
    (key, vars) => {
      const raw = copy?.[key];
      if (raw === undefined) return key;
      return substituteCopy(raw, lang, concertVariables ? { ...concertVariables, ...vars } : vars);
    },
    [copy, lang, concertVariables],
  );
}

/** The text for a failed API call: the §8 message of its error id (the admin refusals have their own). */
export function apiErrorText(t: Translate, err: unknown): string {
  const id = err instanceof ApiError ? err.errorId : 'unknownError';
  return t(errorMessageKey(id));
}
