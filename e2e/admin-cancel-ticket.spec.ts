import { TICKET_CANCEL_BASE_URL } from '../playwright.config.js';
import { SIGN_IN_TIMEOUT_MS, STAFF, callStaff, signInAs, staffTokenOf } from './admin-helpers.js';
import { expect, test } from './fixtures.js';
import { mailTo, uniqueEmail } from './visitor-helpers.js';

/**
 * Issue 40 §1: the office cancels a ticket from the attendee list, and the next person in the
 * waiting list gets the offer e-mail. On the waiting list's server (two tickets, the sweep every
 * second): the office fills it by hand, one person queues (opt-in), the office cancels one ticket.
 * It uses the server's tickets up: on a waiting-list server of its own (playwright.config.ts).
 */
test.use({ baseURL: TICKET_CANCEL_BASE_URL, ignoreHTTPSErrors: true });
// The staff sign-in (the dev IdP's redirect) takes up to SIGN_IN_TIMEOUT_MS on a busy machine.
test.describe.configure({ timeout: SIGN_IN_TIMEOUT_MS + 30_000, retries: 0 });

test('the office cancels a ticket from the attendee list; the next in the waiting list gets the offer', async ({
  page,
  browser,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await page.goto('/admin/attendees');
  const token = await staffTokenOf(page, () => signInAs(page, STAFF.office, sv('admin.login.signIn')));
  // Names are letters only: the time in letters makes this run's attendee unique.
  const lastName = `Avbokas${Date.now()
    .toString(26)
    .replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;
  // One more ticket than the server had (the waiting-list journeys before this one may have taken
  // them all), so that this run holds one of its own; then sold out: every free ticket to an
  // attendee added by hand.
  const { concert } = (await callStaff(request, token, 'getConcert', {})).body.result;
  expect(
    (await callStaff(request, token, 'saveConcert', { id: concert.id, capacity: concert.capacity + 1 }))
      .status,
  ).toBe(200);
  let filled = 0;
  for (let i = 0; i < 10; i++) {
    const added = await callStaff(request, token, 'addManualAttendee', {
      firstName: 'Ada',
      lastName,
      email: uniqueEmail('ada'),
    });
    if (added.status !== 200) {
      expect(added.body.error?.message).toBe('noTicket');
      break;
    }
    filled++;
  }
  expect(filled).toBeGreaterThan(0);
  await expect
    .poll(async () => (await (await request.get('/api/getConcertStatus')).json()).concertStatus, {
      timeout: 35_000,
    })
    .toBe('Queue');

  // Someone queues and confirms the place from the e-mail.
  const waiting = uniqueEmail('vanja');
  const visitor = await (
    await browser.newContext({ baseURL: TICKET_CANCEL_BASE_URL, locale: 'sv-SE' })
  ).newPage();
  await visitor.goto('/sv/');
  await visitor.getByRole('button', { name: sv('start.button.queue') }).click();
  await visitor.getByLabel(sv('toQueue.email.label'), { exact: true }).fill(waiting);
  await visitor.getByLabel(sv('toQueue.firstName.label'), { exact: true }).fill('Vanja');
  await visitor.getByLabel(sv('toQueue.lastName.label'), { exact: true }).fill('Kö');
  await visitor.getByRole('button', { name: sv('toQueue.join') }).click();
  await expect(visitor).toHaveURL(/\/sv\/inQueue$/);
  const confirmation = await mailTo(request, waiting, sv('email.queueConfirmation.subject'));
  const link = new URL(/https?:\/\/\S+\/sv\/confirmQueue\?code=[\w-]+/.exec(confirmation.text)![0]);
  await visitor.goto(link.pathname + link.search);
  await expect(visitor.getByRole('status').filter({ hasText: sv('queueConfirm.confirmed') })).toBeVisible();

  // The office finds the attendee and cancels the ticket (the dialog says what happens).
  await page.getByLabel(sv('admin.attendees.search.label'), { exact: true }).fill(lastName);
  // The list shown before the search (loaded while the attendees were being added) is replaced by
  // the search's: a card acted on before that loses its answer (a loaded run clicked in the old
  // list; the cancel went through, its "done" was never shown). Act on the search's list.
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/api/listAttendees') && !!r.request().postData()?.includes(lastName),
  );
  await page.getByRole('button', { name: sv('admin.attendees.search.submit') }).click();
  await searched;
  await expect(
    page.getByRole('status').filter({ hasText: sv('admin.attendees.shown', { count: String(filled) }) }),
  ).toBeVisible();
  const name = `Ada ${lastName}`;
  const actions = page.getByRole('group', { name: sv('admin.attendees.actions.label', { name }) }).first();
  await actions.getByRole('button', { name: sv('admin.attendees.actions.cancel') }).click();
  const dialog = page.getByRole('alertdialog', { name: sv('admin.attendees.cancel.title', { name }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: sv('admin.attendees.cancel.confirm') }).click();
  await expect(actions.getByRole('status')).toHaveText(sv('admin.attendees.cancel.done', { name }));

  // The next person in the waiting list gets the offer e-mail.
  const offer = await mailTo(request, waiting, sv('email.queueOffer.subject'));
  expect(offer.text).toContain('/sv/queueOffer?code=');
});
