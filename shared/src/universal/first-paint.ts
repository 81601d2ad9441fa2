// The first paint of the visitor pages a link can open (start, memberCheck, information, error): markup the server writes into index.html so
// the page shows before any script has loaded (backend http/web-apps.ts). It is not written by
// hand: each app renders its own components when it builds (react-dom/server,
// `@concert/shared/first-paint-render`) and ships the result in its dist as `first-paint.json`:
// the shell its visitor layout (header, footer), the visitor flow its painted screens. Texts are
// markers there; the server fills them from the current copy at each page load. React then
// renders the same page over it (keeping it as its loading placeholder), so nothing moves.
// Not part of `@concert/shared/universal`: no app's bundle carries it.
import { z } from 'zod';
import { CONCERT_STATUSES, type ConcertStatus } from './api.js';
import { LANGS, QR_SIZE_PX, SUPPORT, telHref, type Lang } from './constants.js';
import type { CopyKey } from './copy-keys.js';
import { substituteCopy } from './copy.js';
import { copyLines, COVER, COVER_SIZES, coverSrcSet, coverUrl, startIntroKey } from './start-page.js';
import { queuePageMovesOn } from './flow.js';

/** What stands for a copy text in a painted template (characters that HTML escaping leaves alone). */
export const copyMarker = (key: CopyKey): string => `⟦${key}⟧`;
const COPY_MARKER = /⟦([A-Za-z0-9.]+)⟧/g;
/**
 * A list item made from a copy text with one entry per line (`copyLines`, e.g. the line-up): when
 * the app was built the text was one marker, so one item; the server makes one item per line.
 */
const LIST_ITEM_MARKER = /<li>⟦([A-Za-z0-9.]+)⟧<\/li>/g;
/** In the layout: where the screen goes, and the path segment of the screen (the language toggle links to it). */
export const MAIN_SLOT = '⟦#main⟧';
export const PAGE_SLOT = '⟦#page⟧';
/**
 * The attendee's ticket page (`/{lang}/ticket/{code}`) is painted from one template per language,
 * kept under its route's path (no address reaches it as a page of its own): its QR code, made by
 * the server, goes where the QR slot is, its door code where the code slot is; the holder's name
 * and the code are its copy texts' variables (`firstName`, `lastName`, `ticketId`).
 */
export const TICKET_TEMPLATE = 'ticket/:code';
export const TICKET_QR_SLOT = '⟦#qr⟧';
export const TICKET_CODE_SLOT = '⟦#code⟧';

/** The file name, beside each app's mf-manifest.json. */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** The start page differs by concert status; `unknown` when the server could not tell. */
const PAINT_STATUSES = [...CONCERT_STATUSES, 'unknown'] as const;
export type PaintStatus = (typeof PAINT_STATUSES)[number];
/** Each painted status with the concert status it is painted in (null for `unknown`), for the apps' builds. */
export const PAINTED_STATUSES: readonly (readonly [PaintStatus, ConcertStatus | null])[] = PAINT_STATUSES.map(
  (s) => [s, s === 'unknown' ? null : s] as const,
);

/**
 * The shell's `dist/first-paint.json`: its visitor layout per language, and its styles; and per
 * language the layout of a page (by its path below the language) in a concert status where that
 * page changes it (the queue page keeps the countdown's place while tickets are on sale).
 */
export const paintedLayoutSchema = z.object({
  css: z.string(),
  layout: z.record(z.enum(LANGS), z.string()),
  pages: z
    .partialRecord(z.enum(LANGS), z.record(z.string(), z.partialRecord(z.enum(PAINT_STATUSES), z.string())))
    .optional(),
});
export type PaintedLayout = z.infer<typeof paintedLayoutSchema>;

/**
 * The visitor flow's `dist/first-paint.json`: per language, each painted screen by its path
 * below the language (`''` is the start page, `error/invalidState` an error page), one markup or one per concert status; and its styles.
 */
export const paintedPagesSchema = z.object({
  css: z.string(),
  pages: z.record(
    z.enum(LANGS),
    z.record(z.string(), z.union([z.string(), z.record(z.enum(PAINT_STATUSES), z.string())])),
  ),
  /** Per language, the error page of an id the app does not know (it shows `error.unknownMessage` with the id as `{{id}}`). */
  unknownError: z.partialRecord(z.enum(LANGS), z.string()).optional(),
});
export type PaintedPages = z.infer<typeof paintedPagesSchema>;

export interface FirstPaintInput {
  /** The path asked for, e.g. `/sv/` or `/en/memberCheck`. */
  pathname: string;
  lang: Lang;
  copy: Record<string, string>;
  concertStatus: ConcertStatus | null;
  /** The current concert's copy variables in the page's language (date, venue, amounts, hold). */
  concertVariables?: Record<string, string>;
  /** The concert has been: the Done page's intro says so (`startIntroKey`). */
  concertOver?: boolean;
  /** On a ticket page: the confirmed ticket of its code (none: the page is not painted). */
  ticket?: PaintedTicket | null;
}

