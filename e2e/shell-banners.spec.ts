import { expect, test } from './fixtures.js';

const INSTAGRAM_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 300.0.0.29.110 Android';

test.describe('in an Instagram in-app browser', () => {
  test.use({ userAgent: INSTAGRAM_UA });

  test('the banner asks for the default browser, though not on the start page', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('start.title'));
    await expect(page.getByText(sv('shell.inAppBrowser.banner'))).toHaveCount(0);
    await page.getByRole('button', { name: sv('start.button.buy') }).click();
    await expect(page).toHaveURL(/\/sv\/memberCheck$/);
    const banner = page.getByRole('note');
    await expect(banner.getByText(sv('shell.inAppBrowser.banner'))).toBeVisible();
    // a way out: the link copied for the default browser (issue 29)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await banner.getByRole('button', { name: sv('shell.inAppBrowser.copy') }).click();
    await expect(banner.getByRole('status')).toHaveText(sv('shell.inAppBrowser.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    // two lines at most on a 390 px phone, besides its button
    const lines = await banner
      .getByText(sv('shell.inAppBrowser.banner'))
      .evaluate((p) =>
        Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)),
      );
    expect(lines).toBeLessThanOrEqual(2);
  });
});

test('no in-app banner in an ordinary browser', async ({ page, copyOf }) => {
  const sv = await copyOf('sv');
  await page.goto('/sv/memberCheck');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('memberCheck.title'));
  await expect(page.getByText(sv('shell.inAppBrowser.banner'))).toHaveCount(0);
});

test('a browser without what the app needs gets the unsupported-browser message', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await page.addInitScript(() => {
    delete (Promise as { allSettled?: unknown }).allSettled;
  });
  await page.goto('/sv/memberCheck');
  await expect(page.getByRole('alert')).toContainText(sv('shell.unsupportedBrowser.title'));
  await expect(page.getByRole('alert')).toContainText(sv('shell.unsupportedBrowser.body'));
});

test('a request slower than 8 s shows the be-patient message until it answers', async ({ page, copyOf }) => {
  const sv = await copyOf('sv');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/register', async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await page.goto('/sv/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('start.title'));
  await page.getByRole('button', { name: sv('start.button.buy') }).click();
  await expect(page.getByText(sv('shell.slowRequest'))).toHaveCount(0);
  await page.clock.fastForward('00:09');
  await expect(page.getByRole('status').filter({ hasText: sv('shell.slowRequest') })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  await expect(page.getByText(sv('shell.slowRequest'))).toHaveCount(0);
});
