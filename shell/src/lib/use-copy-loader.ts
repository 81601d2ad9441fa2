import { api, concertStatusAnswerAtom, copyAtom, langAtom, store } from '@concert/shared/browser';
import { bootData } from './boot-data.js';
import type { Lang } from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from '@concert/shared/router';
import { copyPreviewRequested, withDrafts } from '../features/copy-preview/copy-preview.js';

type Copy = Record<string, string>;

/** The whole copy of each language loaded (or being loaded) so far. */
const loaded = new Map<Lang, Promise<Copy>>();
/** A visitor page's inlined copy: enough for visitor pages, not for staff pages. */
let visitorCopy: { lang: Lang; copy: Promise<Copy> } | undefined;

/** The first render already has the page's texts and status when the server inlined them. */
export function seedFromBootData(): void {
  const boot = bootData();
  if (boot.lang && boot.copy) {
    if (boot.visitorCopyOnly) visitorCopy = { lang: boot.lang, copy: Promise.resolve(boot.copy) };
    else loaded.set(boot.lang, Promise.resolve(boot.copy));
    store.set(langAtom, boot.lang);
    store.set(copyAtom, boot.copy);
  }
  // As old as the page at least: counted from the navigation's start, not from this script's.
  if (boot.concertStatus)
    store.set(concertStatusAnswerAtom, boot.concertStatus, Math.round(performance.timeOrigin));
}

/**
 * Loads the copy of the current language (never cached by HTTP, so an editor's save shows on the
 * next page load); the whole copy for staff pages, where a visitor page's inlined copy lacks texts.
 * In the copy editor's preview, a visitor page shows the saved drafts over it (copy admins only).
 */
export function useCopyLoader(): void {
  const lang = useAtomValue(langAtom);
  const setCopy = useSetAtom(copyAtom);
  const staffPage = useLocation().pathname.startsWith('/admin');
  const preview = copyPreviewRequested && !staffPage;
  useEffect(() => {
    let current = true;
    let request =
      loaded.get(lang) ?? (!staffPage && visitorCopy?.lang === lang ? visitorCopy.copy : undefined);
    if (!request) {
      request = api.getCopy(lang);
      loaded.set(lang, request);
      request.catch(() => loaded.delete(lang));
    }
    (preview ? withDrafts(request, lang) : request)
      .then((copy) => current && setCopy(copy))
      .catch(() => current && setCopy((c) => c ?? {}));
    return () => {
      current = false;
    };
  }, [lang, staffPage, preview, setCopy]);
}