/** A confirmed ticket as its page is painted: the getTicket answer's holder and code, and its QR code. */
export interface PaintedTicket {
  firstName: string;
  lastName: string;
  code: string;
  /** The QR code of the door's scan address, as the server's QR library writes it (`<svg …>…</svg>`). */
  qrSvg: string;
  /** The ticket's own concert's copy variables (an archived concert's ticket says when and where it was). */
  copyVariables: Record<Lang, Record<string, string>>;
}

/** The markup of `#root` for a painted screen, or null for any other page (it waits for the apps). */
export function firstPaintHtml(
  { layout, pages }: { layout: PaintedLayout; pages: PaintedPages },
  input: FirstPaintInput,
): string | null {
  // One segment below the language, or two for the error page (`error/invalidState`) and a ticket.
  const match = /^\/(sv|en)\/([^/]*|error\/[^/]+|ticket\/[^/]+)$/.exec(input.pathname);
  if (!match || match[1] !== input.lang) return null;
  const segment = match[2]!;
  const ticket = segment.startsWith('ticket/') ? input.ticket : undefined;
  if (segment.startsWith('ticket/') && ticket?.code !== segment.slice('ticket/'.length)) return null;
  const template = ticket ? TICKET_TEMPLATE : segment;
  const page = Object.hasOwn(pages.pages[input.lang], template)
    ? pages.pages[input.lang][template]!
    : undefined;
  // An error id the app does not know: its page says the id (decoded as the app's router does).
  const unknownError =
    page === undefined && segment.startsWith('error/') ? pages.unknownError?.[input.lang] : undefined;
  const main = unknownError ?? (typeof page === 'string' ? page : page?.[input.concertStatus ?? 'unknown']);
  if (main === undefined) return null;
  const vars: Record<string, string> = {
    ...input.concertVariables,
    ...(unknownError === undefined ? {} : { id: safeDecode(segment.slice('error/'.length)) }),
    ...(ticket
      ? {
          ...ticket.copyVariables[input.lang],
          firstName: ticket.firstName,
          lastName: ticket.lastName,
          ticketId: ticket.code,
        }
      : {}),
  };
  const text = (painted: string) => {
    // The Done page was painted with the sale's closing words; once the concert has been, its own.
    const key =
      painted === startIntroKey('Done') ? startIntroKey(input.concertStatus, input.concertOver) : painted;
    const raw = input.copy[key];
    return escapeHtml(raw === undefined ? key : substituteCopy(raw, input.lang, vars));
  };
  const ownLayout = Object.hasOwn(layout.pages?.[input.lang] ?? {}, segment)
    ? layout.pages![input.lang]![segment]![input.concertStatus ?? 'unknown']
    : undefined;
  return (ownLayout ?? layout.layout[input.lang].replace(PAGE_SLOT, () => escapeHtml(segment)))
    .replace(MAIN_SLOT, () => (ticket ? ticketHtml(main, ticket, text('ticket.qrAlt')) : main))
    .replace(LIST_ITEM_MARKER, (_, key: string) =>
      copyLines(input.copy[key] === undefined ? key : substituteCopy(input.copy[key], input.lang, vars))
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join(''),
    )
    .replace(COPY_TEXT_MARKER, (_, open: string, key: string) => `${open}${contactLinksHtml(text(key))}</p>`)
    .replace(COPY_MARKER, (_, key: string) => text(key));
}

/**
 * The ticket's page with its code and its QR code in their slots: the library's SVG given the
 * markup of the app's QR code (visitor-flow's QrCode: class, an image role with its name, its
 * size), so the app can keep it as it is.
 */
function ticketHtml(main: string, ticket: PaintedTicket, label: string): string {
  const svg = ticket.qrSvg
    .trim()
    .replace(
      /^<svg\b/,
      `<svg class="qr-code" role="img" aria-label="${label}" width="${QR_SIZE_PX}" height="${QR_SIZE_PX}"`,
    );
  return main.replace(TICKET_QR_SLOT, () => svg).replace(TICKET_CODE_SLOT, () => escapeHtml(ticket.code));
}

/** A copy text paragraph (visitor-flow's CopyText): its support e-mail and phone become links there, as in the app. */
const COPY_TEXT_MARKER = /(<p[^>]*class="copy-text[^"]*"[^>]*>)⟦([A-Za-z0-9.]+)⟧<\/p>/g;

/** Escaped text with the support e-mail address and phone number as mailto: and tel: links (the markup CopyText renders). */
function contactLinksHtml(escaped: string): string {
  return escaped
    .split(escapeHtml(SUPPORT.email))
    .join(`<a href="mailto:${escapeHtml(SUPPORT.email)}">${escapeHtml(SUPPORT.email)}</a>`)
    .split(escapeHtml(SUPPORT.phone))
    .join(`<a href="${telHref(SUPPORT.phone)}">${escapeHtml(SUPPORT.phone)}</a>`);
}

