import { isInAppBrowser } from '@concert/shared/browser';

/**
 * The link that opens the BankID app on this device, per BankID's guidance; the visitor taps it
 * (bankid-control.tsx), a real link in the same tab:
 * - a phone or tablet: the universal link the server answers (`https://app.bankid.com/?autostarttoken=…`,
 *   without `redirect` where the order carries the way back as its `returnUrl`, else `redirect=null`);
 * - a computer: the app's own scheme, `bankid:///?autostarttoken=…&redirect=null` (the universal
 *   link would open a web page there);
 * - an app's in-app browser (Instagram, Facebook): the scheme too. Such browsers keep https links
 *   to themselves (the universal link would load BankID's web page in place of this one) but hand
 *   an app's scheme to the phone; if even that fails, the page stays and says what to do.
 * Any other link (the demo's BankID simulator) is used as it is.
 */
const UNIVERSAL_LINK = 'https://app.bankid.com/';

export function bankIdAppLink(url: string, device: { onComputer: boolean; inAppBrowser: boolean }): string {
  if (!(device.onComputer || device.inAppBrowser) || !url.startsWith(UNIVERSAL_LINK)) return url;
  const token = new URL(url).searchParams.get('autostarttoken');
  if (!token) return url;
  return `bankid:///?autostarttoken=${encodeURIComponent(token)}&redirect=null`;
}

/**
 * iPhone and iPad (iPadOS says Macintosh, with touch): BankID's app returns to the browser only by
 * an address (the order's returnUrl). Not in an in-app browser: the address would open in Safari,
 * away from the app's browser whose page keeps waiting (the visitor goes back to the app there).
 */
export function needsReturnAddress(): boolean {
  return isAppleTouchDevice() && !isInAppBrowser();
}

function isAppleTouchDevice(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** A phone or tablet (BankID's RFA14 B), else a computer (RFA14 A, which names the card reader). */
export function isMobileDevice(): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/.test(navigator.userAgent) || isAppleTouchDevice();
}

/**
 * Cancel on abandon (docs/bankid.md): whether the page going away now may cancel the order.
 * Never while the BankID app is being used on this device: switching to the app hides the page
 * (visibilitychange, and pagehide on some phones) and the visitor is about to sign; the order
 * then ends at BankID by itself within 3 minutes if nobody does. With the QR code (or nothing
 * launched) a real leave may: `pagehide` that does not keep the page (persisted false: closed,
 * navigated away, reloaded). A page kept for the back-forward cache (persisted true) may come
 * back and go on polling, so it does not ask. The server waits a grace period before it cancels,
 * and a poll in between (a reload, the page back) keeps the order.
 */
export function mayCancelOnLeave(
  event: { type: 'pagehide'; persisted: boolean } | { type: 'visibilitychange' },
  order: { sameDevice: boolean } | null,
): boolean {
  if (!order || order.sameDevice) return false;
  return event.type === 'pagehide' && !event.persisted;
}
