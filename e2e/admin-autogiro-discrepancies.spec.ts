import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { SIGN_IN_TIMEOUT_MS, signInAs, STAFF } from './admin-helpers.js';
import {
  approveOnOtherDevice,
  BANKID_WAIT,
  bankIdOnOtherDevice,
  completeBecomeMember,
  fillMemberCheck,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  randomAdultPersonalNumber,
  signWithAccountByHand,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS + SIGN_IN_TIMEOUT_MS });

async function signUp(page: Page, sv: T, personalNumber: string, email: string) {
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, personalNumber, email);
  await bankIdOnOtherDevice(page, sv, 'auth');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
  await completeBecomeMember(page, sv);
  await signWithAccountByHand(page, sv);
  await bankIdOnOtherDevice(page, sv, 'sign');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
}

test('an answer that does not fit the mandate’s state changes nothing and is listed for the office, who marks it done', async ({
  page,
  browser,
  baseURL,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const email = uniqueEmail('discrepancy');
  await signUp(page, sv, randomAdultPersonalNumber(), email);

  const office = await (
    await browser.newContext({ baseURL, locale: 'sv-SE', ignoreHTTPSErrors: true })
  ).newPage();
  await office.goto('/admin/autogiro');
  await signInAs(office, STAFF.office, sv('admin.login.signIn'));
  await expect(office).toHaveURL(/\/admin\/autogiro$/);
  const card = office.getByRole('listitem').filter({ hasText: email });

  // mandate file → the stand-in's answer → approved
  await office.getByRole('button', { name: sv('admin.autogiro.files.writeMandates') }).click();
  const written = office.getByRole('status').filter({ hasText: /AG-MEDGIV-/ });
  await expect(written).toBeVisible();
  const fileName = /AG-MEDGIV-[\w-]+\.txt/.exec((await written.textContent()) ?? '')![0];
  const [answer] = await Promise.all([
    office.waitForEvent('download'),
    office.getByRole('button', { name: sv('admin.autogiro.files.standInLabel', { fileName }) }).click(),
  ]);
  const answerBytes = await readFile((await answer.path())!);
  await office
    .getByLabel(sv('admin.autogiro.upload.label'))
    .setInputFiles({ name: 'first.txt', mimeType: 'text/plain', buffer: answerBytes });
  await office.getByRole('button', { name: sv('admin.autogiro.upload.submit') }).click();
  await expect(office.getByRole('status').filter({ hasText: 'first.txt' })).toBeVisible();
  await expect(card).toContainText(sv('admin.autogiro.states.approved'));

  // Bankgirot approves the same mandates again (another day's file): nothing moves, each is listed
  const text = answerBytes.toString('latin1');
  const date = text.slice(24, 32);
  const again = Buffer.from(text.replace(date, String(Number(date) + 1)), 'latin1');
  await office
    .getByLabel(sv('admin.autogiro.upload.label'))
    .setInputFiles({ name: 'second.txt', mimeType: 'text/plain', buffer: again });
  await office.getByRole('button', { name: sv('admin.autogiro.upload.submit') }).click();
  await expect(office.getByRole('status').filter({ hasText: 'second.txt' })).toBeVisible();
  await expect(card).toContainText(sv('admin.autogiro.states.approved'));

  const section = office.getByRole('region', { name: sv('admin.autogiro.discrepancies.title') });
  const reason = sv('admin.autogiro.discrepancies.reasons.answerDoesNotFit', {
    state: sv('admin.autogiro.states.approved'),
  });
  const entry = section
    .getByRole('listitem')
    .filter({ hasText: reason })
    .filter({ hasText: 'second.txt' })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(
    sv('admin.autogiro.code', { code: '32', message: sv('admin.autogiro.codes.c32') }),
  );
  const payerNumber = /(\d{7,16})/.exec((await entry.textContent()) ?? '')![1]!;
  await entry
    .getByRole('button', { name: sv('admin.autogiro.discrepancies.resolveLabel', { payerNumber }) })
    .click();
  await expect(
    section
      .getByRole('listitem')
      .filter({ hasText: `${payerNumber}:` })
      .filter({ hasText: 'second.txt' }),
  ).toHaveCount(0);
});
