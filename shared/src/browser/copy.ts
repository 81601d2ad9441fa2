import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { substituteCopy } from '../universal/copy.js';
import { copyAtom, langAtom } from './state.js';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** `t(key, vars)`: the copy text of the current language with its variables substituted; a missing key shows the key. */
export function useCopy(): Translate {
  const copy = useAtomValue(copyAtom);
  const lang = useAtomValue(langAtom);
  return useCallback<Translate>((key, vars) => {
    const raw = copy?.[key];
    return raw === undefined ? key : substituteCopy(raw, lang, vars);
  }, [copy, lang]);
}
