import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { STAFF, signInAs } from './admin-helpers.js';
import { expect, test } from './fixtures.js';
import { approveOnOtherDevice, BANKID_WAIT, bankIdOnOtherDevice, completeBecomeMember, fillMemberCheck, holdTicket, randomAdultPersonalNumber, signWithAccountByHand, uniqueEmail, type T } from './visitor-helpers.js';

/**
 * The office's day: sign in and land on the dashboard, watch it move when a visitor signs,
 * export the attendees, schedule and run the ticket mail-out, open the ticket e-mail's QR link
 * from the dev mailbox, and find all of it in the audit log. Phone width throughout (390 px).
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true });

/** A figure of the dashboard by its data attribute (the label is copy, the number is the value). */
const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"] .figure-value`);

/** No serious or critical axe violation on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Nothing wider than the phone: no cut-off tables.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** A new member signs up with an account typed by hand, approving BankID on "another device". */
async function visitorSigns(page: Page, sv: T, email: string) {
  const personalNumber = randomAdultPersonalNumber();
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

test('office: dashboard moves with a signing, attendees export, the mail-out, the QR link works, the audit log shows it', async ({ page, browser, request, copyOf }) => {
  const sv = await copyOf('sv');
  await page.goto('/admin/login');
  await signInAs(page, STAFF.office, sv('admin.login.signIn'));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.dashboard.title') })).toBeVisible();
  await expect(figure(page, 'confirmed')).toHaveText(/^\d+$/);
  const before = Number(await figure(page, 'confirmed').innerText());
  await expectAccessible(page);

  // A visitor signs in another browser; the open dashboard follows by itself (no reload).
  const email = uniqueEmail('kontor');
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'sv-SE' });
  await visitorSigns(await visitor.newPage(), sv, email);
  await visitor.close();
  await expect.poll(async () => Number(await figure(page, 'confirmed').innerText()), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(page.locator('.sale-chart canvas').first()).toBeVisible();

  // Attendees: find the visitor, export for the ticket seller (fetched with the token, saved as a file).
  await page.getByRole('link', { name: sv('admin.nav.attendees'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.attendees.title') })).toBeVisible();
  await page.getByLabel(sv('admin.attendees.search.label'), { exact: true }).fill(email);
  await page.getByRole('button', { name: sv('admin.attendees.search.submit') }).click();
  const card = page.locator('.admin-card', { hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(sv('admin.attendees.origins.newMember'));
  await expectAccessible(page);
  const exportRequest = page.waitForRequest((r) => r.url().includes('/api/exports/attendees'));
  const downloading = page.waitForEvent('download');
  await page.locator('[data-export="attendees.csv"]').click();
  const sent = await exportRequest;
  expect(sent.url()).not.toMatch(/token|bearer/i);
  expect(sent.headers().authorization).toMatch(/^Bearer /);
  const file = await readFile((await (await downloading).path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = file.toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFFörnamn;Efternamn;E-post;Biljettkod');
  const line = csv.split('\r\n').find((l) => l.includes(email))!;
  const code = line.split(';')[3]!;
  expect(code).toMatch(/^[0-9a-f]{32}$/);
  await expect(page.getByRole('status').getByText(/attendees-\d{4}-\d{2}-\d{2}\.csv/)).toBeVisible();

  // Mail-out: schedule it for tomorrow, then send it now instead.
  await page.getByRole('link', { name: sv('admin.nav.mailout'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.mailout.title') })).toBeVisible();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel(sv('admin.mailout.sendAt.label'), { exact: true }).fill(local);
  await page.getByRole('button', { name: sv('admin.mailout.schedule') }).click();
  await expect(page.locator('.mailout-state')).toContainText(STAFF.office);
  await expectAccessible(page);
  await page.getByRole('button', { name: sv('admin.mailout.sendNow') }).click();
  await expect(page.getByRole('status').getByText(sv('admin.mailout.started'))).toBeVisible();
  await expect(figure(page, 'waiting')).toHaveText('0', { timeout: 30_000 });
  expect(Number(await figure(page, 'sent').innerText())).toBeGreaterThan(0);

  // The visitor's mailbox: the ticket e-mail with the code, the QR image, a clickable link and the calendar file.
  let ticketMail: { html: string; text: string; attachments: { contentType: string }[] } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mail')).json()) as { to: string[]; subject: string; html: string; text: string; attachments: { contentType: string }[] }[];
        ticketMail = mails.find((m) => m.to.includes(email) && m.subject === sv('email.finalTicket.subject'));
        return !!ticketMail;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(ticketMail!.text).toContain(code);
  expect(ticketMail!.attachments.map((a) => a.contentType.split(';')[0]).sort()).toEqual(['image/png', 'text/calendar']);
  const link = /<a href="([^"]+\/admin\/scan\/[0-9a-f]{32})">/.exec(ticketMail!.html)?.[1];
  expect(link).toBe(`${new URL(page.url()).origin}/admin/scan/${code}`);

  // The QR link opens the door's check: the office may check in too.
  await page.goto(link!);
  await expect(page.locator('.scan-ok')).toBeVisible({ timeout: 15_000 });

  // The audit log shows the export, the mail-out and the check-in.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.audit.title') })).toBeVisible();
  for (const action of ['export.download', 'mailout.schedule', 'checkIn.scan']) {
    await expect(page.locator(`[data-action="${action}"]`).first()).toBeVisible();
  }
  await page.getByLabel(sv('admin.audit.action.label'), { exact: true }).selectOption('export.download');
  await page.getByRole('button', { name: sv('admin.audit.search') }).click();
  await expect(page.locator('[data-action="export.download"]').first()).toContainText('rows');
  await expect(page.locator('[data-action]:not([data-action="export.download"])')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: sv('admin.erasure.title') })).toBeVisible();
  await expectAccessible(page);
});
