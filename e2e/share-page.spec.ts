import path from 'node:path';
import type { Page } from '@playwright/test';
import { copyLines } from '@concert/shared/universal';
import { expect, test } from './fixtures.js';

// The start page people share: the cover (responsive, modern formats, no layout shift), date, time
// and venue at a glance, the line-up from the copy, and the card a shared link shows in each
// language. SCREENS_DIR=<dir> also saves what a person checks by eye: the page at 390 px and the card.

const screens = process.env.SCREENS_DIR;

/** The layout shift of the page so far (CLS as the browser counts it, without input-driven shifts). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

test('the start page: the cover in AVIF at the phone’s size, no layout shift, the facts and the line-up from the copy', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sv/');
  const cover = page.getByRole('img', { name: sv('start.cover.alt') });
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('width', '1200');
  await expect(cover).toHaveAttribute('height', '630');
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const chosen = await cover.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(chosen).toMatch(/\/media\/cover-v\d+-(480|800|1200)\.avif$/); // Chromium takes AVIF; 390 px × DPR 2.6 asks for ≥ 1000 px
  await expect(page.getByRole('button', { name: sv('start.button.buy') })).toBeEnabled();
  // The painted image gives way to the app's: measured on whichever is on the page (a box is
  // null for the instant between them).
  await expect
    .poll(async () => {
      const box = await cover.boundingBox();
      return box && Math.abs(box.height - (box.width * 630) / 1200);
    })
    .toBeLessThan(2);
  expect(await layoutShift(page)).toBeLessThan(0.01);

  const facts = page.getByRole('region', { name: sv('start.facts.title') });
  await expect(facts).toContainText(sv('start.facts.date'));
  await expect(facts).toContainText(sv('start.facts.time'));
  await expect(facts).toContainText(sv('start.facts.place'));
  const lineup = page.getByRole('region', { name: sv('start.lineup.title') });
  await expect(lineup.getByRole('list').first().getByRole('listitem')).toHaveText(
    copyLines(sv('start.lineup.artists')),
  );
  await expect(lineup.getByRole('list').nth(1).getByRole('listitem')).toHaveText(
    copyLines(sv('start.lineup.speakers')),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (screens) await page.screenshot({ path: path.join(screens, 'start-sv-390.png'), fullPage: true });
});

for (const lang of ['sv', 'en'] as const) {
  test(`a shared link to /${lang}/ shows a card in ${lang === 'sv' ? 'Swedish' : 'English'}: title, description, the cover (Open Graph, Twitter)`, async ({
    page,
    request,
    copyOf,
  }) => {
    const t = await copyOf(lang);
    const html = await (await request.get(`/${lang}/`)).text();
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(
        html,
      )?.[1];
    const decode = (s: string | undefined) =>
      s
        ?.replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const card = {
      title: decode(meta('og:title')),
      description: decode(meta('og:description')),
      image: meta('og:image'),
      alt: decode(meta('og:image:alt')),
    };
    expect(html).toContain(
      `<title>${t('start.title')} – ${t('shell.siteName')}</title>`.replace(/&/g, '&amp;'),
    );
    expect(card).toEqual({
      title: `${t('start.title')} – ${t('shell.siteName')}`,
      description: t('start.share.description'),
      image: expect.stringMatching(/^http:\/\/localhost:\d+\/media\/cover-v\d+-1200\.jpg$/),
      alt: t('start.cover.alt'),
    });
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('og:locale')).toBe(lang === 'sv' ? 'sv_SE' : 'en_GB');
    const image = await request.get(card.image!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    expect((await image.body()).length).toBeLessThan(60_000);

    // What a messaging app draws from those tags, to look at.
    if (screens) {
      await page.setViewportSize({ width: 520, height: 460 });
      await page.setContent(
        `<body style="margin:0;padding:16px;background:#eceff1;font:15px system-ui,sans-serif">
          <div style="width:480px;border-radius:12px;overflow:hidden;background:#fff;box-shadow:0 1px 3px #0003">
            <img src="${card.image}" alt="" style="display:block;width:480px;height:252px;object-fit:cover">
            <div style="padding:10px 14px"><div style="color:#65676b;font-size:12px;text-transform:uppercase">localhost</div>
            <div style="font-weight:700;margin:2px 0">${card.title}</div><div style="color:#444">${card.description}</div></div>
          </div></body>`,
      );
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(screens, `share-card-${lang}.png`) });
    }
  });
}
