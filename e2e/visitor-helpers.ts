import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { expect } from './fixtures.js';

/** A language's copy, as the `copyOf` fixture gives it. */
export type T = (key: string, vars?: Record<string, string>) => string;

/** The demo persons of CONTRACT.md §4. Each one can get a ticket once per (fresh) e2e database. */
export const FIXTURES = DEMO_PERSONAL_NUMBERS;

/** BankID, the bank and the e-mail worker are simulated with 1 s delays; a whole journey takes a while. */
export const JOURNEY_TIMEOUT_MS = 90_000;
/** BankID is polled every 2 s; the fixture completes after 1 s. */
export const BANKID_WAIT = { timeout: 15_000 };

/** Text matched literally inside a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An e-mail address nobody else in the run uses. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.se`;
}

/** A valid personal number (Luhn) of an adult who is not a demo fixture: BankID waits for approval on the simulator page. */
export function randomAdultPersonalNumber(): string {
  const fixtures: readonly string[] = Object.values(FIXTURES);
  for (;;) {
    const pad = (n: number, len = 2) => String(n).padStart(len, '0');
    const year = 1950 + Math.floor(Math.random() * 50);
    const date = `${pad(year % 100)}${pad(1 + Math.floor(Math.random() * 12))}${pad(1 + Math.floor(Math.random() * 28))}`;
    const nine = date + pad(Math.floor(Math.random() * 1000), 3);
    let sum = 0;
    [...nine].forEach((d, i) => {
      const v = Number(d) * (i % 2 === 0 ? 2 : 1);
      sum += v > 9 ? v - 9 : v;
    });
    const pn = `${String(year).slice(0, 2)}${nine}${(10 - (sum % 10)) % 10}`;
    if (!fixtures.includes(pn)) return pn;
  }
}

