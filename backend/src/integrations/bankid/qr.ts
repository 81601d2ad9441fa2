import { createHmac } from 'node:crypto';

/**
 * The content of BankID's animated QR code for the given second of the order:
 * `bankid.<qrStartToken>.<seconds>.<hex HMAC-SHA256 keyed by qrStartSecret over the seconds>`.
 * Computed on the server so qrStartSecret never reaches the browser.
 */
export function animatedQrData(
  qrStartToken: string,
  qrStartSecret: string,
  secondsSinceOrder: number,
): string {
  const seconds = String(Math.max(0, Math.floor(secondsSinceOrder)));
  const qrAuthCode = createHmac('sha256', qrStartSecret).update(seconds).digest('hex');
  return `bankid.${qrStartToken}.${seconds}.${qrAuthCode}`;
}

/**
 * The link that starts the BankID app on the same device (real: `https://app.bankid.com/`;
 * demo: the simulator's approval page). `redirect=null` lets the app return to the browser the
 * user came from (Android, desktop); on iOS the app must be told where to go back to: `returnUrl`,
 * the step's own address with a one-time resume reference (session/resume.ts), which works also
 * when the phone opens it in a new tab.
 */
export function sameDeviceUrl(appUrl: string, autoStartToken: string, returnUrl?: string): string {
  const separator = appUrl.includes('?') ? '&' : '?';
  return `${appUrl}${separator}autostarttoken=${encodeURIComponent(autoStartToken)}&redirect=${returnUrl ? encodeURIComponent(returnUrl) : 'null'}`;
}
