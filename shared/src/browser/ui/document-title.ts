import { useCopy } from '@concert/shared/browser';
import { useEffect } from 'react';

/** What a tab shows for a page: the page's own title, then the site's, in the page's language. */
export function documentTitle(pageTitle: string, siteName: string): string {
  return pageTitle && pageTitle !== siteName ? `${pageTitle} – ${siteName}` : siteName;
}

/**
 * Names the browser tab after the page (WCAG 2.4.2): visitors who switch to the BankID app and
 * back, and screen-reader users moving between tabs, hear which step they are on.
 */
export function useDocumentTitle(pageTitle: string): void {
  const t = useCopy();
  const siteName = t('shell.siteName');
  useEffect(() => {
    document.title = documentTitle(pageTitle, siteName);
  }, [pageTitle, siteName]);
}
