// The route table itself is universal (`paths` in @concert/shared/universal); what is here reads
// the browser's current path.
import { paths, type Lang } from '@concert/shared/universal';

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
  const adminPrefix = `${paths.admin.dashboard.getHref()}/`;
  if (typeof redirect !== 'string' || !redirect.startsWith(adminPrefix) || redirect.includes('\\'))
    return undefined;
  let url: URL;
  try {
    url = new URL(redirect, 'http://admin.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://admin.invalid' || !url.pathname.startsWith(adminPrefix)) return undefined;
  if (url.pathname === paths.admin.login.getHref() || url.pathname === paths.admin.authCallback.getHref())
    return undefined;
  return url.pathname + url.search + url.hash;
}
