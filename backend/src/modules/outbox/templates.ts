import { COPY_VARIABLES, copyVariablesIn, substituteCopy, type Lang } from '@concert/shared/universal';
import QRCode from 'qrcode';
import { CALENDAR_FILE_NAME, CALENDAR_MEDIA_TYPE, ticketCalendar } from '@concert/shared/calendar';
import { ticketPageUrlOfScanUrl } from '../tickets/scan-url.js';
import { admissionTexts, concertCopyVariables } from '../concert/copy-variables.js';
import { publishedConcert, type StoredConcert } from '../concert/records.js';
import { copyText, emailCopy, type EmailVars, type OutboxEmailType, type Queryable } from './queries.js';

export interface InlineImage {
  filename: string;
  content: Buffer | string;
  contentType: string;
  /** Referenced from the HTML part as `cid:<cid>`; unset for a plain attachment (the calendar file). */
  cid?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments: InlineImage[];
  /** Variables the copy uses that neither the constants nor `vars` supply; they stay visible as `{{name}}`. */
  missingVariables: string[];
}

export interface EmailToRender {
  type: OutboxEmailType;
  lang: Lang;
  vars?: EmailVars;
  /** The recipient, offered to the texts as {{email}}. */
  to?: string;
  /** The site's public address (PUBLIC_URL): the logo is its file. Without it the e-mail names the organisation only. */
  publicUrl?: string;
}

/** The copy has no subject or body for the e-mail type (yet). */
export class MissingTemplateError extends Error {
  readonly code = 'ETEMPLATE';
}

const TICKET_QR_CID = 'ticket-qr@concert';
const QR_SIZE_PX = 240;

/** Subject, plain text and HTML of an e-mail from the copy table, as editors last left it. */
export async function renderEmail(sql: Queryable, email: EmailToRender): Promise<RenderedEmail> {
  const [copy, concert, admission] = await Promise.all([
    emailCopy(sql, email.type, email.lang),
    publishedConcert(sql),
    admissionTexts(sql),
  ]);
  if (!copy) throw new MissingTemplateError(`no copy for email.${email.type}`);
  // The concert's facts as they are when the e-mail leaves: a moved concert's later e-mails say the new ones.
  const values: EmailVars = {
    ...(concert ? concertCopyVariables(concert, email.lang, admission) : {}),
    ...email.vars,
    ...(email.to ? { email: email.to } : {}),
  };
  // The ticket page of the ticket the e-mail carries (its scan URL names the site and the code).
  const ticketUrl =
    typeof values.scanUrl === 'string' ? ticketPageUrlOfScanUrl(values.scanUrl, email.lang) : undefined;
  if (ticketUrl && values.ticketUrl === undefined) values.ticketUrl = ticketUrl;
  const subject = substituteCopy(copy.subject, email.lang, values).replace(/\s+/g, ' ').trim();
  const text = substituteCopy(copy.body, email.lang, values);
  const isTicket = email.type === 'finalTicket';
  const ticketQr = isTicket ? await ticketQrImage(values.scanUrl) : undefined;
  const scanUrl =
    isTicket && typeof values.scanUrl === 'string' && values.scanUrl !== '' ? values.scanUrl : undefined;
  // The link the QR code holds is clickable too; a text edited without {{scanUrl}} still gets it.
  // The attendee's ticket page is the e-mail's first link: a text edited without it gets it first.
  const visitorLink = isTicket ? ticketUrl : undefined;
  const withLink = withTicketPageFirst(
    scanUrl && !text.includes(scanUrl) ? `${text}\n\n${scanUrl}` : text,
    visitorLink,
    scanUrl,
  );
  // The ticket e-mail and a change notice carry the concert as a calendar event (one UID: a notice moves it).
  const withCalendar = isTicket || email.type === 'concertChanged';
  const calendar =
    withCalendar && concert ? await ticketCalendarFile(sql, concert, email, values, visitorLink) : undefined;
  return {
    subject,
    text: withLink,
    html: htmlDocument(
      email.lang,
      subject,
      withLink,
      ticketQr && { cid: ticketQr.cid!, alt: String(values.ticketId ?? ''), href: visitorLink },
      scanUrl,
      email.publicUrl,
    ),
    attachments: [...(ticketQr ? [ticketQr] : []), ...(calendar ? [calendar] : [])],
    missingVariables: unsuppliedVariables(`${copy.subject}\n${copy.body}`, email.lang, values),
  };
}

/** The concert as a calendar file, attached to the ticket e-mail (the ticket page offers the same). */
async function ticketCalendarFile(
  sql: Queryable,
  concert: StoredConcert,
  email: EmailToRender,
  values: EmailVars,
  ticketUrl: string | undefined,
): Promise<InlineImage> {
  const title = substituteCopy(
    (await copyText(sql, 'email.finalTicket.calendarTitle', email.lang)) ?? '{{orgName}}',
    email.lang,
    values,
  );
  const code = values.ticketId === undefined ? '' : String(values.ticketId);
  return {
    filename: CALENDAR_FILE_NAME,
    content: ticketCalendar({ concert, title, code, ticketUrl, domain: hostOf(email.publicUrl) }),
    contentType: CALENDAR_MEDIA_TYPE,
  };
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).hostname : undefined;
  } catch {
    return undefined;
  }
}