/** Start page → the ticket button (register) → memberCheck. */
export async function holdTicket(page: Page, t: T, lang: 'sv' | 'en' = 'sv') {
  await page.goto(`/${lang}/`);
  await page.getByRole('button', { name: t('start.button.buy') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/memberCheck$`));
}

/** Fills memberCheck and continues to the BankID control. */
export async function fillMemberCheck(page: Page, t: T, personalNumber: string, email: string) {
  await page.getByLabel(t('memberCheck.personalNumber.label'), { exact: true }).fill(personalNumber);
  await page.getByLabel(t('memberCheck.email.label'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('memberCheck.continue') }).click();
}

/** BankID on another device: the QR from qrData is shown until the (fixture) order completes by itself. */
export async function bankIdOnOtherDevice(page: Page, t: T, purpose: 'auth' | 'sign') {
  await expect(page.getByRole('heading', { name: t(`bankId.title.${purpose}`) })).toBeFocused();
  await page.getByRole('button', { name: t('bankId.otherDevice') }).click();
  await expect(page.getByRole('img', { name: t('bankId.qr.alt') })).toBeVisible();
}

/** The BankID app's launch link in the demo: the simulator's approval page ("the app"). */
const APP_LINK = '**/sim/bankid/app?**';

/**
 * BankID on this device, as on a phone (issue 39 §8): the order starts, then the visitor taps the
 * "Öppna BankID" link, a real link in this tab (no window, no target). The phone hands such a link
 * to the BankID app and the page stays: here its navigation is cancelled (net::ERR_ABORTED, which
 * leaves the page as it was), and the link is opened in another page, "the app" (the simulator
 * decides the outcome).
 * Returns that page.
 */
export async function tapOpenBankId(page: Page, t: T): Promise<Page> {
  const tapped: string[] = [];
  await page.route(APP_LINK, (route) => {
    tapped.push(route.request().url());
    return route.abort('aborted');
  });
  await page.getByRole('button', { name: t('bankId.sameDevice') }).click();
  const link = page.getByRole('link', { name: t('bankId.openAppFallback') });
  await expect(link).toHaveAttribute('href', /\/sim\/bankid\/app\?autostarttoken=/);
  expect(await link.getAttribute('target')).toBeNull();
  const pages = page.context().pages().length;
  await link.click();
  await expect.poll(() => tapped.length).toBe(1);
  expect(page.context().pages()).toHaveLength(pages); // nothing opened a window
  await page.unroute(APP_LINK);
  const app = await page.context().newPage();
  await app.goto(tapped[0]!);
  await expect(app).toHaveURL(/\/sim\/bankid\/app\?autostarttoken=/);
  return app;
}

/** BankID on this device: the visitor taps the link to the app (tapOpenBankId) and approves there. */
export async function bankIdOnThisDeviceApproved(page: Page, t: T) {
  const app = await tapOpenBankId(page, t);
  await app.getByRole('button', { name: 'Approve' }).click();
  await expect(app.getByRole('status')).toContainText('Approved');
  await app.close();
}

/**
 * Another device approves: the simulator's list of pending orders, as a phone's BankID app would
 * (a non-fixture person's order waits for this; a fixture's completes by itself).
 */
export async function approveOnOtherDevice(page: Page, personalNumber: string) {
  const app = await page.context().newPage();
  await app.goto('/sim/bankid/');
  const order = app.getByRole('listitem').filter({ hasText: `${personalNumber.slice(0, 8)}-****` });
  const approved = app.waitForResponse((r) => r.url().includes('/approve'));
  await order.getByRole('button', { name: 'Approve' }).click();
  expect((await approved).status()).toBeLessThan(400);
  // The other device's page stays open (the context closes it at the end): closing it right
  // after the approve form's redirect hung page.close() now and then (trace: close never returned).
  await page.bringToFront();
}

/** becomeMember with the register's name and address already filled in: phone, consent, continue. */
export async function completeBecomeMember(page: Page, t: T, phone = '070-123 45 67') {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('becomeMember.title'));
  await page.getByLabel(t('becomeMember.phone.label'), { exact: true }).fill(phone);
  await page.getByRole('checkbox', { name: t('becomeMember.consent.label') }).check();
  await page.getByRole('button', { name: t('becomeMember.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('autoAddBank.title'));
}

/**
 * autoAddBank → its link "enter the account yourself" → addAutoGiro, once addAutoGiro's own
 * heading is there: until that step's screen has loaded, autoAddBank stays on screen, and its bank
 * `<select>` has the same label ("Bank") as addAutoGiro's bank input.
 */
export async function enterAccountByHand(page: Page, t: T) {
  await page.getByRole('link', { name: t('autoAddBank.manualLink') }).click();
  await expect(page).toHaveURL(/\/(sv|en)\/addAutoGiro$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('addAutoGiro.title'));
}

/** A Swedbank account (clearing number 8xxxx-x) that passes the account checks. */
const SWEDBANK_ACCOUNT = {
  bank: 'Swedbank',
  clearingNumber: '8327-9',
  accountNumber: '123 456 789-7',
} as const;

/**
 * From autoAddBank: the account typed by hand on addAutoGiro, then "sign" (BankID's sign control
 * opens). The inputs are found by their names (CONTRACT.md §3), which no other step shares.
 */
export async function signWithAccountByHand(
  page: Page,
  t: T,
  account: { bank: string; clearingNumber: string; accountNumber: string } = SWEDBANK_ACCOUNT,
) {
  await enterAccountByHand(page, t);
  for (const [name, value] of Object.entries(account))
    await page.locator(`main input[name="${name}"]`).fill(value);
  await page.getByRole('button', { name: t('addAutoGiro.sign') }).click();
}

/** The mails the dev mailbox received for an address (the outbox worker sends them shortly after). */
export async function mailTo(request: APIRequestContext, email: string, subject: string) {
  let found: { subject: string; text: string; html: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mail')).json()) as {
          to: string[];
          subject: string;
          text: string;
          html: string | null;
        }[];
        found = mails.find(
          (m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()) && m.subject === subject,
        );
        return !!found;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Client-side navigation inside the running app (no reload), as the router's own links do. */
export async function navigateInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * Waits until the page is the app's own, finished render, not a page still painting. A visitor
 * page is first the server's paint, then React's first render (which may be a loading placeholder
 * with no heading: the painted page is not kept when the address has a hash, e.g.
 * specialCases#accessibility), then the screen: its heading being visible proves nothing until the
 * screen has marked itself rendered at this path (`markRendered`, @concert/shared/browser
 * first-paint.ts: `<html data-rendered>`). Staff pages have no first paint: their heading is
 * React's. Then every whole page has its heading one.
 */
export async function expectRendered(page: Page): Promise<void> {
  if (/^\/(sv|en)\//.test(new URL(page.url()).pathname)) {
    await expect
      .poll(
        () =>
          page
            .evaluate(() => document.documentElement.getAttribute('data-rendered') === location.pathname)
            .catch(() => false),
        { message: 'the visitor screen has rendered' },
      )
      .toBe(true);
  }
  await expect(page.locator('h1').first()).toBeVisible();
}

/**
 * An e-mail's HTML part as a phone shows it (390 px, Chromium): nothing wider than the screen, so
 * no sideways scrolling (issue 29). Rendered in a page of its own.
 */
export async function expectMailFitsPhone(page: Page, html: string | null) {
  expect(html, 'the e-mail has an HTML part').toBeTruthy();
  const mail = await page.context().newPage();
  try {
    await mail.setViewportSize({ width: 390, height: 844 });
    await mail.setContent(html!);
    const overflow = await mail.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'sideways scrolling of the e-mail at 390 px').toBeLessThanOrEqual(0);
  } finally {
    await mail.close();
  }
}
