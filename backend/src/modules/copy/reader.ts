import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import { copyForLang } from './queries.js';

/**
 * The copy every page load inlines (the web-apps middleware): read at most once per `maxAgeMs` per
 * language and shared by the loads in between, so a rush of page loads costs no query each.
 * An edit saved through this process shows at once (`invalidate`); one saved through another
 * process within `maxAgeMs`.
 */
export function createCopyReader(sql: Queryable, maxAgeMs = 1000, now: () => number = Date.now) {
  const cached = new Map<Lang, { at: number; copy: Promise<Record<string, string>> }>();
  return {
    forLang(lang: Lang): Promise<Record<string, string>> {
      const hit = cached.get(lang);
      if (hit && now() - hit.at < maxAgeMs) return hit.copy;
      const copy = copyForLang(sql, lang);
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
