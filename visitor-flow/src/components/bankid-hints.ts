import type { CopyKey } from '@concert/shared/universal';

/**
 * BankID's recommended message (RFA, developers.bankid.com) for each hint code whose message does
 * not depend on the device; the keys hold BankID's words unchanged. Hints BankID gives no message
 * for have the product's own texts (bankId.hints.*), kept apart so nobody mistakes them for BankID's.
 */
const PENDING = new Map<string, CopyKey>([
  ['outstandingTransaction', 'bankId.rfa1'],
  ['noClient', 'bankId.rfa1'],
  ['userSign', 'bankId.rfa9'],
  ['userMrtd', 'bankId.rfa23'],
  ['userCallConfirm', 'bankId.hints.userCallConfirm'],
]);
const FAILED = new Map<string, CopyKey>([
  ['cancelled', 'bankId.rfa3'],
  ['alreadyInProgress', 'bankId.rfa4'],
  ['userCancel', 'bankId.rfa6'],
  ['expiredTransaction', 'bankId.rfa8'],
  ['certificateErr', 'bankId.rfa16'],
  ['userDeclinedCall', 'bankId.hints.userDeclinedCall'],
  ['notSupportedByUserApp', 'bankId.hints.notSupportedByUserApp'],
  ['transactionRiskBlocked', 'bankId.hints.transactionRiskBlocked'],
]);

/**
 * The message for a collect answer, where BankID's table depends on how the app was started
 * (`sameDevice`: the autostart link on this device, else the QR code) and on the browser's device:
 * - pending `outstandingTransaction` (or no answer yet) on this device: RFA1 ("Start your BankID
 *   app.") until the visitor has tapped the link that opens it (`launched`), then RFA13; with the QR
 *   code RFA1;
 * - pending `started`: RFA15A on a computer (it names the card reader), RFA15B on a phone or tablet;
 * - failed `startFailed`: RFA17A on this device (no app found), RFA17B with the QR code (not scanned);
 * - a pending hint BankID added later: RFA21; a failure without a known hint: RFA22.
 * `undefined` only while pending with the QR code before the first answer (the general "waiting").
 */
export function hintMessageKey(
  status: 'pending' | 'failed',
  code: string | undefined,
  sameDevice: boolean,
  mobile: boolean,
  launched = true,
): CopyKey | undefined {
  if (status === 'pending') {
    if (sameDevice && (code === undefined || code === 'outstandingTransaction'))
      return launched ? 'bankId.rfa13' : 'bankId.rfa1';
    if (code === undefined) return undefined;
    if (code === 'started') return mobile ? 'bankId.rfa15B' : 'bankId.rfa15A';
    return PENDING.get(code) ?? 'bankId.rfa21';
  }
  if (code === 'startFailed') return sameDevice ? 'bankId.rfa17A' : 'bankId.rfa17B';
  return (code !== undefined ? FAILED.get(code) : undefined) ?? 'bankId.rfa22';
}

/** BankID's question before the choice of device: RFA19 on a computer, RFA20 on a phone or tablet. */
export function deviceChoiceKey(mobile: boolean): CopyKey {
  return mobile ? 'bankId.rfa20' : 'bankId.rfa19';
}
