import type { Page } from '@playwright/test';
import { addAttendees, uniqueName } from './door-helpers.js';
import { axeViolations } from './a11y-helpers.js';
import { expect, test } from './fixtures.js';

/**
 * The door at a glance (issue 30): a typed code's verdict fills a 390 px screen, is announced,
 * and gives way to "ready" by itself; "already" shows the time; "next" clears at once; an undo
 * has its own neutral verdict; the dark theme follows the phone and the toggle, with no axe
 * violation (serious or moderate) in either theme at 390 and 1280 px.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true });

async function expectAxeClean(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const bad = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.impact === 'moderate',
  );
  expect(bad.map((v) => `${v.id} @${width}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

test('door: the verdict fills the screen, resets by itself, undo is neutral; dark theme by setting and toggle', async ({
  page,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const [guest] = await addAttendees(page, request, sv('admin.login.signIn'), [[uniqueName('Kim'), 'Kö']]);
  await page.goto('/admin/door');
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.door.title') })).toBeVisible();
  const result = page.getByTestId('door-result');
  await expect(result).toHaveAttribute('aria-live', 'assertive');
  await expect(result).toHaveText(sv('admin.door.result.ready'));

  // Typed at the bottom of a scrolled phone page: the verdict is in the viewport all the same.
  const code = page.getByLabel(sv('admin.door.code.label'), { exact: true });
  await code.scrollIntoViewIfNeeded();
  await code.fill(guest!.code);
  await page.getByRole('button', { name: sv('admin.door.checkIn'), exact: true }).click();
  await expect(result).toHaveClass(/door-result-ok/);
  await expect(result).toContainText(sv('admin.door.verdict.ok'));
  await expect(result).toContainText(`${guest!.firstName} ${guest!.lastName}`);
  const box = (await page.getByTestId('door-verdict').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.height).toBeGreaterThan(800);
  // The undo is neutral (white, not the verdict's green) and named for whom.
  const undo = page.getByRole('button', {
    name: sv('admin.door.undo', { name: `${guest!.firstName} ${guest!.lastName}` }),
  });
  await expect(undo).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  // By itself, a few seconds later: ready again.
  await expect(result).toHaveText(sv('admin.door.result.ready'), { timeout: 6_000 });

  // The same code again: already, with the time; "next" clears it at once.
  await code.fill(guest!.code);
  await page.getByRole('button', { name: sv('admin.door.checkIn'), exact: true }).click();
  await expect(result).toHaveClass(/door-result-already/);
  await expect(result).toContainText(/\b\d{2}:\d{2}\b/);
  await page.getByRole('button', { name: sv('admin.door.verdict.next') }).click();
  await expect(result).toHaveText(sv('admin.door.result.ready'));

  // The search finds one: "1 träff".
  await page.getByLabel(sv('admin.door.search.label'), { exact: true }).fill(guest!.firstName);
  await expect(
    page.getByText(sv('admin.door.search.countOne', { count: '1' }), { exact: true }),
  ).toBeVisible();

  // Undo from the page: its own neutral verdict, not a check-in's green.
  await page
    .getByRole('button', { name: sv('admin.door.undo', { name: `${guest!.firstName} ${guest!.lastName}` }) })
    .click();
  await expect(result).toHaveClass(/door-result-undone/);
  await expect(result).toContainText(sv('admin.door.verdict.undone'));
  await expect(result).not.toHaveClass(/door-result-ok/);
  await page.getByRole('button', { name: sv('admin.door.verdict.next') }).click();
  await expectAxeClean(page, 390);
  await expectAxeClean(page, 1280);

  // Dark: from the phone's setting, then the toggle (remembered) turns it off and on.
  await page.emulateMedia({ colorScheme: 'dark' });
  const theme = () => page.evaluate(() => document.documentElement.dataset.doorTheme ?? 'light');
  await expect.poll(theme).toBe('dark');
  const toggle = page.getByRole('button', { name: sv('admin.door.theme.dark') });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expectAxeClean(page, 390);
  await expectAxeClean(page, 1280);
  await toggle.click();
  await expect.poll(theme).toBe('light');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.door.title') })).toBeVisible();
  await expect.poll(theme).toBe('light');
  await page.getByRole('button', { name: sv('admin.door.theme.dark') }).click();
  await expect.poll(theme).toBe('dark');
  // Leaving the door takes the theme off the rest of the console.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(theme).toBe('light');
});
