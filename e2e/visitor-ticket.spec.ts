// Issue 29 §4: the attendee's own ticket page, from the ticket e-mail's link, without a sign-in.
import { expect, test } from './fixtures.js';

test('the ticket page shows the QR large with whose ticket it is, when and where, and what to do at the door; no sign-in, not indexed', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const code = 'a'.repeat(32);
  // the answer of a confirmed ticket (the API is tested on PostgreSQL: flow-resume.api.test.ts)
  await page.route('**/api/getTicket', (route) =>
    route.fulfill({
      json: {
        result: { firstName: 'Kim', lastName: 'Kö', code, scanUrl: `http://localhost/admin/scan/${code}` },
      },
    }),
  );
  const response = await page.goto(`/sv/ticket/${code}`);
  expect(response!.headers()['cache-control']).toBe('no-store');
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
