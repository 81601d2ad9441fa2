import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { STAFF, signInAs } from './admin-helpers.js';
import { axeViolations } from './a11y-helpers.js';
import { expect, test } from './fixtures.js';
import {
  approveOnOtherDevice,
  BANKID_WAIT,
  bankIdOnOtherDevice,
  completeBecomeMember,
  escapeRegExp,
  fillMemberCheck,
  holdTicket,
  randomAdultPersonalNumber,
  signWithAccountByHand,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

/**
 * The office's day: sign in and land on the dashboard, watch it move when a visitor signs,
 * export the attendees, schedule and run the ticket mail-out, open the ticket e-mail's QR link
 * from the dev mailbox, and find all of it in the audit log. Phone width throughout (390 px).
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true });

/** The text of a copy entry up to its first variable (filled with \u0000). */
const startOf = (text: string) => text.split('\u0000')[0]!;

/** A figure of the dashboard by its data attribute (the label is copy, the number is the value). */
const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"] .figure-value`);

/** No serious or critical axe violation on the page as it stands. */
async function expectAccessible(page: Page) {
  // The mail preview's frame is sandboxed without scripts: axe cannot run inside it (it is the e-mail, not the page).
  const serious = (await axeViolations(page, { exclude: 'iframe.mailout-preview' })).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
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

test('office: dashboard moves with a signing, attendees export, the mail-out, the QR link works, the audit log shows it', async ({
  page,
  browser,
  request,
  copyOf,
}) => {
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
  await expect
    .poll(async () => Number(await figure(page, 'confirmed').innerText()), { timeout: 10_000 })
    .toBeGreaterThan(before);
  await expect(page.locator('.sale-chart canvas').first()).toBeVisible();

  // Attendees: find the visitor, export for the ticket seller (fetched with the token, saved as a file).
  await page.getByRole('link', { name: sv('admin.nav.attendees'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.attendees.title') })).toBeVisible();
  await page.getByLabel(sv('admin.attendees.search.label'), { exact: true }).fill(email);
  await page.getByRole('button', { name: sv('admin.attendees.search.submit') }).click();
  const card = page.locator('.admin-card', { hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(sv('admin.attendees.origins.newMember'));
  await expect(card).toContainText(sv('admin.exports.ticketStates.confirmed'));
  await expectAccessible(page);
  // A desktop's width: the same search as a table; a header sorts by its column (aria-sort says how).
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = page.getByRole('table', { name: sv('admin.attendees.table.caption', { position: '1' }) });
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  const nameHeader = table.getByRole('columnheader', { name: sv('admin.attendees.columns.name') });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  // The door codes only when asked for (they open the door): the column is marked.
  await page.getByLabel(sv('admin.exports.withCodes')).check();
  const exportRequest = page.waitForRequest((r) => r.url().includes('/api/exports/attendees'));
  const downloading = page.waitForEvent('download');
  await page.locator('[data-export="attendees.csv"]').click();
  const sent = await exportRequest;
  expect(sent.url()).not.toMatch(/token|bearer/i);
  expect(sent.headers().authorization).toMatch(/^Bearer /);
  const file = await readFile((await (await downloading).path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = file.toString('utf8');
  expect(csv.split('\r\n')[0]).toBe(
    `\uFEFFFörnamn;Efternamn;E-post;${sv('admin.exports.columns.ticketCodeMarked')};Status`,
  );
  const line = csv.split('\r\n').find((l) => l.includes(email))!;
  const code = line.split(';')[3]!;
  expect(code).toMatch(/^[0-9a-f]{32}$/);
  await expect(
    page.getByRole('status').getByText(/attendees-med-koder-\d{4}-\d{2}-\d{2}\.csv/),
  ).toBeVisible();

  // The XLSX of the same list opens with the CSV's values: header, names, codes.
  const xlsxDownload = page.waitForEvent('download');
  await page.locator('[data-export="attendees.xlsx"]').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await xlsxDownload).path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const sheetRows = (sheet.getSheetValues() as unknown[][])
    .filter(Boolean)
    .map((r) => r.slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  const csvRows = csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(';'));
  expect(sheet.getRow(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheetRows[0]).toEqual(csvRows[0]);
  const inSheet = sheetRows.find((r) => r[2] === email)!;
  expect(inSheet).toEqual(csvRows.find((r) => r[2] === email));

  // Mail-out: schedule it for tomorrow (confirmed), then send it now instead: first cancelled, then confirmed.
  await page.getByRole('link', { name: sv('admin.nav.mailout'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.mailout.title') })).toBeVisible();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await page.getByLabel(sv('admin.mailout.sendAt.label'), { exact: true }).fill(local);
  await page.getByRole('button', { name: sv('admin.mailout.schedule') }).click();
  const dialog = page.getByRole('dialog', { name: sv('admin.mailout.confirm.title') });
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: startOf(sv('admin.mailout.confirm.sendAt', { time: '\u0000' })) })
    .click();
  await expect(page.locator('.mailout-state')).toContainText(STAFF.office);
  await expectAccessible(page);
  const ticketMailsTo = async (to: string) =>
    ((await (await request.get('/dev/mail')).json()) as { to: string[]; subject: string }[]).filter(
      (m) => m.to.includes(to) && m.subject === sv('email.finalTicket.subject'),
    ).length;

  // "Send now" asks first: how many (the attendees it reaches), the subject, a preview. Cancel sends nothing.
  await page.getByRole('button', { name: sv('admin.mailout.sendNow') }).click();
  await expect(dialog).toBeVisible();
  // The page's figure is from when the page loaded; the dialog counts again as it opens, and other
  // specs on this server confirm tickets meanwhile: it names the count it will reach, at least as many.
  const attendees = await figure(page, 'attendees').innerText();
  const [countBefore, countAfter] = sv('admin.mailout.confirm.recipientsNow', { count: '\u0000' }).split(
    '\u0000',
  );
  await expect(dialog.getByTestId('mailout-recipients')).toHaveText(
    new RegExp(`^${escapeRegExp(countBefore!)}\\d+${escapeRegExp(countAfter!)}$`),
  );
  const counted = /\d+/.exec(await dialog.getByTestId('mailout-recipients').innerText())![0];
  expect(Number(counted)).toBeGreaterThanOrEqual(Number(attendees));
  await expect(dialog).toContainText(
    sv('admin.mailout.confirm.subject', { subject: sv('email.finalTicket.subject') }),
  );
  await expect(dialog.locator('iframe.mailout-preview')).toBeVisible();
  await expect(
    page.frameLocator('iframe.mailout-preview').locator('img[src^="data:image/png"]'),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: sv('admin.mailout.confirm.back') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.mailout-state')).toContainText(STAFF.office);
  await page.waitForTimeout(1500);
  expect(await ticketMailsTo(email)).toBe(0);

  // A test to oneself needs no second question; then "send" goes once, however hard it is pressed.
  await page.getByRole('button', { name: sv('admin.mailout.sendNow') }).click();
  await dialog
    .getByRole('button', { name: sv('admin.mailout.confirm.test', { email: STAFF.office }) })
    .click();
  await expect(dialog.getByText(sv('admin.mailout.confirm.testSent', { email: STAFF.office }))).toBeVisible();
  await expect.poll(() => ticketMailsTo(STAFF.office), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await ticketMailsTo(email)).toBe(0);
  // Other specs add attendees meanwhile: the dialog names the number it will reach now.
  const reached = /\d+/.exec((await dialog.getByTestId('mailout-recipients').innerText()) ?? '')![0];
  expect(Number(reached)).toBeGreaterThanOrEqual(Number(attendees));
  await dialog
    .getByRole('button', { name: sv('admin.mailout.confirm.sendNow', { count: reached }) })
    .dblclick();
  await expect(page.getByRole('status').getByText(sv('admin.mailout.started'))).toBeVisible();
  await expect(figure(page, 'waiting')).toHaveText('0', { timeout: 30_000 });
  expect(Number(await figure(page, 'sent').innerText())).toBeGreaterThan(0);
  await expect.poll(() => ticketMailsTo(email), { timeout: 20_000 }).toBe(1);

  // The visitor's mailbox: the ticket e-mail with the code, the QR image, a clickable link and the calendar file.
  let ticketMail: { html: string; text: string; attachments: { contentType: string }[] } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mail')).json()) as {
          to: string[];
          subject: string;
          html: string;
          text: string;
          attachments: { contentType: string }[];
        }[];
        ticketMail = mails.find((m) => m.to.includes(email) && m.subject === sv('email.finalTicket.subject'));
        return !!ticketMail;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(ticketMail!.text).toContain(code);
  expect(ticketMail!.attachments.map((a) => a.contentType.split(';')[0]).sort()).toEqual([
    'image/png',
    'text/calendar',
  ]);
  // The mail's first link is the visitor's ticket page (issue 40 §5); its QR code holds the door's
  // scan address (decoded in backend/test/outbox.api.test.ts).
  const origin = new URL(page.url()).origin;
  const firstLink = /<a href="([^"]+)"/.exec(ticketMail!.html)?.[1];
  expect(firstLink).toBe(`${origin}/sv/ticket/${code}`);

  // The QR code's address opens the door's check: the office may check in too.
  await page.goto(`${origin}/admin/scan/${code}`);
  await expect(page.locator('.scan-ok')).toBeVisible({ timeout: 15_000 });

  // The audit log shows the export, the mail-out and the check-in.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: sv('admin.audit.title') })).toBeVisible();
  for (const action of ['export.download', 'mailout.schedule', 'checkIn.scan']) {
    await expect(page.locator(`[data-action="${action}"]`).first()).toBeVisible();
  }
  await page.getByLabel(sv('admin.audit.action.label'), { exact: true }).selectOption('export.download');
  await page.getByRole('button', { name: sv('admin.audit.search') }).click();
  // A sentence with the export's name and format; the record as stored behind "Show the record".
  const exported = page.locator('[data-action="export.download"]').first();
  await expect(exported.locator('.audit-sentence')).toContainText(`${sv('admin.exports.sheets.attendees')} `);
  await expect(exported.locator('.audit-sentence')).toContainText('XLSX');
  await expect(exported.getByText('"rows"', { exact: false })).toBeHidden();
  await exported.getByText(sv('admin.audit.record')).click();
  await expect(exported.getByText('"rows"', { exact: false })).toBeVisible();
  await expect(page.locator('[data-action]:not([data-action="export.download"])')).toHaveCount(0);
  await expectAccessible(page);
  // The erasure plan is on the office's start page.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: sv('admin.erasure.title') })).toBeVisible();
  await expect(page.getByText(startOf(sv('admin.erasure.kept')))).toBeVisible();
});
