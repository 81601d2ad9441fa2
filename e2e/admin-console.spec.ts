import { expect, test } from './fixtures.js';
import { mailTo, SIGN_IN_TIMEOUT_MS, signInAs, STAFF } from './admin-helpers.js';
import { uniqueEmail } from './visitor-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: SIGN_IN_TIMEOUT_MS });

test.describe('admin console (office account)', () => {
  test('adds a manual attendee, then scans the ticket: OK with the name, then already scanned', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/addManualAttendee');
    await signInAs(page, STAFF.office, sv('admin.login.signIn'));
    await expect(page).toHaveURL(/\/admin\/addManualAttendee$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.addManualAttendee.title'));

    // Empty and invalid fields are caught before anything is sent.
    await page.getByRole('button', { name: sv('admin.addManualAttendee.submit') }).click();
    await expect(page.getByLabel(sv('admin.addManualAttendee.firstName.label'))).toBeFocused();
    await expect(page.getByText(sv('validation.requiredField'))).toHaveCount(2);
    await expect(page.getByText(sv('validation.incorrectEmail'))).toBeVisible();

    const email = uniqueEmail('dorrgast');
    await page.getByLabel(sv('admin.addManualAttendee.firstName.label')).fill('Dörte');
    await page.getByLabel(sv('admin.addManualAttendee.lastName.label')).fill('Gästsson');
    await page.getByLabel(sv('admin.addManualAttendee.email.label')).fill(email);
    const added = page.waitForResponse((r) => r.url().endsWith('/api/addManualAttendee'));
    await page.getByRole('button', { name: sv('admin.addManualAttendee.submit') }).click();
    const { externalTicketId } = (await (await added).json()).result as { externalTicketId: string };
    const success = page.getByRole('status').filter({
      hasText: sv('admin.addManualAttendee.success', { firstName: 'Dörte', lastName: 'Gästsson' }),
    });
    await expect(success).toBeVisible();
    await expect(success).toContainText(externalTicketId);

    // The door: first scan lets the attendee in, a second one says when it was first scanned.
    await page.goto(`/admin/scan/${externalTicketId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      sv('admin.scan.success', { firstName: 'Dörte' }),
    );
    await expect(page.getByText('Dörte Gästsson')).toBeVisible();
    await expect(page.getByRole('button', { name: sv('admin.scan.close') })).toBeVisible();

    await page.goto(`/admin/scan/${externalTicketId}`);
    const [before] = sv('admin.scan.alreadyScanned', { scannedAt: '\u0000' }).split('\u0000');
    const already = page.getByRole('heading', { level: 1 });
    await expect(already).toContainText(before!);
    // The time of the first scan, in Stockholm staff time (e.g. 2025-09-15 19:42).
    await expect(already).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(page.getByText('Dörte Gästsson')).toBeVisible();

    await page.goto('/admin/scan/no-such-ticket-0000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.scan.notFound'));
  });

  test('queues an e-mail, which reaches the dev mailbox and shows as sent in the outbox', async ({
    page,
    request,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/sendEmail');
    await signInAs(page, STAFF.office, sv('admin.login.signIn'));
    await expect(page).toHaveURL(/\/admin\/sendEmail$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.sendEmail.title'));

    await page.getByRole('button', { name: sv('admin.sendEmail.submit') }).click();
    await expect(page.getByText(sv('validation.incorrectEmail'))).toBeVisible();
    await expect(page.getByText(sv('validation.requiredField'))).toHaveCount(3);

    const email = uniqueEmail('mejlko');
    await page.getByLabel(sv('admin.sendEmail.email.label')).fill(email);
    await page.getByLabel(sv('admin.sendEmail.name.label')).fill('Kim');
    await page.getByLabel(sv('admin.sendEmail.type.label')).selectOption('registeredNew');
    await page.getByLabel(sv('admin.sendEmail.ticketId.label')).fill('manual-e2e-ticket');
    await page.getByRole('button', { name: sv('admin.sendEmail.submit') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: sv('admin.sendEmail.queued', { email }) }),
    ).toBeVisible();

    const mail = await mailTo(request, email);
    expect(mail.text).toContain('Kim');

    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(sv('admin.sendEmail.types.registeredNew'));
    await expect(row).toContainText(sv('admin.sendEmail.outbox.status.sent'), { timeout: 15_000 });
    await page.getByRole('button', { name: sv('admin.sendEmail.outbox.refresh') }).click();
    await expect(row).toContainText(sv('admin.sendEmail.outbox.status.sent'));
  });
});
