import { isInAppBrowser, useCopy } from '@concert/shared/browser';
import { useLocation } from '@concert/shared/router';
import { useState } from 'react';

const START_PAGE = /^\/(sv|en)\/?$/;

/**
 * Asks visitors in an in-app browser to open the site in their default browser, in two lines,
 * with how (the app's ⋯ menu) and a way out: copying the link (not on the start page, SPEC.md §2).
 */
export function InAppBrowserBanner() {
  const t = useCopy();
  const { pathname } = useLocation();
  const [copied, setCopied] = useState(false);
  if (START_PAGE.test(pathname) || !isInAppBrowser()) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(location.href);
      setCopied(true);
    } catch {
      // no clipboard here: the ⋯ menu remains the way
    }
  }
  return (
    <div className="banner in-app-banner" role="note">
      <p>{t('shell.inAppBrowser.banner')}</p>
      <button type="button" className="button secondary" onClick={() => void copy()}>
        {t('shell.inAppBrowser.copy')}
      </button>
      <p role="status">{copied ? t('shell.inAppBrowser.copied') : ''}</p>
    </div>
  );
}
