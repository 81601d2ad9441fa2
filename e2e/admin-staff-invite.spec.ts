import { expect, test } from './fixtures.js';
import { SIGN_IN_TIMEOUT_MS, signInAs, STAFF } from './admin-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: 2 * SIGN_IN_TIMEOUT_MS });

/** A volunteer's own address at an allowed domain (the dev IdP signs in any, password demo): no other test shares it. */
const volunteerAddress = () =>
  `volunteer.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@org.example`;

test('the office invites a door volunteer before their first sign-in; they sign in and land at the door (issue 40 §3)', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const volunteer = volunteerAddress();
  await page.goto('/admin/login?redirect=%2Fadmin%2Fstaff');
  await signInAs(page, STAFF.office, sv('admin.login.signIn'));
  await expect(page).toHaveURL(/\/admin\/staff$/);

  await page.getByRole('textbox', { name: sv('admin.staff.invite.emailLabel'), exact: true }).fill(volunteer);
  await page
    .getByRole('combobox', { name: sv('admin.staff.invite.roleLabel'), exact: true })
    .selectOption('door');
  await page.getByRole('button', { name: sv('admin.staff.invite.submit'), exact: true }).click();
  await expect(
    page.getByText(sv('admin.staff.invite.saved', { email: volunteer, role: sv('admin.staff.roles.door') })),
  ).toBeVisible();
  const invitations = page.getByRole('region', { name: sv('admin.staff.invitations.title') });
  await expect(invitations.getByRole('listitem').filter({ hasText: volunteer })).toContainText(
    sv('admin.staff.invitations.role', { role: sv('admin.staff.roles.door') }),
  );

  // The volunteer's own browser (no sign-out: that would end the office's other sessions).
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/login');
  await signInAs(page, volunteer, sv('admin.login.signIn'));
  await expect(page).toHaveURL(/\/admin\/door$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.door.title'));
});
