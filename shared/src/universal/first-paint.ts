// The first paint of the start page and memberCheck: markup the server writes into index.html so
// the page shows before any script has loaded (backend http/web-apps.ts). It is not written by
// hand: each app renders its own components when it builds (react-dom/server,
// `@concert/shared/first-paint-render`) and ships the result in its dist as `first-paint.json`:
// the shell its visitor layout (header, footer), the visitor flow its painted screens. Texts are
// markers there; the server fills them from the current copy at each page load. React then
// renders the same page over it (keeping it as its loading placeholder), so nothing moves.
// Not part of `@concert/shared/universal`: no app's bundle carries it.
import { z } from 'zod';
import { CONCERT_STATUSES, type ConcertStatus } from './api.js';
import { LANGS, type Lang } from './constants.js';
import type { CopyKey } from './copy-keys.js';
import { substituteCopy } from './copy.js';

/** What stands for a copy text in a painted template (characters that HTML escaping leaves alone). */
export const copyMarker = (key: CopyKey): string => `⟦${key}⟧`;
const COPY_MARKER = /⟦([A-Za-z0-9.]+)⟧/g;
/** In the layout: where the screen goes, and the path segment of the screen (the language toggle links to it). */
export const MAIN_SLOT = '⟦#main⟧';
export const PAGE_SLOT = '⟦#page⟧';

/** The file name, beside each app's mf-manifest.json. */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** The start page differs by concert status; `unknown` when the server could not tell. */
const PAINT_STATUSES = [...CONCERT_STATUSES, 'unknown'] as const;
export type PaintStatus = (typeof PAINT_STATUSES)[number];

/** The shell's `dist/first-paint.json`: its visitor layout per language, and its styles. */
export const paintedLayoutSchema = z.object({ css: z.string(), layout: z.record(z.enum(LANGS), z.string()) });
export type PaintedLayout = z.infer<typeof paintedLayoutSchema>;

/**
 * The visitor flow's `dist/first-paint.json`: per language, each painted screen by its path
 * segment (`''` is the start page), one markup or one per concert status; and its styles.
 */
export const paintedPagesSchema = z.object({
  css: z.string(),
  pages: z.record(z.enum(LANGS), z.record(z.string(), z.union([z.string(), z.record(z.enum(PAINT_STATUSES), z.string())]))),
});
export type PaintedPages = z.infer<typeof paintedPagesSchema>;

export interface FirstPaintInput {
  /** The path asked for, e.g. `/sv/` or `/en/memberCheck`. */
  pathname: string;
  lang: Lang;
  copy: Record<string, string>;
  concertStatus: ConcertStatus | null;
}

/** The markup of `#root` for a painted screen, or null for any other page (it waits for the apps). */
export function firstPaintHtml({ layout, pages }: { layout: PaintedLayout; pages: PaintedPages }, input: FirstPaintInput): string | null {
  const match = /^\/(sv|en)\/([^/]*)$/.exec(input.pathname);
  if (!match || match[1] !== input.lang) return null;
  const segment = match[2]!;
  const page = Object.hasOwn(pages.pages[input.lang], segment) ? pages.pages[input.lang][segment]! : undefined;
  const main = typeof page === 'string' ? page : page?.[input.concertStatus ?? 'unknown'];
  if (main === undefined) return null;
  const text = (key: string) => {
    const raw = input.copy[key];
    return escapeHtml(raw === undefined ? key : substituteCopy(raw, input.lang));
  };
  return layout.layout[input.lang]
    .replace(PAGE_SLOT, () => escapeHtml(segment))
    .replace(MAIN_SLOT, () => main)
    .replace(COPY_MARKER, (_, key: string) => text(key));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
