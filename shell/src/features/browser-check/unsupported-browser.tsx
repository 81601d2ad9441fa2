import { useCopy } from '@concert/shared/browser';

/**
 * What the app needs beyond the syntax of its bundles; tiny on purpose. `crypto.randomUUID`
 * only exists in secure contexts, so a plain-http demo on the local network is not flagged.
 */
export function isSupportedBrowser(): boolean {
  if (typeof window === 'undefined') return true; // the first paint, rendered when the shell builds
  return (
    typeof fetch === 'function' &&
    typeof Promise.allSettled === 'function' &&
    (!window.isSecureContext || typeof globalThis.crypto?.randomUUID === 'function')
  );
}

/** Shown instead of the page in a browser that lacks what the app needs. */
export function UnsupportedBrowser() {
  const t = useCopy();
  return (
    <section className="unsupported-browser" role="alert">
      <h1>{t('shell.unsupportedBrowser.title')}</h1>
      <p>{t('shell.unsupportedBrowser.body')}</p>
    </section>
  );
}
