// Issue 32 §3 on a phone: the QR code is a new frame every second (from the server, the secret
// never in the page); a real leave cancels the BankID order, switching to the BankID app does not.
import type { Page, Request, Response } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  BANKID_WAIT,
  bankIdOnOtherDevice,
  escapeRegExp,
  expectRendered,
  fillMemberCheck,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  randomAdultPersonalNumber,
  tapOpenBankId,
  uniqueEmail,
} from './visitor-helpers.js';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** The order waiting on the simulator's list of pending orders (what a phone's BankID app sees). */
async function pendingAtBankId(page: Page, personalNumber: string): Promise<boolean> {
  const app = await page.context().newPage();
  await app.goto('/sim/bankid/');
  const count = await app
    .getByRole('listitem')
    .filter({ hasText: `${personalNumber.slice(0, 8)}-****` })
    .count();
  await app.close();
  return count > 0;
}

/**
 * From here on the page's BankID status polls are held and never reach the server; returns once
 * one is held, so the poll before it has been answered and none is on its way. A poll that reached
 * the server after the page's leave would count as the page coming back and keep the order: on a
 * busy machine a closing tab's last poll could (the test then waited in vain).
 */
async function holdStatusPolls(page: Page): Promise<void> {
  let held!: () => void;
  const oneHeld = new Promise<void>((resolve) => (held = resolve));
  await page.route('**/api/checkBankIdTransactionStatus', () => held());
  await oneHeld;
}

const beacons = (page: Page) => {
  const sent: Request[] = [];
  page.context().on('request', (r) => {
    if (r.url().endsWith('/api/abandonBankIDSession')) sent.push(r);
  });
  return sent;
};

test('the QR code is a new frame every second, while collect asks every 2 s', async ({ page, copyOf }) => {
  const sv = await copyOf('sv');
  await holdTicket(page, sv);
  await expectRendered(page);
  await fillMemberCheck(page, sv, randomAdultPersonalNumber(), uniqueEmail('qr'));
  const frames: string[] = [];
  const collects: number[] = [];
  // Bodies are read before the test looks at them (a body still being read when the test ends fails it).
  const reading: Promise<unknown>[] = [];
  const onResponse = (r: Response) => {
    if (r.url().includes('/api/getBankIdQr?'))
      reading.push(r.json().then((body: { qrData?: string }) => frames.push(body.qrData ?? '')));
    if (r.url().endsWith('/api/checkBankIdTransactionStatus')) collects.push(Date.now());
  };
  page.on('response', onResponse);
  await bankIdOnOtherDevice(page, sv, 'auth');
  const qr = page.getByRole('img', { name: sv('bankId.qr.alt') });
  const shown = new Set<string>();
  const started = Date.now();
  // Four frames shown, however long a loaded machine takes to draw them (≈ one a second when quiet).
  await expect
    .poll(async () => shown.add(await qr.innerHTML()).size, { intervals: [250], timeout: 20_000 })
    .toBeGreaterThanOrEqual(4);
  const seconds = (Date.now() - started) / 1000;
  page.off('response', onResponse);
  await Promise.all(reading);
  expect(new Set(frames).size).toBeGreaterThanOrEqual(4);
  for (const data of frames) expect(data).toMatch(/^bankid\.[^.]+\.\d+\.[0-9a-f]{64}$/);
  // Collect keeps its own 2 s: not a call per frame.
  expect(collects.length).toBeLessThanOrEqual(Math.ceil(seconds / 2) + 2);
  expect(collects.length).toBeLessThan(frames.length);
});

test('a real leave (the tab navigates away) cancels the order at BankID after the grace period', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const personalNumber = randomAdultPersonalNumber();
  const sent = beacons(page);
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, personalNumber, uniqueEmail('leave'));
  await bankIdOnOtherDevice(page, sv, 'auth');
  expect(await pendingAtBankId(page, personalNumber)).toBe(true);
  await holdStatusPolls(page);
  // The tab goes away: pagehide (not kept for the back-forward cache), then nothing polls any more.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(1);
  expect(JSON.parse(sent[0]!.postData()!)).toMatchObject({ transactionId: expect.any(String) });
  await page.goto('about:blank');
  // Cancelled BANKID_ABANDON_GRACE_MS (4 s) after the beacon; each look at the simulator opens a
  // page, seconds each on a loaded machine (load 36: 15 s was not enough for the look to see it).
  await expect.poll(() => pendingAtBankId(page, personalNumber), { timeout: 30_000 }).toBe(false);
});

