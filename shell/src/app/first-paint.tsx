import { paintMarkup } from '@concert/shared/first-paint-render';
import { MAIN_SLOT, PAGE_SLOT, type PaintedLayout } from '@concert/shared/first-paint';
import { LANGS } from '@concert/shared/universal';
import { VisitorLayout } from './visitor-layout.js';

/**
 * The visitor layout (header, footer) as the first paint shows it, per language, with slots for
 * the screen the visitor flow paints into it. Rendered when the shell builds
 * (`npm run build`: shared/build/write-first-paint.mjs), never in the browser.
 */
export function paint(): Omit<PaintedLayout, 'css'> {
  const layout = Object.fromEntries(
    LANGS.map((lang) => [lang, paintMarkup(<VisitorLayout>{MAIN_SLOT}</VisitorLayout>, { pathname: `/${lang}/${PAGE_SLOT}`, lang, concertStatus: null })]),
  );
  return { layout: layout as PaintedLayout['layout'] };
}