/** Each visitor page's title (the heading its screen shows), by its path segment; others get the site's name alone. */
const PAGE_TITLES: Record<string, CopyKey> = {
  '': 'start.title',
  memberCheck: 'memberCheck.title',
  becomeMember: 'becomeMember.title',
  newDonationAmount: 'newDonationAmount.title',
  autoAddBank: 'autoAddBank.title',
  addAutoGiro: 'addAutoGiro.title',
  underAge: 'underAge.title',
  toQueue: 'toQueue.title',
  inQueue: 'inQueue.title',
  confirmQueue: 'queueConfirm.title',
  instructions: 'instructions.title',
  news: 'news.title',
  contact: 'contact.title',
  faq: 'faq.title',
  privacy: 'privacy.title',
  ticket: 'ticket.title',
  bankID: 'bankId.mock.title',
  checkCard: 'checkCard.title',
};

export interface PageHeadInput {
  pathname: string;
  lang: Lang;
  copy: Record<string, string>;
  /** The site's address as the visitor reached it (`https://example.org`): link cards need absolute URLs. */
  origin: string;
  /** The queue page moves on to memberCheck while tickets are on sale: its title is that page's from the start. */
  concertStatus?: ConcertStatus | null;
  /** The current concert's copy variables in the page's language. */
  concertVariables?: Record<string, string>;
}

/**
 * What goes into a visitor page's <head> besides the shell's own: its <title> in the page's
 * language (the same the screen sets once it runs, WCAG 2.4.2), and the card a shared link shows
 * (Open Graph and Twitter: the concert's title, a line about it and the cover, in the language of
 * the link), with the page's other language as an alternate.
 */
export function pageHead({
  pathname,
  lang,
  copy,
  origin,
  concertStatus = null,
  concertVariables,
}: PageHeadInput): {
  title: string;
  meta: string;
} {
  const text = (key: CopyKey) => {
    const raw = copy[key];
    return raw === undefined ? '' : substituteCopy(raw, lang, concertVariables);
  };
  const siteName = text('shell.siteName') || 'Konsertbiljett';
  const rest = /^\/(?:sv|en)\/(.*)$/.exec(pathname)?.[1];
  const asked = rest?.split('/')[0];
  // What a fresh visit sees there: the queue page shows memberCheck on its way to it (visitor flow's app/first-paint.tsx).
  const segment = asked === 'toQueue' && queuePageMovesOn(concertStatus) ? 'memberCheck' : asked;
  const titleKey =
    segment === undefined
      ? undefined
      : Object.hasOwn(PAGE_TITLES, segment)
        ? PAGE_TITLES[segment]
        : undefined;
  const pageTitle = segment === 'error' ? text('error.title') : titleKey ? text(titleKey) : '';
  const title = pageTitle && pageTitle !== siteName ? `${pageTitle} – ${siteName}` : siteName;

  const other: Lang = lang === 'sv' ? 'en' : 'sv';
  const start = `${origin}/${lang}/`;
  const image = `${origin}${coverUrl(1200, 'jpg')}`;
  const cardTitle = `${text('start.title')} – ${text('shell.siteName')}`;
  const description = text('start.share.description');
  const imageAlt = text('start.cover.alt');
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', substituteCopy('{{orgName}}', lang)],
    ['property', 'og:title', cardTitle],
    ['property', 'og:description', description],
    ['property', 'og:url', rest === '' ? start : `${origin}${pathname}`],
    ['property', 'og:locale', lang === 'sv' ? 'sv_SE' : 'en_GB'],
    ['property', 'og:locale:alternate', other === 'sv' ? 'sv_SE' : 'en_GB'],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/jpeg'],
    ['property', 'og:image:width', String(COVER.width)],
    ['property', 'og:image:height', String(COVER.height)],
    ['property', 'og:image:alt', imageAlt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', cardTitle],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
    ['name', 'twitter:image:alt', imageAlt],
  ];
  const meta =
    // The start page's largest element is the cover: asked for with the first bytes of the page,
    // not once the parser reaches it behind the inlined copy (the same candidates as its AVIF
    // <source>, so the browser picks the same file and fetches it once).
    (rest === ''
      ? `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(coverSrcSet('avif'))}" imagesizes="${escapeHtml(COVER_SIZES)}" fetchpriority="high">`
      : '') +
    tags
      .map(([attr, name, content]) => `<meta ${attr}="${name}" content="${escapeHtml(content)}">`)
      .join('') +
    (rest === undefined
      ? ''
      : `<link rel="alternate" hreflang="${other}" href="${escapeHtml(`${origin}/${other}/${rest}`)}">`);
  return { title, meta };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
