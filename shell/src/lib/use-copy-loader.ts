import { api, copyAtom, langAtom } from '@concert/shared/browser';
import type { Lang } from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

const loaded = new Map<Lang, Promise<Record<string, string>>>();

/** Loads the copy of the current language (never cached by HTTP, so an editor's save shows on the next page load). */
export function useCopyLoader(): void {
  const lang = useAtomValue(langAtom);
  const setCopy = useSetAtom(copyAtom);
  useEffect(() => {
    let current = true;
    let request = loaded.get(lang);
    if (!request) {
      request = api.getCopy(lang);
      loaded.set(lang, request);
      request.catch(() => loaded.delete(lang));
    }
    request.then((copy) => current && setCopy(copy)).catch(() => current && setCopy((c) => c ?? {}));
    return () => {
      current = false;
    };
  }, [lang, setCopy]);
}
