import { expect, test } from './fixtures.js';

test.describe('test mode (demo, localhost)', () => {
  test('clicking the header date opens the test panel; a mock mode shows the banner', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/');
    const date = page.getByRole('banner').getByRole('button', { name: sv('shell.header.date') });
    await expect(date).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(sv('shell.testMode.banner'))).toHaveCount(0);

    await date.click();
    await expect(date).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: sv('shell.testMode.title') });
    await expect(panel).toBeVisible();
    const bankId = panel.getByRole('group', { name: sv('shell.testMode.bankId') });
    const memberStatus = panel.getByRole('group', { name: sv('shell.testMode.memberStatus') });
    await expect(bankId.getByRole('radio', { name: sv('shell.testMode.live'), exact: true })).toBeChecked();
    await expect(
      memberStatus.getByRole('radio', { name: sv('shell.testMode.live'), exact: true }),
    ).toBeChecked();
    await expect(memberStatus.getByRole('radio')).toHaveCount(3);

    await bankId.getByRole('radio', { name: sv('shell.testMode.success'), exact: true }).check();
    await expect(page.getByRole('status').filter({ hasText: sv('shell.testMode.banner') })).toBeVisible();
    await memberStatus.getByRole('radio', { name: sv('shell.testMode.nonMember'), exact: true }).check();
    await bankId.getByRole('radio', { name: sv('shell.testMode.live'), exact: true }).check();
    await expect(page.getByText(sv('shell.testMode.banner'))).toBeVisible();

    // the date toggles the panel closed again, and the mode stays on
    await date.click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByText(sv('shell.testMode.banner'))).toBeVisible();

    // closing from the panel gives focus back to the date; all Live hides the banner
    await date.click();
    await memberStatus.getByRole('radio', { name: sv('shell.testMode.live'), exact: true }).check();
    await expect(page.getByText(sv('shell.testMode.banner'))).toHaveCount(0);
    await panel.getByRole('button', { name: sv('shell.testMode.close') }).click();
    await expect(panel).toHaveCount(0);
    await expect(date).toBeFocused();
  });
});

test('a page from a backend that is not in demo mode never offers test mode, even on localhost', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  // The page as a production backend serves it: its boot data says demo false.
  await page.route(
    (url) => url.pathname === '/sv/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('"demo":true', '"demo":false');
      expect(html).toContain('"demo":false');
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto('/sv/?testMode=1');
  const banner = page.getByRole('banner');
  // the app has taken over from the painted page
  await expect(page.getByRole('main').getByRole('button', { name: sv('start.button.buy') })).toBeEnabled();
  await expect(banner.getByText(sv('shell.header.date'))).toBeVisible();
  await expect(banner.getByRole('button', { name: sv('shell.header.date') })).toHaveCount(0);
});
