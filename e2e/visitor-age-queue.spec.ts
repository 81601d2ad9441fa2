import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { SOLD_OUT_BASE_URL } from '../playwright.config.js';
import { FIXTURES, holdTicket, mailTo, uniqueEmail } from './visitor-helpers.js';

test.describe('under 18', () => {
  for (const [who, personalNumber, guardian] of [
    ['17 years old', FIXTURES.seventeen, false],
    ['14 years old', FIXTURES.fourteen, true],
  ] as const) {
    test(`${who}: the warning${guardian ? ' and the guardian note' : ''}, then continue → underAge`, async ({
      page,
      copyOf,
    }) => {
      const sv = await copyOf('sv');
      await holdTicket(page, sv);
      await page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true }).fill(personalNumber);
      await page.getByLabel(sv('memberCheck.email.label'), { exact: true }).fill(uniqueEmail('young'));
      await expect(page.getByText(sv('memberCheck.underAgePN'))).toBeVisible();
      await expect(page.getByText(sv('memberCheck.guardianNote'))).toHaveCount(guardian ? 1 : 0);
      const bankIdStarted = page
        .waitForRequest((r) => r.url().endsWith('/api/startBankIDAuth'), { timeout: 3000 })
        .then(
          () => true,
          () => false,
        );
      await page.getByRole('button', { name: sv('memberCheck.continue') }).click();
      await expect(page).toHaveURL(/\/sv\/underAge$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('underAge.title'));
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page.getByText(sv('underAge.youth'))).toBeVisible();
      expect(await bankIdStarted).toBe(false); // no BankID for someone too young
      await page.getByRole('link', { name: sv('underAge.back'), exact: true }).click();
      await expect(page).toHaveURL(/\/sv\/$/);
    });
  }
});

/** A visitor page's HTML (which carries the status the server inlined), not its assets or the API. */
const isVisitorPage = (url: URL) => /^\/(sv|en)(\/|$)/.test(url.pathname) && !/\.\w+$/.test(url.pathname);

/**
 * The concert status as the backend would report it once the capacity is reached (CONTRACT.md
 * §1: 1000 tickets in e2e), both where the page polls it and where the server inlined it.
 */
async function concertStatus(page: Page, status: 'Queue' | 'Open') {
  await page.unroute('**/api/getConcertStatus');
  await page.route('**/api/getConcertStatus', (route) =>
    route.fulfill({ json: { concertStatus: status, memberQueue: false } }),
  );
  await page.unroute(isVisitorPage);
  await page.route(isVisitorPage, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /"concertStatus":\{"concertStatus":"\w+"/,
      `"concertStatus":{"concertStatus":"${status}"`,
    );
    await route.fulfill({ response, body: html });
  });
}

test('sold out in the rush, after the page loaded: the ticket button leads to toQueue, not to an error page', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await page.goto('/sv/');
  const buy = page.getByRole('button', { name: sv('start.button.buy') });
  await expect(buy).toBeEnabled();
  // Meanwhile the last ticket went: register refuses, and the status says Queue.
  await page.route('**/api/register', (route) =>
    route.fulfill({ status: 409, json: { error: { status: 'ABORTED', message: 'noTicket' } } }),
  );
  await page.route('**/api/getConcertStatus', (route) =>
    route.fulfill({ json: { concertStatus: 'Queue', memberQueue: false } }),
  );
  await buy.click();
  await expect(page).toHaveURL(/\/sv\/toQueue$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('toQueue.title'));
});

test.describe('on a sold-out server', () => {
  test.use({ baseURL: SOLD_OUT_BASE_URL });

  test('sold out: the start button leads to toQueue → inQueue with the e-mail; the place counts once the link in the e-mail is opened', async ({
    page,
    request,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/');
    await expect(page.getByText(sv('start.intro.queue'))).toBeVisible();
    await page.getByRole('button', { name: sv('start.button.queue') }).click();
    await expect(page).toHaveURL(/\/sv\/toQueue$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('toQueue.title'));

    // nothing filled in: a message per field, focus on the first
    await page.getByRole('button', { name: sv('toQueue.join') }).click();
    const email = page.getByLabel(sv('toQueue.email.label'), { exact: true });
    await expect(email).toBeFocused();
    await expect(page.getByText(sv('validation.incorrectEmail'))).toBeVisible();
    await expect(page.getByText(sv('validation.requiredField'))).toHaveCount(2);
    await expect(email).toHaveAttribute('autocomplete', 'email');

    const address = uniqueEmail('kim');
    await email.fill(address);
    await page.getByLabel(sv('toQueue.firstName.label'), { exact: true }).fill('Kim');
    await page.getByLabel(sv('toQueue.lastName.label'), { exact: true }).fill('Kö-Ek');
    await page.getByRole('button', { name: sv('toQueue.join') }).click();
    await expect(page).toHaveURL(/\/sv\/inQueue$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('inQueue.title'));
    await expect(page.getByText(sv('inQueue.body', { email: address }))).toBeVisible();
    const mail = await mailTo(request, address, sv('email.queueConfirmation.subject'));
    const link = /https?:\/\/\S+\/sv\/confirmQueue\?code=[\w-]+/.exec(mail.text)?.[0];
    expect(link, 'the e-mail carries the confirmation link').toBeTruthy();

    // opened as a visitor would, on this device or another
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('queueConfirm.title'));
    await expect(page.getByRole('status').filter({ hasText: sv('queueConfirm.confirmed') })).toBeVisible();
    await expect(page).toHaveURL(/\/sv\/confirmQueue$/); // the code left the address bar
    // a made-up code confirms nothing
    await page.goto('/sv/confirmQueue?code=' + 'x'.repeat(43));
    await expect(page.getByRole('status').filter({ hasText: sv('queueConfirm.expired') })).toBeVisible();
  });
});

test('on toQueue, the status leaving Queue sends the visitor back to memberCheck with a ticket held', async ({
  page,
  copyOf,
}) => {
  test.setTimeout(45_000);
  const sv = await copyOf('sv');
  await concertStatus(page, 'Queue');
  await page.goto('/sv/toQueue');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('toQueue.title'));
  await page.getByLabel(sv('toQueue.email.label'), { exact: true }).fill('kept@example.se');
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/register'), { timeout: 15_000 });
  await concertStatus(page, 'Open');
  const answer = await registered;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page).toHaveURL(/\/sv\/memberCheck#nonMember$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('memberCheck.title'));
});

test('memberCheck sends the visitor to toQueue when tickets run out', async ({ page, copyOf }) => {
  const sv = await copyOf('sv');
  await concertStatus(page, 'Queue');
  await page.goto('/sv/memberCheck');
  await expect(page).toHaveURL(/\/sv\/toQueue$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('toQueue.title'));
});
