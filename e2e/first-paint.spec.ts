import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * What the page shows and where: header, the screen's headings, texts and controls, footer. Texts
 * are placed by their own box (the header date is a button where test mode is available, a span
 * in the painted page: the same text in the same place).
 */
function layoutOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    // A live region's text fills in after the first paint (memberCheck's tickets left): its line is kept, so only its text is left out.
    Array.from(
      document.querySelectorAll(
        '.logo, .concert-date, .lang-toggle, main h1, main p:not([aria-live]), main label, main input, main button, .site-footer a',
      ),
    ).map((e) => {
      const text = e.textContent?.trim() ?? '';
      const range = document.createRange();
      range.selectNodeContents(e);
      const r = text ? range.getBoundingClientRect() : e.getBoundingClientRect();
      return `«${text}» ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    }),
  );
}

// The server paints these pages into index.html (@concert/shared/first-paint); the app then renders
// over them. If the two drift apart, the page jumps or changes under the visitor's eyes.
for (const [path, button] of [
  ['/sv/', 'start.button.buy'],
  ['/en/memberCheck', 'memberCheck.continue'],
  ['/sv/contact', 'contact.send'],
  ['/en/privacy', 'privacy.back'],
  ['/sv/error/invalidState', 'error.restart'],
  ['/sv/error/n%C3%A5got%20ok%C3%A4nt', 'error.restart'], // an id the app does not know: its message names it
  ['/en/error/Scrive%20failed', 'error.restart'], // the old spelling of scriveFailed
] as const) {
  test(`${path} is painted before any script runs, just as the app then renders it`, async ({
    browser,
    page,
    copyOf,
  }, testInfo) => {
    const t = await copyOf(path.startsWith('/en/') ? 'en' : 'sv');
    const noScript = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: false,
    });
    const painted = await noScript.newPage();
    await painted.goto(path);
    await expect(painted.getByRole('heading', { level: 1 })).toBeVisible();
    const before = await layoutOf(painted);
    await noScript.close();

    await page.goto(path);
    if (button === 'error.restart') {
      // A link is not marked as not ready when painted: wait until the app's own screen rendered.
      await expect(page.locator('html')).toHaveAttribute('data-rendered', path);
      await expect(page.getByRole('link', { name: t(button) })).toBeVisible();
    } else await expect(page.getByRole('button', { name: t(button) })).toBeEnabled(); // the app's own button
    expect(await layoutOf(page)).toEqual(before);
  });
}

// While tickets are on sale the queue page takes a place without a tap and moves on to
// memberCheck (SPEC.md §4). Opened from a link on a phone, nothing moves meanwhile: the server
// paints memberCheck (a place has no countdown: only identification reserves a ticket, issue 27),
// the count of tickets left fills a line kept for it, and the tab says memberCheck from the start.
test('/sv/toQueue while on sale: painted as the memberCheck it moves on to, titled so from the start, nothing shifts when the place and the tickets left arrive', async ({
  page,
  copyOf,
}) => {
  const t = await copyOf('sv');
  await page.addInitScript(() => {
    const seen = { shift: 0, titles: [] as string[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    const noteTitle = () => {
      if (document.title && seen.titles.at(-1) !== document.title) seen.titles.push(document.title);
    };
    new MutationObserver(noteTitle).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.goto('/sv/toQueue');
  await expect(page).toHaveURL(/\/sv\/memberCheck#nonMember$/);
  await expect(page.getByText(t('memberCheck.place.notYet'))).toBeVisible();
  await expect(page.locator('.tickets-left')).not.toBeEmpty();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('memberCheck.continue') })).toBeEnabled();
  await page.waitForTimeout(300); // a shift after the clock's first second would show too
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { shift: number; titles: string[] } }).seen,
  );
  expect(seen.titles).toEqual([`${t('memberCheck.title')} – ${t('shell.siteName')}`]);
  expect(seen.shift).toBe(0);
});
