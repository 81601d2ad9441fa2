import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import { copyForLang } from './queries.js';

/**
 * The copy every page load inlines (the web-apps middleware): read at most once per `maxAgeMs` per
 * language and shared by the loads in between, so a rush of page loads costs no query each.
 * An edit saved through this process shows at once (`invalidate`); one saved through another
 * process within `maxAgeMs`. A read that finds the same texts gives the same object as before,
 * so what is made from the copy (the pages, shell-page.ts) is made again only when a text changed.
 */
export function createCopyReader(sql: Queryable, maxAgeMs = 1000, now: () => number = Date.now) {
  const cached = new Map<Lang, { at: number; copy: Promise<Record<string, string>> }>();
  const held = new Map<Lang, Record<string, string>>();
  return {
    forLang(lang: Lang): Promise<Record<string, string>> {
      const hit = cached.get(lang);
      if (hit && now() - hit.at < maxAgeMs) return hit.copy;
      const copy = copyForLang(sql, lang).then((texts) => {
        const before = held.get(lang);
        if (before && sameTexts(before, texts)) return before;
        held.set(lang, texts);
        return texts;
      });
      cached.set(lang, { at: now(), copy });
      copy.catch(() => cached.delete(lang));
      return copy;
    },
    invalidate(): void {
      cached.clear();
    },
  };
}
export type CopyReader = ReturnType<typeof createCopyReader>;

function sameTexts(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}
