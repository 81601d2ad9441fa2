import { expect, test } from './fixtures.js';

test.describe('shell and visitor flow', () => {
  test('/ lands on /sv/ with the header, footer and the start page from the copy', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/');
    await expect(page).toHaveURL(/\/sv\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('start.title'));
    await expect(page.getByText(sv('start.intro.open'))).toBeVisible();
    await expect(page.getByRole('link', { name: sv('shell.header.logo') })).toHaveAttribute('href', '/sv/');
    await expect(page.getByRole('banner').getByText(sv('shell.header.date'))).toBeVisible();
    await expect(page.getByRole('link', { name: sv('shell.footer.faq') })).toBeVisible();
    await expect(page.getByRole('link', { name: sv('shell.footer.contact') })).toHaveAttribute(
      'href',
      /^mailto:.+@/,
    );
    await expect(page.getByRole('button', { name: sv('start.button.buy') })).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  });

  test('unknown paths go to /sv/ keeping the query string', async ({ page }) => {
    await page.goto('/no/such/page?utm_source=instagram&x=1');
    await expect(page).toHaveURL(/\/sv\/\?utm_source=instagram&x=1$/);
    await page.goto('/sv/noSuchStep?y=2');
    await expect(page).toHaveURL(/\/sv\/\?y=2$/);
  });

  test('the language toggle keeps the current page', async ({ page, copyOf }) => {
    const [sv, en] = [await copyOf('sv'), await copyOf('en')];
    await page.goto('/sv/memberCheck');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('memberCheck.title'));
    await page.getByRole('link', { name: sv('shell.header.switchLanguageLabel') }).click();
    await expect(page).toHaveURL(/\/en\/memberCheck$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('memberCheck.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('link', { name: en('shell.header.switchLanguageLabel') }).click();
    await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  });

  test('the ticket button holds a ticket and opens memberCheck', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/');
    const register = page.waitForResponse((r) => r.url().endsWith('/api/register'));
    await page.getByRole('button', { name: sv('start.button.buy') }).click();
    const answer = await (await register).json();
    expect(answer.result.ticketId).toMatch(/^[0-9a-f]{32}$/);
    await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  });

  test('memberCheck rejects an invalid personal number and e-mail with the copy texts', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/memberCheck');
    const pn = page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true });
    await expect(pn).toHaveAttribute('name', 'personalNumber');
    await expect(pn).toHaveAttribute('inputmode', 'numeric');
    await pn.fill('19850315-1239');
    await page.getByLabel(sv('memberCheck.email.label'), { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: sv('memberCheck.continue') }).click();
    await expect(page.getByText('Ogiltigt personnummer')).toBeVisible();
    await expect(page.getByText('Ogiltig E-post')).toBeVisible();
    await expect(pn).toHaveAttribute('aria-invalid', 'true');
    await expect(pn).toBeFocused();
    // a valid pair clears the messages
    await pn.fill('19850315-1238');
    await pn.blur();
    await expect(page.getByText('Ogiltigt personnummer')).toHaveCount(0);
  });

  test('memberCheck warns about age before BankID', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/memberCheck');
    await page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true }).fill('201203044563');
    await expect(page.getByText(sv('memberCheck.underAgePN'))).toBeVisible();
    await expect(page.getByText(sv('memberCheck.guardianNote'))).toBeVisible();
    await page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true }).fill('200906013453');
    await expect(page.getByText(sv('memberCheck.underAgePN'))).toBeVisible();
    await expect(page.getByText(sv('memberCheck.guardianNote'))).toHaveCount(0);
  });

  test('an unknown error id shows "Message: id"', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/error/noTicket');
    await expect(page.getByText(sv('error.messages.noTicket'))).toBeVisible();
    await page.goto('/sv/error/somethingNew');
    await expect(page.getByText(sv('error.unknownMessage', { id: 'somethingNew' }))).toBeVisible();
  });
});

test.describe('admin area', () => {
  test('/admin/copy without sign-in goes to /admin/login?redirect=/admin/copy', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/copy');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fcopy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('admin.login.title'));
  });

  test('login shows the refusal reason from the error parameter', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/login?error=not_copy_admin');
    await expect(page.getByRole('alert')).toHaveText(sv('admin.login.errors.notCopyAdmin'));
  });
});

test.describe('module federation at runtime', () => {
  test('each remote is fetched from its own manifest listed in remotes.json', async ({ page, request }) => {
    const remotes = await (await request.get('/remotes.json')).json();
    expect(Object.keys(remotes).sort()).toEqual(['admin_console', 'copy_editor', 'visitor_flow']);
    for (const url of Object.values<string>(remotes)) {
      const manifest = await (await request.get(url)).json();
      expect(manifest.metaData.remoteEntry.name).toBe('remoteEntry.js');
    }
    const manifests: string[] = [];
    page.on(
      'request',
      (r) => r.url().endsWith('mf-manifest.json') && manifests.push(new URL(r.url()).pathname),
    );
    await page.goto('/sv/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(manifests).toContain('/apps/visitor-flow/mf-manifest.json');
    expect(manifests).toContain('/apps/admin-console/mf-manifest.json');
    expect(manifests).not.toContain('/apps/copy-editor/mf-manifest.json');
  });

  test('a remote that is down leaves the shell working, with a fallback for that area', async ({
    page,
    copyOf,
  }) => {
    const [sv, en] = [await copyOf('sv'), await copyOf('en')];
    await page.route('**/apps/visitor-flow/**', (route) => route.abort('connectionrefused'));
    await page.goto('/sv/');
    await expect(page.getByRole('alert')).toContainText(sv('shell.remoteUnavailable.title'));
    await expect(page.getByRole('link', { name: sv('shell.footer.faq') })).toBeVisible();
    // the header still works: switching language re-renders the fallback in English
    await page.getByRole('link', { name: sv('shell.header.switchLanguageLabel') }).click();
    await expect(page.getByRole('alert')).toContainText(en('shell.remoteUnavailable.title'));
    // and once the remote is back, "try again" loads it without a page reload
    await page.unroute('**/apps/visitor-flow/**');
    await page.getByRole('button', { name: en('shell.remoteUnavailable.retry') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('start.title'));
  });
});