test('switching to the BankID app on this device hides the page but keeps the order; the visitor signs in the app', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const personalNumber = randomAdultPersonalNumber();
  const sent = beacons(page);
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, personalNumber, uniqueEmail('appswitch'));
  const app = await tapOpenBankId(page, sv);
  // Tapped: "Försöker starta BankID-appen." until BankID says the app has it ("Skriv in din säkerhetskod…").
  await expect(page.locator('.bankid-status')).toHaveText(
    new RegExp(`^(${[sv('bankId.rfa13'), sv('bankId.rfa9')].map(escapeRegExp).join('|')})`),
  );
  // What the phone does when the BankID app comes to the front: the page is hidden, then may be put away.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  });
  await page.waitForTimeout(5000); // past the grace period: nothing may have been cancelled
  expect(sent).toHaveLength(0);
  expect(await pendingAtBankId(page, personalNumber)).toBe(true);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await app.getByRole('button', { name: 'Approve' }).click();
  await expect(app.getByRole('status')).toContainText('Approved');
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
});

test('BankID on this device: the visitor taps "Öppna BankID", a link in this tab; a reload lands on the same step and order', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, randomAdultPersonalNumber(), uniqueEmail('applink'));
  const orderSaved = page.waitForResponse(
    (r) => r.url().endsWith('/api/saveFlow') && (r.request().postData() ?? '').includes('"sameDevice":true'),
  );
  await page.getByRole('button', { name: sv('bankId.sameDevice') }).click();
  const link = page.getByRole('link', { name: sv('bankId.openAppFallback') });
  await expect(link).toBeFocused();
  await expect(page.locator('.bankid-status')).toHaveText(sv('bankId.rfa1')); // BankID's "Starta BankID-appen."
  const href = await link.getAttribute('href');
  await orderSaved;
  // The tab follows the link (here the demo's "app", the simulator, in this very tab) …
  await link.click();
  await expect(page).toHaveURL(/\/sim\/bankid\/app\?autostarttoken=/);
  // … and coming back (the browser's back, or a reload) lands on the same step, the same order.
  // The page back asks BankID at once; the reload follows that answer, as a person's would (a
  // reload while it is in flight cuts it off mid-way: CI once saw the reload land on the form).
  const resumedPoll = page.waitForResponse((r) => r.url().endsWith('/api/checkBankIdTransactionStatus'));
  await page.goBack();
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  await expect(page.getByRole('link', { name: sv('bankId.openAppFallback') })).toHaveAttribute('href', href!);
  expect((await resumedPoll).status()).toBe(200);
  await page.reload();
  const again = page.getByRole('link', { name: sv('bankId.openAppFallback') });
  await expect(again).toHaveAttribute('href', href!);
  const app = await page.context().newPage();
  await app.goto(href!);
  await app.getByRole('button', { name: 'Approve' }).click();
  await expect(app.getByRole('status')).toContainText('Approved');
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
});

test('BankID on this device that did not open: the page says so after a few seconds, the link stays', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, randomAdultPersonalNumber(), uniqueEmail('noapp'));
  // The app is not there: the tapped link goes nowhere (cancelled: the page stays), the order is never picked up.
  await page.route('**/sim/bankid/app?**', (route) => route.abort('aborted'));
  await page.getByRole('button', { name: sv('bankId.sameDevice') }).click();
  const link = page.getByRole('link', { name: sv('bankId.openAppFallback') });
  await link.click();
  await expect(page.locator('.bankid-status')).toContainText(sv('bankId.appDidNotOpen'), { timeout: 6000 });
  await expect(link).toHaveAttribute('href', /autostarttoken=/);
});

test.describe("in an app's in-app browser (Instagram)", () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 350.0.0.20.100',
  });

  test('BankID on this device says what to do there, asks for no way back, and still signs in the app', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await holdTicket(page, sv);
    await fillMemberCheck(page, sv, randomAdultPersonalNumber(), uniqueEmail('instagram'));
    const started = page.waitForRequest((r) => r.url().endsWith('/api/startBankIDAuth'));
    const app = await tapOpenBankId(page, sv);
    // No way back: it would open in Safari, away from this page, which keeps waiting here.
    expect(JSON.parse((await started).postData()!).data).not.toHaveProperty('returnTo');
    await expect(page.getByText(sv('bankId.inAppBrowser'))).toBeVisible();
    await app.getByRole('button', { name: 'Approve' }).click();
    await expect(app.getByRole('status')).toContainText('Approved');
    await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
  });
});

test('a tab closed whose beacon never leaves (a busy phone, a killed browser): the order is cancelled all the same', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const personalNumber = randomAdultPersonalNumber();
  const tab = await page.context().newPage();
  await holdTicket(tab, sv);
  await fillMemberCheck(tab, sv, personalNumber, uniqueEmail('close'));
  await bankIdOnOtherDevice(tab, sv, 'auth');
  expect(await pendingAtBankId(page, personalNumber)).toBe(true);
  // A loaded Chromium may close a tab before its pagehide handler runs: here the beacon never
  // leaves, every time. The server hears the page that showed the QR code go silent instead.
  await tab.evaluate(() => {
    navigator.sendBeacon = () => true;
  });
  await tab.close({ runBeforeUnload: true });
  // Silent BANKID_ABANDON_GRACE_MS (4 s), then cancelled a grace period later: ~8 s.
  await expect.poll(() => pendingAtBankId(page, personalNumber), { timeout: 30_000 }).toBe(false);
});
