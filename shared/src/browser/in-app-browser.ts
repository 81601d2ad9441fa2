/** Instagram's and Facebook's in-app browsers, where BankID's app switch often fails. */
const IN_APP_BROWSER = /Instagram|FBAN|FBAV|FB_IAB/;

/**
 * Whether the page runs in an app's own browser (Instagram, Facebook): the shell's banner asks to
 * open the site in the phone's browser, and the BankID control launches the app accordingly.
 * False where there is no navigator (the first paint, rendered at build time).
 */
export function isInAppBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return IN_APP_BROWSER.test(userAgent);
}
