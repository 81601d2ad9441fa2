import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { QUEUE_BASE_URL, SOLD_OUT_BASE_URL } from '../playwright.config.js';
import { SIGN_IN_TIMEOUT_MS, signInAs, STAFF } from './admin-helpers.js';
import {
  BANKID_WAIT,
  bankIdOnOtherDevice,
  fillMemberCheck,
  FIXTURES,
  holdTicket,
  mailTo,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

/**
 * The waiting list that moves (issue 15), on a server of two tickets: sold out → three people
 * queue (opt-in) → the two who held the tickets start over (the start page gives a held place
 * back) → the first two in line get the offer e-mail → the second declines with one click → the
 * third gets it → the first opens the link, signs and gets the ticket. The holders leave instead
 * of waiting out their holds: the journey no longer waits a minute, nor depends on three people
 * queueing within it on a busy machine (a hold running out frees its ticket the same way; the
 * API tests run that out on a moved clock: backend/test/queue-offers.api.test.ts).
 */
test.use({ baseURL: QUEUE_BASE_URL });
// No retry: a run uses up this server's two tickets, so a second attempt could only fail at the start.
// Five visitors' pages: over 120 s at load 25 on this 2-core machine.
test.describe.configure({ timeout: 180_000, retries: 0 });

/** The sweep runs every second on this server; a busy machine's e-mail may take a while. */
const OFFER_WAIT_MS = 30_000;

/** A visitor in a browser of their own (their own session). */
async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: QUEUE_BASE_URL, locale: 'sv-SE' });
  return context.newPage();
}

/** The first link to /sv/<path>?code=… in a mail's text, as a path the browser opens. */
function linkIn(text: string, path: string): string {
  const found = new RegExp(`https?://\\S+/sv/${path}\\?code=[\\w-]+(&action=decline)?`).exec(text)?.[0];
  expect(found, `a ${path} link in the e-mail`).toBeTruthy();
  const url = new URL(found!);
  return url.pathname + url.search;
}

/** toQueue → inQueue, then the confirmation link from the e-mail; answers that link. */
async function joinAndConfirm(
  page: Page,
  request: APIRequestContext,
  sv: T,
  email: string,
  position: number,
) {
  await page.goto('/sv/');
  await page.getByRole('button', { name: sv('start.button.queue') }).click();
  await expect(page).toHaveURL(/\/sv\/toQueue$/);
  await page.getByLabel(sv('toQueue.email.label'), { exact: true }).fill(email);
  await page.getByLabel(sv('toQueue.firstName.label'), { exact: true }).fill('Kim');
  await page.getByLabel(sv('toQueue.lastName.label'), { exact: true }).fill('Kö');
  await page.getByRole('button', { name: sv('toQueue.join') }).click();
  await expect(page).toHaveURL(/\/sv\/inQueue$/);
  const mail = await mailTo(request, email, sv('email.queueConfirmation.subject'));
  const confirm = linkIn(mail.text, 'confirmQueue');
  await page.goto(confirm);
  await expect(page.getByRole('status').filter({ hasText: sv('queueConfirm.confirmed') })).toBeVisible();
  // the same page shows the place in the queue
  await expect(page.getByText(sv('queueConfirm.position', { position: String(position) }))).toBeVisible();
  return confirm;
}

/** Polls the dev mailbox for the offer e-mail to `email` (it comes when a ticket is freed). */
async function offerMail(request: APIRequestContext, sv: T, email: string) {
  let text = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mail')).json()) as {
          to: string[];
          subject: string;
          text: string;
        }[];
        text =
          mails.find(
            (m) =>
              m.to.some((to) => to.toLowerCase() === email) && m.subject === sv('email.queueOffer.subject'),
          )?.text ?? '';
        return text !== '';
      },
      { timeout: OFFER_WAIT_MS, intervals: [1000] },
    )
    .toBe(true);
  return text;
}

async function hasOfferMail(request: APIRequestContext, sv: T, email: string) {
  const mails = (await (await request.get('/dev/mail')).json()) as { to: string[]; subject: string }[];
  return mails.some(
    (m) => m.to.some((to) => to.toLowerCase() === email) && m.subject === sv('email.queueOffer.subject'),
  );
}

