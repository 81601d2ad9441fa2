/**
 * The shell's page as web-apps.ts serves it for every client-side route: its first data inlined,
 * the start page painted in, each page made once per change and compressed once.
 */
import type { ParameterizedContext } from 'koa';
import { firstPaintHtml, pageHead, type PaintedTicket } from '@concert/shared/first-paint';
import { CONCERT_STATUSES, type ConcertStatus, type ConcertStatusAnswer } from '@concert/shared/api';
import { concertIsOver, isVisitorCopyKey, ticketsLeftShown, type Lang } from '@concert/shared/universal';
import { builtFile, type FirstPaint } from './built-files.js';
import { acceptedEncoding, matchesIfNoneMatch, preparedBody, type PreparedBody } from './public-reads.js';

/** A page as made for one address: its bytes, compressed copies made on first demand, its ETag. */
export type RenderedPage = PreparedBody;

/**
 * Sends the page compressed as the browser accepts, each compressed copy made once per rendered
 * page. `validator`: with its ETag, and a 304 when the browser's copy is the same (not for a
 * ticket page: one person's, never stored).
 */
export async function sendPage(
  ctx: ParameterizedContext,
  page: RenderedPage,
  { validator = true }: { validator?: boolean } = {},
): Promise<void> {
  ctx.vary('Accept-Encoding');
  const encoding = acceptedEncoding(ctx.get('accept-encoding'));
  if (validator) {
    const etag = page.etag(encoding);
    ctx.set('ETag', etag);
    // The ETag alone decides (RFC 9110 §13.2.1), as for the start pages before Koa (Koa's
    // ctx.fresh also says no to a request with Cache-Control: no-cache, which fetch adds).
    if (
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      matchesIfNoneMatch(ctx.get('if-none-match'), etag)
    ) {
      ctx.status = 304;
      return;
    }
  }
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = await page.bytes(encoding);
}

/** What the first paint needs, read on the server so the browser does not wait for it. */
export type BootData = (
  lang: Lang,
) => Promise<{ demo: boolean; copy: Record<string, string>; concertStatus: unknown }>;

/**
 * The shell's index.html with the page's first data inlined as a JSON data block (not script:
 * the CSP allows no inline script, and a JSON block is never executed): the runtime remote
 * map, the copy of the page's language and the concert status. Saves the first load the
 * round trips for remotes.json, getCopy and getConcertStatus, and a preload starts the visitor
 * flow's manifest at once. The copy is read per page load, so an editor's save shows next time.
 *
 * The start page and memberCheck are also painted into the page from that copy, with the apps'
 * styles inlined: visible (and the largest element painted) before any script has loaded. The
 * markup is what the shell and the visitor flow rendered when they were built (`first-paint.json`
 * in their dist); without it the page waits for the apps as any other.
 */
export function shellPageWithBootData(
  indexFile: string,
  remotes: Record<string, string>,
  bootData: BootData | undefined,
  paint: () => Promise<FirstPaint | null>,
) {
  const template = builtFile(indexFile, (text) => text);
  const rendered = renderedPages();
  /** `ticket`: on a ticket page, its confirmed ticket or null (unknown: not painted). */
  return async (pathname: string, origin: string, ticket?: PaintedTicket | null): Promise<RenderedPage> => {
    const index = await template();
    if (index === null) throw new Error(`${indexFile} is missing`);
    const lang: Lang = pathname.startsWith('/en/') || pathname === '/en' ? 'en' : 'sv';
    const staffPage = pathname.startsWith('/admin');
    const whole = bootData ? await bootData(lang).catch(() => undefined) : undefined;
    // A visitor page carries the visitor's texts only: under half the copy, so the page's first
    // bytes (one round trip on a slow phone network) hold the whole painted page.
    const boot =
      whole && !staffPage
        ? { ...whole, copy: whole.copy && visitorCopy(whole.copy), visitorCopyOnly: true }
        : whole;
    const templates = boot?.copy ? await paint() : null;
    const status = boot && statusAsPagesSayIt(boot.concertStatus);
    // Under a rush every visitor gets one of a handful of pages: each is made once per change of
    // what it is made of (the copy as the copy reader holds it, the status as the page says it),
    // not per request (it was 1.4 ms of server CPU per page load, most of a visitor's arrival).
    const inputs = [
      index,
      boot?.copy,
      templates,
      boot?.demo,
      ...(status && typeof status === 'object' ? Object.values(status) : [status]),
    ];
    // A ticket page is one person's: made for each request, never kept.
    const render = ticket === undefined ? rendered : once;
    return render(`${pathname}\n${origin}`, inputs, () => {
      const data: {
        remotes: Record<string, string>;
        lang: Lang;
        demo?: boolean;
        copy?: Record<string, string>;
        visitorCopyOnly?: boolean;
        concertStatus?: unknown;
      } = { remotes, lang, ...boot, ...(boot ? { concertStatus: status } : {}) };
      // `<` escaped so no text can close the block.
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      const visitorManifest = remotes.visitor_flow;
      const concertStatus = statusOf(data.concertStatus);
      const concertVariables = (
        data.concertStatus as { copyVariables?: Record<Lang, Record<string, string>> } | undefined
      )?.copyVariables?.[lang];
      const painted =
        templates && data.copy
          ? firstPaintHtml(templates, {
              pathname,
              lang,
              copy: data.copy,
              concertStatus,
              concertVariables,
              concertOver: concertIsOver(
                (data.concertStatus as { concert?: { endsAt: string } } | undefined)?.concert,
              ),
              ticket,
            })
          : null;
      const head =
        `<script type="application/json" id="boot-data">${json}</script>` +
        (visitorManifest && !staffPage
          ? `<link rel="preload" href="${escapeAttribute(visitorManifest)}" as="fetch" crossorigin="anonymous">`
          : '') +
        (painted && templates ? `<style>${templates.css}</style>` : '');
      let html = index
        .replace('</head>', `${head}</head>`)
        .replace('<html lang="sv">', `<html lang="${lang}">`);
      // The tab's title in the page's language, and the card a shared link shows (visitor pages).
      if (data.copy && !staffPage) {
        const { title, meta } = pageHead({
          pathname,
          lang,
          copy: data.copy,
          origin,
          concertStatus,
          concertVariables,
        });
        html = html
          .replace(DEFAULT_TITLE, () => `<title>${escapeText(title)}</title>${meta}`)
          .replace(DEFAULT_DESCRIPTION, '');
      }
      if (painted) html = html.replace(EMPTY_ROOT, `<div id="root">${painted}</div>`);
      return html;
    });
  };
}

