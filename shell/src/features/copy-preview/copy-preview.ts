import { staffApi, store } from '@concert/shared/browser';
import type { CopyDraft } from '@concert/shared/api';
import { isCopyPreview, type Lang } from '@concert/shared/universal';
import { atom } from 'jotai';
import { forgetForTab, rememberedForTab } from '../../lib/tab-memory.js';

type Copy = Record<string, string>;

const REMEMBERED = 'concert.copyPreview';

/**
 * The copy editor's preview on the real page: opened with `?preview=drafts` (its preview link),
 * remembered for the tab so the visitor pages that follow show the drafts too, until the banner's
 * "leave". Decided once, when the shell starts.
 */
function detect(): boolean {
  if (typeof location === 'undefined') return false; // the first paint, rendered when the shell builds
  return rememberedForTab(REMEMBERED, isCopyPreview(location.search));
}
export const copyPreviewRequested = detect();

/** What the banner says: drafts are on the page, or they cannot be (not signed in as a copy admin here). */
export const copyPreviewAtom = atom<'loading' | 'on' | 'unavailable'>('loading');

let drafts: Promise<CopyDraft[]> | undefined;

/**
 * The copy with the saved drafts of `lang` over the published texts. Drafts come from the staff API
 * with the signed-in staff member's token (copy admins only): for anyone else the API refuses, the
 * published copy stays and the banner says why. Visitors' pages never ask.
 */
export async function withDrafts(copy: Promise<Copy>, lang: Lang): Promise<Copy> {
  drafts ??= staffApi.call('listCopyDrafts', {});
  const request = drafts;
  const [published, list] = await Promise.all([copy, request.catch(() => null)]);
  if (!list) {
    if (drafts === request) drafts = undefined; // e.g. signed in meanwhile: asked again on the next load
    store.set(copyPreviewAtom, 'unavailable');
    return published;
  }
  store.set(copyPreviewAtom, 'on');
  return { ...published, ...Object.fromEntries(list.map((d) => [d.key, d[lang]])) };
}

/** Back to the published texts: the tab forgets the preview and the page loads again without it. */
export function leaveCopyPreview(): void {
  forgetForTab(REMEMBERED);
  const url = new URL(location.href);
  url.searchParams.delete('preview');
  location.assign(url.toString());
}
