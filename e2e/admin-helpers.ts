import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The work accounts of the dev IdP (CONTRACT.md §4); password `demo` for all. */
export const STAFF = {
  editor: 'editor@staff.example',
  office: 'office@org.example',
  door: 'door@org.example',
  outsider: 'someone@outside.example',
} as const;
export const STAFF_PASSWORD = 'demo';

/** Sign-in goes through the real MSAL redirect: the dev IdP's login form on its own https origin and back. */
export const SIGN_IN_TIMEOUT_MS = 60_000;

/**
 * From the admin login page (already open), signs in through the dev IdP's form as `email` and
 * waits until the app has taken the sign-in in (the callback page is left).
 */
export async function signInAs(page: Page, email: string, signInButton: string): Promise<void> {
  await page.getByRole('button', { name: signInButton }).click();
  await page.waitForURL(/^https:\/\/localhost:\d+\/interaction\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  // Back on the app (http, unlike the IdP), past the callback page.
  const onAdminPage = (path: string) =>
    path === '/admin' || (path.startsWith('/admin/') && path !== '/admin/auth-callback');
  await page.waitForURL((url) => url.protocol === 'http:' && onAdminPage(url.pathname), {
    timeout: 20_000,
  });
}

/** The staff access token the page sends to the API (read from its next API call). */
export async function staffTokenOf(page: Page, call: () => Promise<unknown>): Promise<string> {
  const request = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers().authorization);
  await call();
  return (await request).headers().authorization!;
}

/** Calls a staff function with a token, as another staff member's browser would. */
export async function callStaff(
  request: APIRequestContext,
  authorization: string,
  name: string,
  data: Record<string, unknown>,
) {
  const response = await request.post(`/api/${name}`, { headers: { authorization }, data: { data } });
  return {
    status: response.status(),
    body: (await response.json()) as { result?: any; error?: { status: string; message: string } },
  };
}

/** Waits for the dev mailbox to hold a message to `to`. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string; to: string[] } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mail')).json()) as {
          subject: string;
          text: string;
          to: string[];
        }[];
        found = mails.find((m) => m.to.includes(to));
        return !!found;
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe(true);
  return found!;
}
