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
 * demo: the simulator's approval page). Without a way back, `redirect=null` lets the app return to
 * the browser the user came from (Android, desktop). With one (iOS), the way back is the order's
 * own `returnUrl` (sent in the auth/sign call: the step's address with a one-time resume reference,
 * session/resume.ts); BankID's RP API v6 ignores a launch link's `redirect` then, so the link
 * carries none (BankID's current guidance).
 */
export function sameDeviceUrl(appUrl: string, autoStartToken: string, returnUrl?: string): string {
  const separator = appUrl.includes('?') ? '&' : '?';
  const link = `${appUrl}${separator}autostarttoken=${encodeURIComponent(autoStartToken)}`;
  return returnUrl ? link : `${link}&redirect=null`;
}