const visitorCopies = new WeakMap<Record<string, string>, Record<string, string>>();

/** The copy without the staff texts (`isVisitorCopyKey`), made once per copy read (the same object until an edit). */
function visitorCopy(copy: Record<string, string>): Record<string, string> {
  let visitor = visitorCopies.get(copy);
  if (!visitor)
    visitorCopies.set(
      copy,
      (visitor = Object.fromEntries(Object.entries(copy).filter(([key]) => isVisitorCopyKey(key)))),
    );
  return visitor;
}

/**
 * The pages made lately, by address: one is made again only when something it is made of is no
 * longer the very same (same object, or equal string). At most `keep`, so addresses made up by
 * a script cannot fill the memory.
 */
function renderedPages(keep = 64) {
  const pages = new Map<string, { inputs: unknown[]; page: RenderedPage }>();
  return (key: string, inputs: unknown[], render: () => string): RenderedPage => {
    const hit = pages.get(key);
    if (hit && hit.inputs.length === inputs.length && hit.inputs.every((v, i) => v === inputs[i]))
      return hit.page;
    const page = preparedBody(render());
    pages.delete(key);
    if (pages.size >= keep) pages.delete(pages.keys().next().value!);
    pages.set(key, { inputs, page });
    return page;
  };
}

const once = (_key: string, _inputs: unknown[], render: () => string): RenderedPage => preparedBody(render());

/**
 * The status as a page inlines it: the tickets left as the smallest count a page says the same
 * of (`ticketsLeftShown`: "more than 14 000" for anything from 14 001 to 15 000), so a rush's
 * changing count makes a new page only when what the page says changes. Never more than there
 * are. The memberCheck page asks for the exact count when the polling rule says, counted from the
 * page's arrival (`ticketsLeftFirstAskMs`): an inlined count sits at its band's edge, so within 5 s.
 */
function statusAsPagesSayIt(answer: unknown): unknown {
  const status = answer as Partial<ConcertStatusAnswer> | null | undefined;
  if (!status || typeof status !== 'object' || typeof status.ticketsLeft !== 'number') return answer;
  const shown = ticketsLeftShown(status.ticketsLeft);
  return { ...status, ticketsLeft: shown.exact ? shown.count : shown.count + 1 };
}

/** What the shell's index.html says before the server knows the page and its language. */
const DEFAULT_TITLE = /<title>[^<]*<\/title>/;
const DEFAULT_DESCRIPTION = /<meta name="description" content="[^"]*" ?\/?>/;
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The root as the shell's index.html ships it, waiting for the apps. */
const EMPTY_ROOT = '<div id="root"><div class="boot" aria-busy="true"></div></div>';

function statusOf(answer: unknown): ConcertStatus | null {
  const status = (answer as { concertStatus?: unknown } | undefined)?.concertStatus;
  return CONCERT_STATUSES.includes(status as ConcertStatus) ? (status as ConcertStatus) : null;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
