import { COPY_VARIABLES, copyVariablesIn, substituteCopy, type Lang } from '@concert/shared/universal';
import QRCode from 'qrcode';
import { emailCopy, type EmailVars, type OutboxEmailType, type Queryable } from './queries.js';

export interface InlineImage {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Referenced from the HTML part as `cid:<cid>`. */
  cid: string;
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
}

/** The copy has no subject or body for the e-mail type (yet). */
export class MissingTemplateError extends Error {
  readonly code = 'ETEMPLATE';
}

const TICKET_QR_CID = 'ticket-qr@concert';
const QR_SIZE_PX = 240;

/** Subject, plain text and HTML of an e-mail from the copy table, as editors last left it. */
export async function renderEmail(sql: Queryable, email: EmailToRender): Promise<RenderedEmail> {
  const copy = await emailCopy(sql, email.type, email.lang);
  if (!copy) throw new MissingTemplateError(`no copy for email.${email.type}`);
  const values: EmailVars = { ...email.vars, ...(email.to ? { email: email.to } : {}) };
  const subject = substituteCopy(copy.subject, email.lang, values).replace(/\s+/g, ' ').trim();
  const text = substituteCopy(copy.body, email.lang, values);
  const ticketQr = email.type === 'finalTicket' ? await ticketQrImage(values.scanUrl) : undefined;
  return {
    subject,
    text,
    html: htmlDocument(email.lang, subject, text, ticketQr && { cid: ticketQr.cid, alt: String(values.ticketId ?? '') }),
    attachments: ticketQr ? [ticketQr] : [],
    missingVariables: unsuppliedVariables(`${copy.subject}\n${copy.body}`, email.lang, values),
  };
}

/** The QR code the door scans, when the ticket e-mail carries the scan URL. */
async function ticketQrImage(scanUrl: string | number | undefined): Promise<InlineImage | undefined> {
  if (typeof scanUrl !== 'string' || scanUrl === '') return undefined;
  const content = await QRCode.toBuffer(scanUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: QR_SIZE_PX });
  return { filename: 'ticket-qr.png', content, contentType: 'image/png', cid: TICKET_QR_CID };
}

function unsuppliedVariables(text: string, lang: Lang, values: EmailVars): string[] {
  const names = copyVariablesIn(text).filter((name) => !(name in values) && COPY_VARIABLES[lang][name] === undefined);
  return [...new Set(names)];
}

const PAGE_STYLE = 'margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5';
const CODE_STYLE = 'font-family:Consolas,Menlo,monospace;font-size:20px;font-weight:bold;letter-spacing:1px';

/**
 * Paragraphs from the blank lines of the text, every value escaped. The QR code goes right
 * under the paragraph that is the ticket code itself (the ticket e-mail sets it apart), else last.
 */
function htmlDocument(lang: Lang, subject: string, text: string, image?: { cid: string; alt: string }): string {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const codeIndex = image && image.alt ? paragraphs.indexOf(image.alt) : -1;
  const parts = paragraphs.map((p, i) => paragraphHtml(p, i === codeIndex ? CODE_STYLE : undefined));
  if (image) {
    const img = `<p><img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}" width="${QR_SIZE_PX}" height="${QR_SIZE_PX}"></p>`;
    parts.splice(codeIndex >= 0 ? codeIndex + 1 : parts.length, 0, img);
  }
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${PAGE_STYLE}">`,
    '<div style="max-width:600px;margin:0 auto">',
    ...parts,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function paragraphHtml(paragraph: string, style?: string): string {
  const lines = paragraph.split('\n').map(escapeHtml).join('<br>\n');
  return style ? `<p style="${style}">${lines}</p>` : `<p>${lines}</p>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
