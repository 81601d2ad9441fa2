import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { errorMessageKey, holdMinutesText, substituteCopy, type CopyKey } from '@concert/shared/universal';
import { ApiError } from './api-client.js';
import { copyAtom, holdMinutesAtom, langAtom } from './state.js';

export type Translate = (key: CopyKey, vars?: Record<string, string | number>) => string;

/** `t(key, vars)`: the copy text of the current language with its variables substituted; a missing key shows the key. */
export function useCopy(): Translate {
  const copy = useAtomValue(copyAtom);
  const lang = useAtomValue(langAtom);
  // The hold's length the texts name is the server's HOLD_MINUTES, not the constants map's default.
  const holdMinutes = useAtomValue(holdMinutesAtom);
  return useCallback<Translate>(
    (key, vars) => {
      const raw = copy?.[key];
      if (raw === undefined) return key;
      return substituteCopy(
        raw,
        lang,
        holdMinutes === null ? vars : { holdMinutes: holdMinutesText(holdMinutes, lang), ...vars },
      );
    },
    [copy, lang, holdMinutes],
  );
}

/** The text for a failed API call: the §8 message of its error id (the admin refusals have their own). */
export function apiErrorText(t: Translate, err: unknown): string {
  const id = err instanceof ApiError ? err.errorId : 'unknownError';
  return t(errorMessageKey(id));
}
