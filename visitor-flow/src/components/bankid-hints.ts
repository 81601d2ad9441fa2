import type { CopyKey } from '@concert/shared/universal';

/** BankID's hint codes that have a text of their own (bankId.hints.*); any other shows the general one. */
const HINT_KEYS = new Map<string, CopyKey>(
  (
    [
      'outstandingTransaction',
      'noClient',
      'started',
      'userMrtd',
      'userCallConfirm',
      'userSign',
      'expiredTransaction',
      'certificateErr',
      'userCancel',
      'cancelled',
      'startFailed',
      'alreadyInProgress',
      'unknown',
      'userDeclinedCall',
      'notSupportedByUserApp',
      'transactionRiskBlocked',
    ] as const
  ).map((code) => [code, `bankId.hints.${code}`]),
);
const hintKey = (code: string | undefined) => (code ? HINT_KEYS.get(code) : undefined);

/**
 * BankID's recommended message (RFA) for a hint, where it depends on how the app was started:
 * with the autostart link on this device, or by the QR code on another.
 * - outstandingTransaction: RFA13 "Trying to start your BankID app" while the app is being started
 *   on this device (also before the first answer), RFA1 "Start your BankID app" for the QR code;
 * - started: RFA14 with autostart (the app started but has not found a BankID usable on this
 *   device: A on a computer, naming the card reader, B on a phone), RFA15 for the QR code;
 * - startFailed: RFA17 A with autostart (the app could not be found: install it), B for the QR code
 *   (it could not be scanned);
 * - a pending hint BankID added later: RFA21 "Identification or signing in progress".
 */
export function hintMessageKey(
  status: 'pending' | 'failed',
  code: string | undefined,
  sameDevice: boolean,
  mobile: boolean,
): CopyKey | undefined {
  if (sameDevice) {
    if (status === 'pending' && (code === undefined || code === 'outstandingTransaction'))
      return 'bankId.hints.outstandingTransactionAutostart';
    if (code === 'started')
      return mobile ? 'bankId.hints.startedAutostart' : 'bankId.hints.startedAutostartComputer';
    if (code === 'startFailed') return 'bankId.hints.startFailedAutostart';
  } else if (code === 'startFailed') return 'bankId.hints.startFailedQr';
  if (code === undefined) return undefined;
  return hintKey(code) ?? (status === 'pending' ? 'bankId.hints.pendingUnknown' : undefined);
}
