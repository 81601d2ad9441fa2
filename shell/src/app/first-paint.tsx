import { paintMarkup } from '@concert/shared/first-paint-render';
import { MAIN_SLOT, PAGE_SLOT, PAINTED_STATUSES, type PaintedLayout } from '@concert/shared/first-paint';
import type { ConcertStatus } from '@concert/shared/api';
import { LANGS, paths, type Lang } from '@concert/shared/universal';
import { VisitorLayout } from './visitor-layout.js';

/** The visitor pages by their path below the language (`memberCheck`), those without a param of their own. */
const SEGMENTS = Object.values(paths.visitor)
  .map((route) => /^\/:lang\/([^/:]*)$/.exec(route.path)?.[1])
  .filter((segment) => segment !== undefined);

/**
 * The visitor layout (header, footer) as the first paint shows it, per language, with slots for
 * the screen the visitor flow paints into it; and, where a page and concert status change it (the
 * queue page while tickets are on sale keeps the countdown's place), the layout of that page.
 * Rendered when the shell builds (`npm run build`: shared/build/write-first-paint.mjs), never in
 * the browser.
 */
export function paint(): Omit<PaintedLayout, 'css'> {
  const render = (lang: Lang, pathname: string, concertStatus: ConcertStatus | null) =>
    paintMarkup(<VisitorLayout>{MAIN_SLOT}</VisitorLayout>, { pathname, lang, concertStatus });
  const layout = Object.fromEntries(
    LANGS.map((lang) => [lang, render(lang, `/${lang}/${PAGE_SLOT}`, null)]),
  ) as PaintedLayout['layout'];
  const pages = Object.fromEntries(
    LANGS.map((lang) => {
      const changed = SEGMENTS.flatMap((segment) => {
        const usual = layout[lang].replace(PAGE_SLOT, segment);
        const byStatus = PAINTED_STATUSES.flatMap(([key, status]) => {
          const own = render(lang, `/${lang}/${segment}`, status);
          return own === usual ? [] : [[key, own] as const];
        });
        return byStatus.length ? [[segment, Object.fromEntries(byStatus)] as const] : [];
      });
      return [lang, Object.fromEntries(changed)];
    }),
  ) as NonNullable<PaintedLayout['pages']>;
  return { layout, pages };
}
