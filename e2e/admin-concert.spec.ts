import { STAFF, callStaff, signInAs, staffTokenOf } from './admin-helpers.js';
import { expect, test } from './fixtures.js';
import { mailTo, uniqueEmail } from './visitor-helpers.js';

/**
 * The office moves the concert on /admin/concert (issue 38): a ticket holder's change notice
 * arrives, and a visitor's start page and the holder's ticket page show the new time and place. It changes the concert every
 * other journey reads, so it runs in its own project after them (playwright.config.ts).
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true });

test('the office moves the concert: the ticket holder is told, the start page and the ticket page show it', async ({
  page,
  browser,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await page.goto('/admin/login');
  await signInAs(page, STAFF.office, sv('admin.login.signIn'));
  await page.goto('/admin/concert');
  const token = await staffTokenOf(page, () => page.reload());

  // A ticket holder who will hear of the change (added by hand, as the office does at the door).
  const holder = uniqueEmail('flyttad');
  const added = await callStaff(request, token, 'addManualAttendee', {
    firstName: 'Flyttad',
    lastName: 'Biljett',
    email: holder,
  });
  expect(added.status).toBe(200);
  await page.reload();

  const { concert } = (await callStaff(request, token, 'getConcert', {})).body.result!;
  const startField = page.getByLabel(sv('admin.concert.fields.startsAt'), { exact: true });
  await expect(startField).toHaveValue(concert.startsAt.slice(11));
  // Half an hour later, at another venue: the start page's facts and the notice follow.
  const later = `${String(Number(concert.startsAt.slice(11, 13))).padStart(2, '0')}:30`;
  await startField.fill(later);
  await page.getByLabel(sv('admin.concert.fields.venue'), { exact: true }).fill('Annexet');
  const notify = page.getByRole('checkbox', { name: /biljettinnehavarna/ });
  await expect(notify).toBeChecked();
  await page.getByRole('button', { name: sv('admin.concert.submit') }).click();
  await expect(page.getByText(sv('admin.concert.saved'))).toBeVisible();

  // The notice names the new time and place (the date stays: the subject's date is the same).
  const notice = await mailTo(request, holder, sv('email.concertChanged.subject'));
  expect(notice.text).toContain('Annexet');
  expect(notice.text).toContain(later.replace(':', '.'));

  // A visitor's start page (a new phone, no cache) shows the new facts within the promised 30 s.
  const visitor = await browser.newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto('/sv/');
        return visitor.locator('main').innerText();
      },
      { timeout: 30_000, intervals: [1000, 2000, 5000] },
    )
    .toContain('Annexet');
  await expect(visitor.locator('main')).toContainText(later.replace(':', '.'));
  // The holder's ticket page (the ticket e-mail's link) says the new time and place too, painted
  // by the server and once the app has its ticket.
  await visitor.goto(`/sv/ticket/${added.body.result.externalTicketId}`);
  await expect(
    visitor.getByRole('img', { name: sv('ticket.qrAlt', { ticketId: added.body.result.externalTicketId }) }),
  ).toBeVisible();
  await expect(visitor.locator('main')).toContainText('Annexet');
  await expect(visitor.locator('main')).toContainText(later.replace(':', '.'));
  await visitor.close();

  // Back as it was, told to nobody: the audit log keeps both changes.
  const restored = await callStaff(request, token, 'saveConcert', {
    id: concert.id,
    startsAt: concert.startsAt,
    venue: concert.venue,
    notify: false,
  });
  expect(restored.body.result?.notified).toBe(0);
});