test('sold out → queue with opt-in → the holders start over → the first two get offers → one declines, the third gets it → the first signs → gotToken', async ({
  page,
  browser,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  // Two visitors take both tickets and never identify: the concert is sold out.
  await holdTicket(page, sv);
  const second = await newVisitor(browser);
  await holdTicket(second, sv);
  await expect
    .poll(async () => (await (await request.get('/api/getConcertStatus')).json()).concertStatus)
    .toBe('Queue');

  const [bo, cleo, dan] = [uniqueEmail('bo'), uniqueEmail('cleo'), uniqueEmail('dan')];
  const boPage = await newVisitor(browser);
  const cleoPage = await newVisitor(browser);
  const danPage = await newVisitor(browser);
  await joinAndConfirm(boPage, request, sv, bo, 1);
  await joinAndConfirm(cleoPage, request, sv, cleo, 2);
  const danConfirm = await joinAndConfirm(danPage, request, sv, dan, 3);

  // The two holders start over on the start page, which gives their places back.
  for (const holder of [page, second]) {
    const released = holder.waitForResponse((r) => r.url().endsWith('/api/deregisterClient'));
    await holder.goto('/sv/');
    expect((await (await released).json()).result).toEqual({ released: true });
  }
  // the first two in line get the offer e-mail; the third waits
  const boOffer = await offerMail(request, sv, bo);
  const cleoOffer = await offerMail(request, sv, cleo);
  expect(await hasOfferMail(request, sv, dan)).toBe(false);
  // meanwhile the sale stays in Queue: the freed tickets are theirs
  expect((await (await request.get('/api/getConcertStatus')).json()).concertStatus).toBe('Queue');

  // Cleo declines with one click on the decline link: Dan gets the offer at once
  await cleoPage.goto(`${linkIn(cleoOffer, 'queueOffer')}&action=decline`);
  await expect(cleoPage).toHaveURL(/\/sv\/queueOffer$/); // the code left the address bar
  await cleoPage.getByRole('button', { name: sv('queueOffer.decline.button') }).click();
  await expect(cleoPage.getByRole('status').filter({ hasText: sv('queueOffer.declined') })).toBeVisible();
  await offerMail(request, sv, dan);
  // Dan's own link now shows the offer instead of a place
  await danPage.goto(danConfirm);
  await expect(danPage.getByText(sv('queueConfirm.state.offered'))).toBeVisible();

  // Bo opens the link: the ticket is held from now, and the normal flow follows
  await boPage.goto(linkIn(boOffer, 'queueOffer'));
  await expect(boPage).toHaveURL(/\/sv\/memberCheck$/);
  await expect(boPage.getByRole('heading', { level: 1 })).toHaveText(sv('memberCheck.title'));
  // The address the offer was sent to is filled in (from the server: the link carries only the code).
  await expect(boPage.getByLabel(sv('memberCheck.email.label'), { exact: true })).toHaveValue(bo);
  await fillMemberCheck(boPage, sv, FIXTURES.member, bo);
  await bankIdOnOtherDevice(boPage, sv, 'auth');
  await expect(boPage).toHaveURL(/\/sv\/newDonationAmount$/, BANKID_WAIT);
  await boPage.getByRole('button', { name: sv('newDonationAmount.sign') }).click();
  await bankIdOnOtherDevice(boPage, sv, 'sign');
  await expect(boPage).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
  await expect(boPage.getByText(sv('gotToken.sent', { email: bo }))).toBeVisible();
  await mailTo(request, bo, sv('email.registeredMember.subject'));

  // the link is single use: opened again elsewhere, it is refused kindly
  await second.goto(linkIn(boOffer, 'queueOffer'));
  await expect(second.getByRole('status').filter({ hasText: sv('queueOffer.used') })).toBeVisible();
});

test.describe('the office at /admin/queue, on a phone (390 px)', () => {
  // The sold-out server: no ticket to offer, and no journey there depends on the pause.
  test.use({ baseURL: SOLD_OUT_BASE_URL, ignoreHTTPSErrors: true, viewport: { width: 390, height: 844 } });

  test('sees the queue, pauses and resumes the offers, and is told when there is nothing to send', async ({
    page,
    copyOf,
  }) => {
    test.setTimeout(SIGN_IN_TIMEOUT_MS);
    const sv = await copyOf('sv');
    await page.goto('/admin/queue');
    await signInAs(page, STAFF.office, sv('admin.login.signIn'));
    await expect(page).toHaveURL(/\/admin\/queue$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.queue.title'));
    await expect(page.getByRole('link', { name: sv('admin.nav.queue') })).toBeVisible();
    await expect(page.getByText(sv('admin.queue.running'))).toBeVisible();

    await page.getByRole('button', { name: sv('admin.queue.pause') }).click();
    await expect(page.getByRole('button', { name: sv('admin.queue.resume') })).toBeVisible();
    await expect(page.getByText(sv('admin.queue.pausedNotice')).first()).toBeVisible();
    await page.getByRole('button', { name: sv('admin.queue.resume') }).click();
    await expect(page.getByRole('button', { name: sv('admin.queue.pause') })).toBeVisible();

    await page.getByRole('button', { name: sv('admin.queue.sendNext') }).click();
    await expect(page.getByRole('status').filter({ hasText: sv('admin.queue.nothingToSend') })).toBeVisible();
    // nothing cut off on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
