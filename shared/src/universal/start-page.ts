import type { ConcertStatus } from './api.js';
import type { CopyKey } from './copy-keys.js';

const INTRO_KEY = {
  Open: 'start.intro.open',
  Queue: 'start.intro.queue',
  Closed: 'start.intro.closed',
  Done: 'start.intro.done',
} as const;

/**
 * The start page's intro by concert status (SPEC.md §2), for the screen and the server's first
 * paint alike. Once the concert itself has been (`over`), the page says so: no phone orders.
 */
export function startIntroKey(status: ConcertStatus | null, over = false): CopyKey {
  if (status === 'Done' && over) return 'start.intro.over';
  return status ? INTRO_KEY[status] : 'start.statusUnknown';
}

/** Whether the concert of a status answer has ended (its `concert.endsAt` has passed). */
export const concertIsOver = (concert: { endsAt: string } | null | undefined, now = Date.now()): boolean =>
  !!concert && now >= Date.parse(concert.endsAt);

/** The ticket button's text, or null when there is no button: status unknown or sales done (SPEC.md §2). */
export function startButtonKey(status: ConcertStatus | null): CopyKey | null {
  if (!status || status === 'Done') return null;
  return status === 'Queue'
    ? 'start.button.queue'
    : status === 'Closed'
      ? 'start.button.closed'
      : 'start.button.buy';
}

/**
 * The start page's cover, also the image of a shared link's card (scripts/make-media.mjs makes the
 * files; the shell serves them under /media/, cached for a year: a new picture gets a new version).
 * 1200 × 630 is the card's shape (Open Graph, Twitter); the page shows it at its width.
 */
export const COVER = {
  version: 'v1',
  width: 1200,
  height: 630,
  widths: [480, 800, 1200],
} as const;

export const coverUrl = (width: (typeof COVER.widths)[number], format: 'avif' | 'webp' | 'jpg'): string =>
  `/media/cover-${COVER.version}-${width}.${format}`;

export const coverSrcSet = (format: 'avif' | 'webp' | 'jpg'): string =>
  COVER.widths.map((w) => `${coverUrl(w, format)} ${w}w`).join(', ');

/** The cover is as wide as the page's column (640 px at most, 16 px margins on a phone). */
export const COVER_SIZES = '(min-width: 672px) 640px, calc(100vw - 32px)';

/** One name per line in the copy (the line-up: display data an editor keeps, SPEC.md §3). */
export function copyLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