/** The QR code the door scans, when the ticket e-mail carries the scan URL. */
async function ticketQrImage(scanUrl: string | number | undefined): Promise<InlineImage | undefined> {
  if (typeof scanUrl !== 'string' || scanUrl === '') return undefined;
  const content = await QRCode.toBuffer(scanUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: QR_SIZE_PX,
  });
  return { filename: 'ticket-qr.png', content, contentType: 'image/png', cid: TICKET_QR_CID };
}

/**
 * The ticket page before any other link of the text: a text edited without it gets it as the
 * paragraph before the scan address (or at the end). The QR picture encodes the scan address
 * (the door's camera) but, clicked, opens the ticket page too.
 */
function withTicketPageFirst(text: string, ticketUrl: string | undefined, scanUrl: string | undefined) {
  if (!ticketUrl || text.includes(ticketUrl)) return text;
  const at = scanUrl ? text.indexOf(scanUrl) : -1;
  return at < 0 ? `${text}\n\n${ticketUrl}` : `${text.slice(0, at)}${ticketUrl}\n\n${text.slice(at)}`;
}

function unsuppliedVariables(text: string, lang: Lang, values: EmailVars): string[] {
  const names = copyVariablesIn(text).filter(
    (name) => !(name in values) && COPY_VARIABLES[lang][name] === undefined,
  );
  return [...new Set(names)];
}

// Explicit colours on every block (a mail app's dark mode inverts only what is left to it), a
// fluid column up to 600 px, links that wrap anywhere (a long address never widens a phone's screen).
const PAGE_STYLE =
  'margin:0;padding:0;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;-webkit-text-size-adjust:100%';
const COLUMN_STYLE =
  'max-width:600px;width:100%;margin:0 auto;padding:16px;box-sizing:border-box;background:#ffffff;color:#1a1a1a';
const BRAND_STYLE =
  'max-width:600px;margin:0 auto;padding:12px 16px;box-sizing:border-box;background:#111111;color:#ffd400;font-weight:bold;font-size:18px;line-height:40px';
/**
 * The organisation's logo (the header's, shell/src/components/logo.tsx, as a PNG: mail apps show
 * no SVG) from the site's own static files: no attachment, so the ticket e-mail keeps its two
 * (QR code, calendar file). A mail app that does not load it shows its alt text, in the bar's colours.
 */
const LOGO_FILE = '/media/logo-v1.png';
const LOGO_SIZE_PX = 40;
const LOGO_STYLE =
  'display:inline-block;vertical-align:middle;margin-right:12px;border:0;color:#ffd400;background:#111111';
const LINK_STYLE = 'color:#0b57d0;word-break:break-all;overflow-wrap:anywhere';
const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;
// The ticket code (32 characters without a break) wraps on a phone rather than widening the page.
const CODE_STYLE =
  'font-family:Consolas,Menlo,monospace;font-size:20px;font-weight:bold;letter-spacing:1px;word-break:break-all;overflow-wrap:anywhere';

/**
 * Paragraphs from the blank lines of the text, every value escaped. The QR code goes right
 * under the paragraph that is the ticket code itself (the ticket e-mail sets it apart), else last.
 */
function htmlDocument(
  lang: Lang,
  subject: string,
  text: string,
  image?: { cid: string; alt: string; href?: string },
  link?: string,
  publicUrl?: string,
): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const codeIndex = image && image.alt ? paragraphs.indexOf(image.alt) : -1;
  const parts = paragraphs.map((p, i) =>
    link && p === link
      ? `<p><a href="${escapeHtml(link)}" style="${LINK_STYLE}">${escapeHtml(link)}</a></p>`
      : paragraphHtml(p, i === codeIndex ? CODE_STYLE : undefined),
  );
  if (image) {
    const picture = `<img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}" width="${QR_SIZE_PX}" height="${QR_SIZE_PX}" style="max-width:100%;height:auto;background:#ffffff">`;
    const img = `<p>${image.href ? `<a href="${escapeHtml(image.href)}">${picture}</a>` : picture}</p>`;
    parts.splice(codeIndex >= 0 ? codeIndex + 1 : parts.length, 0, img);
  }
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${PAGE_STYLE}">`,
    brandBar(COPY_VARIABLES[lang].orgName ?? '', publicUrl),
    `<div style="${COLUMN_STYLE}">`,
    ...parts,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** The bar on top: the organisation's logo and name (the logo's alt text says the name, so a screen reader does not hear it twice). */
function brandBar(orgName: string, publicUrl: string | undefined): string {
  const name = escapeHtml(orgName);
  if (!publicUrl) return `<div style="${BRAND_STYLE}">${name}</div>`;
  const src = escapeHtml(new URL(LOGO_FILE, publicUrl).href);
  const logo = `<img src="${src}" alt="${name}" width="${LOGO_SIZE_PX}" height="${LOGO_SIZE_PX}" style="${LOGO_STYLE}">`;
  return `<div style="${BRAND_STYLE}">${logo}<span aria-hidden="true" style="vertical-align:middle">${name}</span></div>`;
}

function paragraphHtml(paragraph: string, style?: string): string {
  const lines = paragraph
    .split('\n')
    .map((line) =>
      line
        .split(URL_IN_TEXT)
        .map((part, i) =>
          i % 2 === 1
            ? `<a href="${escapeHtml(part)}" style="${LINK_STYLE}">${escapeHtml(part)}</a>`
            : escapeHtml(part),
        )
        .join(''),
    )
    .join('<br>\n');
  return style ? `<p style="${style}">${lines}</p>` : `<p>${lines}</p>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
