import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { concertAmounts, expect, test } from './fixtures.js';
import { SIGN_IN_TIMEOUT_MS, signInAs, STAFF } from './admin-helpers.js';
import {
  approveOnOtherDevice,
  BANKID_WAIT,
  bankIdOnOtherDevice,
  completeBecomeMember,
  fillMemberCheck,
  FIXTURES,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  mailTo,
  randomAdultPersonalNumber,
  signWithAccountByHand,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: 2 * JOURNEY_TIMEOUT_MS + SIGN_IN_TIMEOUT_MS });

/** A new member signs up with the account typed by hand (Swedbank), as any visitor does; returns at gotToken. */
async function signUp(page: Page, sv: T, personalNumber: string, email: string) {
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, personalNumber, email);
  await bankIdOnOtherDevice(page, sv, 'auth');
  const fixture = (Object.values(FIXTURES) as string[]).includes(personalNumber);
  if (!fixture) await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
  await completeBecomeMember(page, sv);
  await signWithAccountByHand(page, sv);
  await bankIdOnOtherDevice(page, sv, 'sign');
  if (!fixture) await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
}

/** The card of one mandate in the list, found by the donor's (unique) e-mail. */
const mandateCard = (page: Page, email: string) => page.getByRole('listitem').filter({ hasText: email });

test('a new member signs; the office sends the mandate file, uploads the stand-in’s answer: approved, and the rejected fixture shows its reason', async ({
  page,
  browser,
  baseURL,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const { minNewMemberAmount, kr } = await concertAmounts(request);
  const newEmail = uniqueEmail('autogiro');
  const rejectedEmail = uniqueEmail('karin');
  await signUp(page, sv, randomAdultPersonalNumber(), newEmail);
  // The confirmation e-mail states the mandate: amount, draw day, first draw, the bankgiro.
  const welcome = await mailTo(request, newEmail, sv('email.registeredNew.subject'));
  expect(welcome.text).toContain(`${kr(minNewMemberAmount)} dras via Autogiro den 28 varje månad`);
  expect(welcome.text).toContain('bankgiro 991-2346');

  // The fixture whose mandate Bankgirot rejects (05) signs up in a browser of her own.
  const second = await browser.newContext({ baseURL, locale: 'sv-SE' });
  await signUp(await second.newPage(), sv, FIXTURES.mandateRejected, rejectedEmail);
  await second.close();

  // The office, on a phone-sized screen.
  const office = await (
    await browser.newContext({
      baseURL,
      locale: 'sv-SE',
      ignoreHTTPSErrors: true,
      viewport: { width: 390, height: 844 },
    })
  ).newPage();
  await office.goto('/admin/autogiro');
  await signInAs(office, STAFF.editor, sv('admin.login.signIn'));
  await expect(office).toHaveURL(/\/admin\/autogiro$/);
  await expect(office.getByRole('heading', { level: 1 })).toHaveText(sv('admin.autogiro.title'));
  await expect(mandateCard(office, newEmail)).toContainText(sv('admin.autogiro.states.signed'));

  await office.getByRole('button', { name: sv('admin.autogiro.files.writeMandates') }).click();
  const written = office.getByRole('status').filter({ hasText: /AG-MEDGIV-/ });
  await expect(written).toBeVisible();
  await expect(written).toBeFocused();
  const fileName = /AG-MEDGIV-[\w-]+\.txt/.exec((await written.textContent()) ?? '')![0];
  await expect(mandateCard(office, newEmail)).toContainText(sv('admin.autogiro.states.sent'));

  // The mandate file, downloaded: 80-character ISO-8859-1 records ending in CRLF, TK01 then TK04s.
  const [download] = await Promise.all([
    office.waitForEvent('download'),
    office.getByRole('button', { name: sv('admin.autogiro.files.downloadLabel', { fileName }) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const mandateFile = (await readFile((await download.path())!)).toString('latin1');
  const records = mandateFile.split('\r\n');
  expect(records.pop()).toBe('');
  expect(records.every((r) => r.length === 80)).toBe(true);
  expect(records[0]).toMatch(/^01\d{8}AUTOGIRO {44}4711170009912346 {2}$/);
  expect(records.slice(1).every((r) => r.startsWith('040009912346'))).toBe(true);
  expect(records.some((r) => r.includes(`8327001234567897${FIXTURES.mandateRejected}`))).toBe(true);

  // Demo: Bankgirot's stand-in answers the file; the office uploads the answer as it would Bankgirot's.
  const [answer] = await Promise.all([
    office.waitForEvent('download'),
    office.getByRole('button', { name: sv('admin.autogiro.files.standInLabel', { fileName }) }).click(),
  ]);
  const answerBytes = await readFile((await answer.path())!);
  expect(answerBytes.toString('latin1')).toContain('AG-MEDAVI');
  await office
    .getByLabel(sv('admin.autogiro.upload.label'))
    .setInputFiles({ name: answer.suggestedFilename(), mimeType: 'text/plain', buffer: answerBytes });
  await office.getByRole('button', { name: sv('admin.autogiro.upload.submit') }).click();
  await expect(office.getByRole('status').filter({ hasText: answer.suggestedFilename() })).toBeVisible();
  await expect(mandateCard(office, newEmail)).toContainText(sv('admin.autogiro.states.approved'));
  const rejected = mandateCard(office, rejectedEmail);
  await expect(rejected).toContainText(sv('admin.autogiro.states.rejected'));
  await expect(rejected).toContainText(
    sv('admin.autogiro.code', { code: '05', message: sv('admin.autogiro.codes.c05') }),
  );

  // The same answer again is refused, clearly, and changes nothing.
  await office
    .getByLabel(sv('admin.autogiro.upload.label'))
    .setInputFiles({ name: 'again.txt', mimeType: 'text/plain', buffer: answerBytes });
  await office.getByRole('button', { name: sv('admin.autogiro.upload.submit') }).click();
  await expect(office.getByRole('alert')).toContainText(
    sv('admin.autogiro.refusals.duplicate', { fileName: answer.suggestedFilename() }),
  );

  // Nothing is cut off at 390 px.
  expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The rejected mandate: its history, its reason, its verified signature, and the ticket marked for the office.
  await rejected
    .getByRole('link', { name: sv('admin.autogiro.list.openLabel', { name: 'Karin Vik' }) })
    .click();
  await expect(office.getByRole('heading', { level: 1 })).toHaveText(
    sv('admin.autogiro.detail.title', { name: 'Karin Vik' }),
  );
  await expect(office.getByText(sv('admin.autogiro.codes.c05'))).toHaveCount(2); // now, and in the history
  await expect(office.getByText(sv('admin.autogiro.history.file', { fileName }))).toBeVisible();
  await expect(office.getByText(sv('admin.autogiro.evidence.ok'))).toBeVisible();
  await expect(office.getByText(sv('admin.autogiro.detail.ticketRejected'))).toBeVisible();
  await office.getByText(sv('admin.autogiro.evidence.showText')).click();
  await expect(office.locator('pre')).toContainText('Jag, *Karin Vik* (19650505-2347)');
  expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Karin is asked, in Swedish, to get in touch.
  const asked = await mailTo(request, rejectedEmail, sv('email.mandateRejected.subject'));
  expect(asked.text).toContain('Ange kod 05 från Bankgirot');
});
