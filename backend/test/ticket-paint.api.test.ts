// Issue 40 §6: the ticket page's QR code in the server's first paint, for a real confirmed ticket.
import { rm } from 'node:fs/promises';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyMarker,
  MAIN_SLOT,
  PAGE_SLOT,
  TICKET_CODE_SLOT,
  TICKET_QR_SLOT,
  TICKET_TEMPLATE,
  type PaintedLayout,
  type PaintedPages,
} from '@concert/shared/first-paint';
import { substituteCopy } from '@concert/shared/universal';
import { startTestApp, type TestApp } from './harness.js';
import { writeWebRoot } from './web-root.js';
import { startTestAuthority } from './staff.js';

const AUDIENCE = 'api://concert-ticket-paint-test';
// The templates as the apps' builds write them (visitor-flow's app/first-paint.tsx paints TicketView).
const LAYOUT: PaintedLayout = {
  css: '',
  layout: {
    sv: `<a href="/en/${PAGE_SLOT}">en</a><main id="main">${MAIN_SLOT}</main>`,
    en: `<main id="main">${MAIN_SLOT}</main>`,
  },
};
const ticketTemplate =
  `<article class="page ticket"><h1>${copyMarker('ticket.title')}</h1>` +
  `<p class="ticket-holder">${copyMarker('ticket.holder')}</p>` +
  `<div class="qr ticket-qr">${TICKET_QR_SLOT}<p class="ticket-code">${TICKET_CODE_SLOT}</p></div></article>`;
const PAGES: PaintedPages = {
  css: '',
  pages: {
    sv: { '': '<h1>start</h1>', [TICKET_TEMPLATE]: ticketTemplate },
    en: { [TICKET_TEMPLATE]: ticketTemplate },
  },
};

const logLines: string[] = [];
let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let webRoot: string;
let code: string;

beforeAll(async () => {
  webRoot = await writeWebRoot('ticket-paint', { layout: LAYOUT, pages: PAGES });
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp(
    { STAFF_AUTHORITY: authority.issuer, STAFF_CLIENT_ID: 'spa', STAFF_API_AUDIENCE: AUDIENCE },
    { logLines, webRoot },
  );
  const office = await authority.tokenFor('office@org.example');
  const added = await app.call(
    'addManualAttendee',
    { firstName: 'Kim', lastName: 'Kö-Åberg', email: 'kim.paint@example.se' },
    office,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  code = added.body.result.externalTicketId;
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const pageOf = async (pathname: string) => {
  const res = await fetch(app.baseUrl + pathname);
  return { res, html: await res.text() };
};
const settle = () => new Promise((r) => setTimeout(r, 50));
const svgOf = (html: string) => /<svg\b[^>]*>.*?<\/svg>/s.exec(html)?.[0];
/** The SVG's content, and its viewBox: what the QR code is, whatever attributes the page adds. */
const qrOf = (svg: string) => ({
  viewBox: /viewBox="([^"]+)"/.exec(svg)?.[1],
  content: svg.slice(svg.indexOf('>') + 1),
});

describe('the ticket page’s first paint (issue 40 §6)', () => {
  it('holds the QR code of the door’s scan address as an SVG with its name, the holder and the code; private, not stored', async () => {
    const { res, html } = await pageOf(`/sv/ticket/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const svg = svgOf(html);
    expect(svg, 'a QR code in the HTML').toBeDefined();
    // The same code the QR library makes of the scan address (CONTRACT.md "E-mail": /admin/scan/{code}).
    const expected = await QRCode.toString(`${app.config.publicUrl}/admin/scan/${code}`, {
      type: 'svg',
      errorCorrectionLevel: 'L',
      margin: 2,
    });
    expect(qrOf(svg!)).toEqual(qrOf(expected.trim()));
    const texts = await copyTexts();
    const label = substituteCopy(texts['ticket.qrAlt']!, 'sv', { ticketId: code });
    expect(svg).toMatch(/^<svg class="qr-code" role="img" aria-label="[^"]+" width="268" height="268"/);
    expect(svg).toContain(`aria-label="${escapeHtml(label)}"`);
    const holder = substituteCopy(texts['ticket.holder']!, 'sv', {
      firstName: 'Kim',
      lastName: 'Kö-Åberg',
    });
    expect(html).toContain(`<p class="ticket-holder">${escapeHtml(holder)}</p>`);
    expect(html).toContain(`<p class="ticket-code">${code}</p>`);
    expect(html).toContain('Kö-Åberg');
  });

  it('paints no QR code for a code that is no ticket, nor for a malformed one', async () => {
    for (const pathname of [`/sv/ticket/${'f'.repeat(32)}`, '/sv/ticket/not-a-code', '/en/ticket/']) {
      const { res, html } = await pageOf(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe('private, no-store');
      expect(svgOf(html), pathname).toBeUndefined();
      expect(html, pathname).toContain('<div class="boot" aria-busy="true">');
    }
  });

  it('never writes the code in a log line: the access line names the route only', async () => {
    const { res, html } = await pageOf(`/en/ticket/${code}`);
    expect(svgOf(html)).toBeDefined();
    await settle();
    const id = res.headers.get('x-request-id');
    const access = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.reqId === id);
    expect(access).toEqual([expect.objectContaining({ msg: 'request', route: 'en', status: 200 })]);
    expect(logLines.join('\n')).not.toContain(code);
  });
});

async function copyTexts(): Promise<Record<string, string>> {
  const res = await app.request('/api/getCopy?lang=sv');
  return res.body;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
