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
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Resolves once the page has saved its place (a saveFlow call answered), one holding `containing` if given. */
const saved = (page: Page, containing = '') =>
  page.waitForResponse((r) => r.url().endsWith('/api/saveFlow') && r.status() === 200 && (r.request().postData() ?? '').includes(containing));

async function identify(page: Page, sv: T, personalNumber: string, email: string) {
  await fillMemberCheck(page, sv, personalNumber, email);
  await bankIdOnOtherDevice(page, sv, 'auth');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
}

test('a reload on memberCheck keeps what was typed and the place; no error page', async ({ page, copyOf }) => {
  const sv = await copyOf('sv');
  await holdTicket(page, sv);
  await expectRendered(page);
  const draft = saved(page, 'omladdad@example.se');
  await page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true }).fill('19900101-2344');
  await page.getByLabel(sv('memberCheck.email.label'), { exact: true }).fill('omladdad@example.se');
  await draft;
  await page.reload();
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  await expect(page.getByLabel(sv('memberCheck.email.label'), { exact: true })).toHaveValue('omladdad@example.se');
  await expect(page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true })).toHaveValue('19900101-2344');
  await expect(page.getByText(sv('memberCheck.place.notYet'))).toBeVisible();
});

test('a reload after identification stays on the step with the countdown running; identification is not asked again', async ({ page, copyOf }) => {
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

test('a reload while BankID identifies (the app switch on iOS) resumes the waiting and completes', async ({ page, copyOf }) => {
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

test('a step opened without what it needs goes to where the session is: the start page for a new visitor, memberCheck for a place', async ({ page, copyOf }) => {
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
