import { expect, test } from './fixtures.js';
import { callStaff, SIGN_IN_TIMEOUT_MS, signInAs, STAFF, staffTokenOf } from './admin-helpers.js';
import { uniqueEmail } from './visitor-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: SIGN_IN_TIMEOUT_MS });

test.describe('staff sign-in (MSAL against the dev IdP)', () => {
  test('the editor signs in from /admin/copy, lands on the copy editor, and logout returns to login', async ({
    page,
    request,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/copy');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fcopy$/);
    await signInAs(page, STAFF.editor, sv('admin.login.signIn'));
    await expect(page).toHaveURL(/\/admin\/copy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('copyEditor.title'));
    await expect(page.getByRole('banner')).toContainText(sv('admin.signedInAs', { email: STAFF.editor }));
    await expect(
      page.getByRole('navigation').getByRole('link', { name: sv('admin.nav.copy') }),
    ).toBeVisible();

    // A reload keeps the sign-in (MSAL's cache), and the other staff pages open.
    const token = await staffTokenOf(page, () => page.goto('/admin/addManualAttendee'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.addManualAttendee.title'));

    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: sv('admin.logout') })
      .click();
    // The dev IdP asks to confirm, like Entra ID's account picker, then sends the browser back.
    await page.locator('button[name="logout"]').click();
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: sv('admin.login.signIn') })).toBeVisible();
    await expect(page.getByRole('button', { name: sv('admin.logout') })).toHaveCount(0);
    // Signed out: a staff page asks for sign-in again.
    await page.goto('/admin/sendEmail');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2FsendEmail$/);
    // And the server refuses the access token the page had (issue 30 point 9b), though it has not expired.
    expect((await callStaff(request, token, 'isCopyAdmin', {})).status).toBe(401);
  });

  test('door staff land at the door, check a ticket in by its code, and cannot open office pages or the copy editor', async ({
    page,
    copyOf,
    request,
  }) => {
    const sv = await copyOf('sv');
    // The office adds an attendee first (its own browser), so there is a ticket to let in.
    await page.goto('/admin/login');
    await signInAs(page, STAFF.office, sv('admin.login.signIn'));
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.dashboard.title'));
    const authorization = await staffTokenOf(page, () => page.reload());
    const added = await callStaff(request, authorization, 'addManualAttendee', {
      firstName: 'Dora',
      lastName: 'Dörrsson',
      email: uniqueEmail('dorr'),
    });
    const code = added.body.result.externalTicketId as string;
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await page.goto('/admin/login');
    await signInAs(page, STAFF.door, sv('admin.login.signIn'));
    await expect(page).toHaveURL(/\/admin\/door$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.door.title'));
    await expect(page.getByRole('banner')).toContainText(sv('admin.signedInAs', { email: STAFF.door }));
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: sv('admin.nav.door') })).toBeVisible();
    for (const office of [
      'admin.nav.copy',
      'admin.nav.sendEmail',
      'admin.nav.staff',
      'admin.nav.dashboard',
    ] as const)
      await expect(nav.getByRole('link', { name: sv(office) })).toHaveCount(0);

    await page.getByLabel(sv('admin.door.code.label')).fill(code);
    await page.getByRole('button', { name: sv('admin.door.checkIn') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: sv('admin.scan.success', { firstName: 'Dora' }) }),
    ).toBeVisible();

    await page.goto('/admin/copy');
    await expect(page).toHaveURL(/\/admin\/login\?error=not_copy_admin$/);
    await expect(page.getByRole('alert')).toHaveText(sv('admin.login.errors.notCopyAdmin'));
    await page.goto('/admin/sendEmail');
    await expect(page).toHaveURL(/\/admin\/login\?error=permissionDenied$/);
    await expect(page.getByRole('alert')).toHaveText(sv('admin.login.errors.permissionDenied'));
    // The office's start page sends door staff to the door.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/door$/);
  });

  test('an account outside the allowed domains is refused and signed out', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/scan/some-ticket');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fscan%2Fsome-ticket$/);
    await signInAs(page, STAFF.outsider, sv('admin.login.signIn'));
    await expect(page).toHaveURL(/\/admin\/login\?error=unauthorized_domain$/);
    await expect(page.getByRole('alert')).toHaveText(sv('admin.login.errors.unauthorizedDomain'));
    await expect(page.getByRole('button', { name: sv('admin.logout') })).toHaveCount(0);
    await page.goto('/admin/addManualAttendee');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2FaddManualAttendee$/);
  });

  test('MSAL is loaded on admin pages only', async ({ page }) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (r) => {
      if ((r.headers()['content-type'] ?? '').includes('javascript')) bodies.push(r.text().catch(() => ''));
    });
    const msalLoaded = async () => (await Promise.all(bodies)).some((js) => js.includes('msal.js.browser'));
    await page.goto('/sv/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await msalLoaded()).toBe(false);
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await msalLoaded()).toBe(true);
  });
});

test.describe('a browser that has not accepted the dev IdP’s certificate', () => {
  test.use({ ignoreHTTPSErrors: false });

  test('is told the sign-in service does not answer, with a link to accept its certificate', async ({
    page,
    copyOf,
    request,
  }) => {
    const sv = await copyOf('sv');
    const { authority } = (await (await request.get('/api/staffAuthConfig')).json()) as { authority: string };
    await page.goto('/admin/login?redirect=%2Fadmin%2Fcopy');
    await page.getByRole('button', { name: sv('admin.login.signIn') }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(sv('admin.login.errors.idpUnreachable'));
    await expect(alert).toContainText(sv('admin.login.acceptCertificate'));
    await expect(alert.getByRole('link', { name: sv('admin.login.openIdp') })).toHaveAttribute(
      'href',
      authority,
    );
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fcopy$/);
  });
});
