// Issue 41 §1: the public reads (the start pages, the concert status) answered from bytes made once
// per change, with an ETag and a Cache-Control a CDN may follow; a change of the concert's facts
// makes new bytes at once.
import { rm } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_SLOT, type PaintedLayout, type PaintedPages } from '@concert/shared/first-paint';
import { startTestApp, type TestApp } from './harness.js';
import { writeWebRoot } from './web-root.js';
import { startTestAuthority } from './staff.js';

const AUDIENCE = 'api://concert-public-reads-test';
const LAYOUT: PaintedLayout = {
  css: '',
  layout: { sv: `<main id="main">${MAIN_SLOT}</main>`, en: `<main id="main">${MAIN_SLOT}</main>` },
};
const PAGES: PaintedPages = {
  css: '',
  pages: { sv: { '': '<h1>start</h1>' }, en: { '': '<h1>start</h1>' } },
};

const logLines: string[] = [];
let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let office: string;
let webRoot: string;

beforeAll(async () => {
  webRoot = await writeWebRoot('public-reads', { layout: LAYOUT, pages: PAGES });
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp(
    { STAFF_AUTHORITY: authority.issuer, STAFF_CLIENT_ID: 'spa', STAFF_API_AUDIENCE: AUDIENCE },
    { logLines, webRoot },
  );
  office = await authority.tokenFor('office@org.example');
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(app.baseUrl + pathname, { method, headers });
/** The boot data the page carries (the JSON block the shell reads). */
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html)![1]!);
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('the start pages from prepared bytes', () => {
  it('carry an ETag and the visitor page caching; the same ETag back gets a 304 without a body', async () => {
    for (const page of ['/sv/', '/en/']) {
      const first = await get(page);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
      expect(first.headers.get('vary')).toBe('Accept-Encoding');
      expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const html = await first.text();
      expect(bootOf(html).lang).toBe(page.slice(1, 3));
      expect(html).toContain('<h1>start</h1>');

      const again = await get(page, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
      // the weak form of the same tag, and a list with it, match too; another tag does not
      expect((await get(page, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      expect((await get(page, { 'if-none-match': '"other"' })).status).toBe(200);
    }
    await settle();
    // each answer, the 304s too, has its access-log line
    const pageLines = logLines
      .map((l) => JSON.parse(l) as { msg: string; route?: string; status?: number })
      .filter((l) => l.msg === 'request' && (l.route === 'sv' || l.route === 'en'));
    expect(pageLines.filter((l) => l.status === 304)).toHaveLength(4);
  });

  it('sends the brotli copy to a browser that takes it, under an ETag of its own; HEAD sends no body', async () => {
    const plain = await get('/sv/', { 'accept-encoding': 'identity' });
    // undici's request, not fetch: fetch would decompress the body itself
    const br = await request(`${app.baseUrl}/sv/`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).not.toBe(plain.headers.get('etag'));
    const bytes = Buffer.from(await br.body.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(await plain.text());
    // a refused encoding is not sent
    expect((await get('/sv/', { 'accept-encoding': 'br;q=0, gzip' })).headers.get('content-encoding')).toBe(
      'gzip',
    );
    const head = await get('/sv/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBeTruthy();
    expect(await head.text()).toBe('');
  });

  it('the other visitor pages (through Koa) have the same caching and validator; a ticket page has neither', async () => {
    const other = await get('/sv/memberCheck');
    expect(other.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
    const etag = other.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/sv/memberCheck', { 'if-none-match': etag })).status).toBe(304);
    // with a query the start page goes through Koa: the same page
    const withQuery = await get('/sv/?utm_source=test', { 'accept-encoding': 'identity' });
    expect(withQuery.headers.get('etag')).toBe(
      (await get('/sv/', { 'accept-encoding': 'identity' })).headers.get('etag'),
    );
    const ticket = await get('/sv/ticket/ABCDEFGH');
    expect(ticket.headers.get('cache-control')).toBe('private, no-store');
    expect(ticket.headers.get('etag')).toBeNull();
    const staff = await get('/admin/login');
    expect(staff.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('GET /api/getConcertStatus from prepared bytes', () => {
  it('carries an ETag and its Cache-Control; the same ETag back gets a 304', async () => {
    const first = await get('/api/getConcertStatus');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=1, stale-while-revalidate=2');
    expect(first.headers.get('x-request-id')).toBeTruthy();
    const etag = first.headers.get('etag')!;
    const body = await first.json();
    expect(body.concertStatus).toBe('Open');
    const again = await get('/api/getConcertStatus', { 'if-none-match': etag });
    // the count may have been read again meanwhile (1 s), the answer is the same
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('a change of the concert shows at once in the status and the start page, under new ETags', async () => {
    const statusBefore = await get('/api/getConcertStatus');
    const pageBefore = await get('/sv/', { 'accept-encoding': 'identity' });
    const before = { status: statusBefore.headers.get('etag')!, page: pageBefore.headers.get('etag')! };
    const concert = (await app.call('getConcert', {}, office)).body.result.concert;
    const venue = `${concert.venue} (ny sal ${Date.now()})`;
    const saved = await app.call('saveConcert', { id: concert.id, venue }, office);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const statusAfter = await get('/api/getConcertStatus', { 'if-none-match': before.status });
    expect(statusAfter.status).toBe(200);
    expect(statusAfter.headers.get('etag')).not.toBe(before.status);
    expect((await statusAfter.json()).concert.venue).toBe(venue);

    const pageAfter = await get('/sv/', { 'if-none-match': before.page, 'accept-encoding': 'identity' });
    expect(pageAfter.status).toBe(200);
    expect(pageAfter.headers.get('etag')).not.toBe(before.page);
    expect(bootOf(await pageAfter.text()).concertStatus.concert.venue).toBe(venue);
    expect(bootOf(await pageBefore.text()).concertStatus.concert.venue).toBe(concert.venue);
  });
});
