// Issue 29 on a phone: a reload, the return from the BankID app and a link opened anew resume the
// sign-up where it was; a step opened without what it needs goes to the furthest step the session
// allows, never to an error page.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  approveOnOtherDevice,
  BANKID_WAIT,
  bankIdOnOtherDevice,
  expectRendered,
  fillMemberCheck,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  randomAdultPersonalNumber,
  tapOpenBankId,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Resolves once the page has saved its place (a saveFlow call answered), one holding `containing` if given. */
const saved = (page: Page, containing = '') =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/saveFlow') &&
      r.status() === 200 &&
      (r.request().postData() ?? '').includes(containing),
  );

async function identify(page: Page, sv: T, personalNumber: string, email: string) {
  await fillMemberCheck(page, sv, personalNumber, email);
  await bankIdOnOtherDevice(page, sv, 'auth');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
}

test('a reload on memberCheck keeps what was typed and the place; no error page', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await holdTicket(page, sv);
  await expectRendered(page);
  const draft = saved(page, 'omladdad@example.se');
  await page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true }).fill('19900101-2344');
  await page.getByLabel(sv('memberCheck.email.label'), { exact: true }).fill('omladdad@example.se');
  await draft;
  await page.reload();
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  await expect(page.getByLabel(sv('memberCheck.email.label'), { exact: true })).toHaveValue(
    'omladdad@example.se',
  );
  await expect(page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true })).toHaveValue(
    '19900101-2344',
  );
  await expect(page.getByText(sv('memberCheck.place.notYet'))).toBeVisible();
});

test('the ticket button opens the session itself: register carries the solved challenge, no session request; a reload keeps that session', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/session') || path === '/api/register')
      calls.push(`${r.method()} ${path}${r.postDataJSON()?.session ? ' (opens the session)' : ''}`);
  });
  await page.goto('/sv/');
  // The page solves its challenge while it is read (at idle), before the click.
  await expect.poll(() => calls).toEqual(['GET /api/session/challenge']);
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/register'));
  await page.getByRole('button', { name: sv('start.button.buy') }).click();
  const answer = await (await registered).json();
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  expect(calls).toEqual(['GET /api/session/challenge', 'POST /api/register (opens the session)']);
  expect(answer.session.uid).toMatch(/^[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  await expect(page.getByText(sv('memberCheck.place.notYet'))).toBeVisible();
  // The reloaded page's calls carry the session's token: none opens another.
  expect(calls.filter((c) => c.includes('opens') || c.startsWith('POST /api/session'))).toEqual([
    'POST /api/register (opens the session)',
  ]);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('concert.session') ?? '{}').uid);
  expect(stored).toBe(answer.session.uid);
});

test('a reload after identification stays on the step with the countdown running; identification is not asked again', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const personalNumber = randomAdultPersonalNumber();
  await holdTicket(page, sv);
  await identify(page, sv, personalNumber, uniqueEmail('omladdning'));
  const timer = page.getByRole('banner').getByRole('timer');
  await expect(timer).toBeVisible();
  await page.getByLabel(sv('becomeMember.phone.label'), { exact: true }).fill('070-765 43 21');
  await page.reload();
  await expect(page).toHaveURL(/\/sv\/becomeMember$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('becomeMember.title'));
  await expect(timer).toBeVisible();
  await expect(page.getByLabel(sv('becomeMember.firstName.label'), { exact: true })).not.toHaveValue('');
  // memberCheck, opened again, does not ask for BankID: it goes on to where the visitor was
  await page.goto('/sv/memberCheck');
  await expect(page).toHaveURL(/\/sv\/becomeMember$/);
});

test('a reload while BankID identifies (the app switch on iOS) resumes the waiting and completes', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const personalNumber = randomAdultPersonalNumber();
  await holdTicket(page, sv);
  await expectRendered(page);
  await fillMemberCheck(page, sv, personalNumber, uniqueEmail('appbyte'));
  const orderSaved = saved(page, '"purpose":"auth"');
  await bankIdOnOtherDevice(page, sv, 'auth');
  await orderSaved;
  await page.reload();
  await expect(page.getByRole('heading', { name: sv('bankId.title.auth') })).toBeVisible();
  await expect(page.getByRole('img', { name: sv('bankId.qr.alt') })).toBeVisible();
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
});

test('a step opened without what it needs goes to where the session is: the start page for a new visitor, memberCheck for a place', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await page.goto('/sv/becomeMember');
  await expect(page).toHaveURL(/\/sv\/$/);
  await expect(page.getByRole('button', { name: sv('start.button.buy') })).toBeVisible();
  await page.goto('/sv/gotToken');
  await expect(page).toHaveURL(/\/sv\/$/);

  await holdTicket(page, sv);
  await expectRendered(page);
  await page.goto('/sv/addAutoGiro');
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  await expect(page.getByText(sv('memberCheck.place.notYet'))).toBeVisible();
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });

  test('BankID on this device returns to the step; the return address resumes it in a new tab of the same browser, never in another', async ({
    page,
    browser,
    copyOf,
  }, testInfo) => {
    const sv = await copyOf('sv');
    const personalNumber = randomAdultPersonalNumber();
    await holdTicket(page, sv);
    await expectRendered(page);
    await fillMemberCheck(page, sv, personalNumber, uniqueEmail('iphone'));
    const orderSaved = saved(page, '"purpose":"auth"');
    const app = await tapOpenBankId(page, sv);
    // The way back travels with the order (its returnUrl), not in the link (BankID's RP API v6):
    // "the app" knows it from the order.
    expect(new URL(app.url()).searchParams.has('redirect')).toBe(false);
    const back = new URL((await app.locator('input[name="redirect"]').first().getAttribute('value'))!);
    expect(back.pathname).toBe('/sv/memberCheck');
    expect(back.searchParams.get('resume')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await orderSaved;
    await app.close();
    await approveOnOtherDevice(page, personalNumber);

    // Another browser (someone the link was sent to) cannot redeem it: the reference is bound to
    // the secret of the browser that started the order (issue 39 §9), and stays good for that one.
    const fresh = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      userAgent: testInfo.project.use.userAgent,
      viewport: { width: 390, height: 844 },
    });
    try {
      const stranger = await fresh.newPage();
      await stranger.goto(back.href);
      await stranger.waitForLoadState('networkidle');
      await expect(stranger).toHaveURL(/\/sv\/(memberCheck)?$/);
      await expect(stranger.getByRole('banner').getByRole('timer')).toHaveCount(0);
      // The phone opens the way back in a new tab of the same browser: no session there, but its secret.
      const tab = await page.context().newPage();
      await tab.goto(back.href);
      await expect(tab).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
      await expect(tab.getByRole('banner').getByRole('timer')).toBeVisible();
      // the reference is spent: it left the address, and opening it again gives nothing
      const again = await page.context().newPage();
      await again.goto(back.href);
      await expect(again).toHaveURL(/\/sv\/(memberCheck)?$/);
    } finally {
      await fresh.close();
    }
  });
});
