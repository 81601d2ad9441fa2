import type { Lang } from '@concert/shared/universal';

/** The admin login page's query: where to go after sign-in, and why a previous attempt was refused. */
function adminLogin(redirect?: string, error?: string): string {
  const query = new URLSearchParams();
  if (redirect) query.set('redirect', redirect);
  if (error) query.set('error', error);
  const search = query.toString();
  return search ? `/admin/login?${search}` : '/admin/login';
}

/** One typed route table for the shell and the remotes, instead of string URLs scattered around. */
export const paths = {
  start: (lang: Lang) => `/${lang}/`,
  memberCheck: (lang: Lang) => `/${lang}/memberCheck`,
  instructions: (lang: Lang) => `/${lang}/instructions`,
  error: (lang: Lang, id: string) => `/${lang}/error/${encodeURIComponent(id)}`,
  toQueue: (lang: Lang) => `/${lang}/toQueue`,
  faq: (lang: Lang) => `/${lang}/faq`,
  adminLogin,
  /** Where the work-account sign-in comes back to (a redirect URI registered with the IdP). */
  adminAuthCallback: () => '/admin/auth-callback',
  adminCopy: () => '/admin/copy',
  adminScan: (externalTicketId: string) => `/admin/scan/${encodeURIComponent(externalTicketId)}`,
  adminAddManualAttendee: () => '/admin/addManualAttendee',
  adminSendEmail: () => '/admin/sendEmail',
} as const;

/** Swaps the language segment of a visitor path, keeping the rest (query and hash included). */
export function withLang(pathname: string, lang: Lang): string {
  return pathname.replace(/^\/(sv|en)(?=\/|$)/, `/${lang}`);
}

/**
 * The `redirect` of the admin login as a path on this site's admin pages (query and hash kept),
 * or undefined for anything else: another origin, `//host`, the login or callback page itself.
 * Only such a path is ever navigated to after sign-in, so the parameter cannot send staff away.
 */
export function safeAdminRedirect(redirect: string | null | undefined): string | undefined {
  if (typeof redirect !== 'string' || !redirect.startsWith('/admin/') || redirect.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(redirect, 'http://admin.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://admin.invalid' || !url.pathname.startsWith('/admin/')) return undefined;
  if (url.pathname === adminLogin() || url.pathname === paths.adminAuthCallback()) return undefined;
  return url.pathname + url.search + url.hash;
}
