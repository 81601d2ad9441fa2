import { useCopy } from '@concert/shared/browser';
import { useLocation } from '@concert/shared/router';

/** Instagram's and Facebook's in-app browsers, where BankID's app switch often fails. */
const IN_APP_BROWSER = /Instagram|FBAN|FBAV|FB_IAB/;
const START_PAGE = /^\/(sv|en)\/?$/;

/** Asks visitors in an in-app browser to open the site in their default browser; not on the start page (SPEC.md §2). */
export function InAppBrowserBanner() {
  const t = useCopy();
  const { pathname } = useLocation();
  if (START_PAGE.test(pathname) || !IN_APP_BROWSER.test(globalThis.navigator?.userAgent ?? '')) return null; // no navigator: the first paint, rendered at build time
  return (
    <p className="banner" role="note">
      {t('shell.inAppBrowser.banner')}
    </p>
  );
}
