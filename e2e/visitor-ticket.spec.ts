// Issue 29 §4: the attendee's own ticket page, from the ticket e-mail's link, without a sign-in.
import { callStaff, SIGN_IN_TIMEOUT_MS, staffTokenOf } from './admin-helpers.js';
import { addAttendees, uniqueName } from './door-helpers.js';
import { expect, test } from './fixtures.js';
import { expectMailFitsPhone, mailTo } from './visitor-helpers.js';

test('the ticket page shows the QR large with whose ticket it is, when and where, and what to do at the door; no sign-in, not indexed', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const code = 'a'.repeat(32);
  // the answer of a confirmed ticket (the API is tested on PostgreSQL: flow-resume.api.test.ts),
  // for the current concert
  const { concert, copyVariables } = await (await page.request.get('/api/getConcertStatus')).json();
  await page.route('**/api/getTicket', (route) =>
    route.fulfill({
      json: {
        result: {
          firstName: 'Kim',
          lastName: 'Kö',
          code,
          scanUrl: `http://localhost/admin/scan/${code}`,
          concert,
          copyVariables,
        },
      },
    }),
  );
  const response = await page.goto(`/sv/ticket/${code}`);
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  expect(response!.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('ticket.title'));
  await expect(page.getByText(sv('ticket.holder', { firstName: 'Kim', lastName: 'Kö' }))).toBeVisible();
  const qr = page.getByRole('img', { name: sv('ticket.qrAlt', { ticketId: code }) });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(300);
  await expect(page.getByText(sv('ticket.door'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/sv/ticket/${code}$`)); // no staff sign-in on the way
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a ticket link the server does not know says so kindly, with the way back', async ({ page, copyOf }) => {
  const sv = await copyOf('sv');
  await page.goto(`/sv/ticket/${'b'.repeat(32)}`);
  await expect(page.getByRole('alert')).toHaveText(sv('ticket.unknown'));
  await expect(page.getByRole('link', { name: sv('shell.notFoundLink'), exact: true })).toBeVisible();
});

test.describe('from the ticket e-mail, on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true });
  test.describe.configure({ timeout: SIGN_IN_TIMEOUT_MS + 60_000 });

  test('the e-mail’s link opens the ticket page, which then opens offline, and offers the calendar file', async ({
    browser,
    page,
    request,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    // The office adds an attendee (a confirmed ticket) and sends them the ticket e-mail.
    const staff = await browser.newContext({ ignoreHTTPSErrors: true });
    const office = await staff.newPage();
    const [kim] = await addAttendees(office, request, sv('admin.login.signIn'), [[uniqueName('Kim'), 'Kö']]);
    const authorization = await staffTokenOf(office, () => office.reload());
    const queued = await callStaff(request, authorization, 'addEmailToQueue', {
      email: kim!.email,
      name: kim!.firstName,
      emailType: 'finalTicket',
      ticketId: kim!.code,
      lang: 'sv',
    });
    expect(queued.status).toBe(200);
    await staff.close();
    const mail = await mailTo(request, kim!.email, sv('email.finalTicket.subject'));
    await expectMailFitsPhone(page, mail.html);
    const link = new RegExp(`href="([^"]+/sv/ticket/${kim!.code})"`).exec(mail.html!)?.[1];
    expect(link, 'the e-mail links the ticket page').toBeTruthy();

    // Before any script has run (issue 40 §6): the server paints the ticket, its QR code an SVG with its name.
    let paintedBox: unknown;
    let paintedSvg = '';
    const noScripts = await browser.newContext({
      javaScriptEnabled: false,
      ignoreHTTPSErrors: true,
      viewport: { width: 390, height: 844 },
    });
    try {
      const bare = await noScripts.newPage();
      const painted = await bare.goto(link!);
      expect(painted!.headers()['cache-control']).toBe('private, no-store');
      const paintedQr = bare.getByRole('img', { name: sv('ticket.qrAlt', { ticketId: kim!.code }) });
      await expect(paintedQr).toBeVisible();
      expect(await paintedQr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
      expect((await paintedQr.boundingBox())!.width).toBeGreaterThanOrEqual(300);
      paintedBox = await paintedQr.boundingBox();
      paintedSvg = await paintedQr.evaluate((svg) => svg.innerHTML);
      await expect(
        bare.getByText(sv('ticket.holder', { firstName: kim!.firstName, lastName: 'Kö' })),
      ).toBeVisible();
      await expect(bare.getByText(kim!.code, { exact: true })).toBeVisible();
    } finally {
      await noScripts.close();
    }

    await page.goto(link!);
    const holder = page.getByText(sv('ticket.holder', { firstName: kim!.firstName, lastName: 'Kö' }));
    const qr = page.getByRole('img', { name: sv('ticket.qrAlt', { ticketId: kim!.code }) });
    await expect(holder).toBeVisible();
    await expect(qr).toBeVisible();
    // The app's page keeps the painted QR code where it was: the same SVG, nothing moved.
    await expect(page.locator('html')).toHaveAttribute('data-rendered', new URL(link!).pathname);
    expect(await qr.evaluate((svg) => svg.innerHTML)).toBe(paintedSvg);
    expect(await qr.boundingBox()).toEqual(paintedBox);
    await expect(page.getByRole('status').filter({ hasText: sv('ticket.offlineReady') })).toBeVisible({
      timeout: 20_000,
    });

    // The calendar file is the e-mail's: the concert, with this ticket's code and link.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: sv('ticket.calendar') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('konsert.ics');
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString('utf8').replace(/\r\n /g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`DESCRIPTION:${kim!.code}\\n`);
    expect(ics).toContain(`SUMMARY:${sv('email.finalTicket.calendarTitle')}`);

    // Without network the page opens again from this browser's own cache, the ticket on it.
    await page.context().setOffline(true);
    try {
      await page.reload();
      await expect(holder).toBeVisible();
      await expect(qr).toBeVisible();
      await expect(page.getByText(sv('ticket.door'))).toBeVisible();
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      // the worker's own requests are offline too: a page it has not kept cannot be had
      expect(
        await page.evaluate(() =>
          fetch('/sv/faq').then(
            () => 'reached',
            () => 'unreachable',
          ),
        ),
      ).toBe('unreachable');
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await page.context().setOffline(false);
    }
  });
});
