import { paintMarkup } from '@concert/shared/first-paint-render';
import type { PaintedPages, PaintStatus } from '@concert/shared/first-paint';
import { CONCERT_STATUSES, type ConcertStatus } from '@concert/shared/api';
import { LANGS, paths, type Lang } from '@concert/shared/universal';
import type { ComponentType } from 'react';
import { MemberCheckPage } from '../features/member-check/member-check-page.js';
import { StartPage } from '../features/start/start-page.js';

/** The screens painted into index.html before any script has loaded: the first ones a visitor sees. */
const PAINTED: Record<string, ComponentType> = {
  [segmentOf(paths.visitor.start.getHref('sv'))]: StartPage,
  [segmentOf(paths.visitor.memberCheck.getHref('sv'))]: MemberCheckPage,
};

/** The page's path below its language (`/sv/memberCheck` → `memberCheck`), as the server looks it up. */
function segmentOf(href: string): string {
  return href.split('/').slice(2).join('/');
}

const STATUSES: [PaintStatus, ConcertStatus | null][] = [...CONCERT_STATUSES.map((s) => [s, s] as [PaintStatus, ConcertStatus]), ['unknown', null]];

/**
 * Those screens as a fresh visit renders them, per language and concert status (one markup when
 * the status changes nothing). Rendered when the visitor flow builds (`npm run build`:
 * shared/build/write-first-paint.mjs) and shipped beside its mf-manifest.json, so the server
 * paints what this very release renders.
 */
export function paint(): Omit<PaintedPages, 'css'> {
  const pagesOf = (lang: Lang) =>
    Object.fromEntries(
      Object.entries(PAINTED).map(([segment, Screen]) => {
        const byStatus = Object.fromEntries(STATUSES.map(([key, concertStatus]) => [key, paintMarkup(<Screen />, { pathname: `/${lang}/${segment}`, lang, concertStatus })]));
        const variants = new Set(Object.values(byStatus));
        return [segment, variants.size === 1 ? [...variants][0]! : (byStatus as Record<PaintStatus, string>)];
      }),
    );
  return { pages: Object.fromEntries(LANGS.map((lang) => [lang, pagesOf(lang)])) as PaintedPages['pages'] };
}
