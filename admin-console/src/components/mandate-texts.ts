import {
  isKnownCommentCode,
  type AmendmentMeaning,
  type AutogiroDiscrepancy,
  type AutogiroFileRefusal,
  type DigitalMandateMeaning,
  type MandateState,
} from '@concert/shared/api';
import type { CopyKey } from '@concert/shared/universal';

type Translate = (key: CopyKey, vars?: Record<string, string | number>) => string;

/** "Code 05: The account number or personal number is wrong." — an unknown code says so, never dropped. */
export function codeText(t: Translate, code: string): string {
  return t('admin.autogiro.code', {
    code,
    message: t(
      isKnownCommentCode(code)
        ? (`admin.autogiro.codes.c${code}` as CopyKey)
        : 'admin.autogiro.codes.unknown',
    ),
  });
}

export const stateText = (t: Translate, state: MandateState) => t(`admin.autogiro.states.${state}`);

export function refusalText(t: Translate, r: AutogiroFileRefusal, bankgiro: string): string {
  switch (r.reason) {
    case 'duplicate':
      return t('admin.autogiro.refusals.duplicate', { fileName: r.fileName });
    case 'brokenLayout':
      return t('admin.autogiro.refusals.brokenLayout', { line: r.line, position: r.position });
    case 'unknownRecord':
      return t('admin.autogiro.refusals.unknownRecord', { line: r.line, code: r.code });
    case 'otherBankgiro':
      return t('admin.autogiro.refusals.otherBankgiro', { line: r.line, bankgiro });
    case 'countMismatch':
      return t('admin.autogiro.refusals.countMismatch', { stated: r.stated, count: r.found });
    default:
      return t(`admin.autogiro.refusals.${r.reason}`);
  }
}

/** 991-2346 */
export const bankgiroText = (digits: string) => {
  const bg = digits.replace(/^0+/, '');
  return `${bg.slice(0, -4)}-${bg.slice(-4)}`;
};

/** Comment codes of Bankgirot's cancellations/changes answer (technical manual 8.5.3). */
const AMENDMENT_CODES = new Set(['01', '02', '04', '05', '06', '10', '11', '12', '13', '14', '15', '18']);

/**
 * What the office reads under a discrepancy, beyond its reason: the TK73 code; for a record of
 * the cancellations/changes answer what it means and its codes; for a digital mandate who it may
 * be, what the payer gave in the bank and what to do.
 */
export function discrepancyLines(t: Translate, d: AutogiroDiscrepancy): string[] {
  if (d.reason === 'amendmentAnswer') {
    const lines = [t(`admin.autogiro.amendments.meanings.${(d.meaning ?? 'unknown') as AmendmentMeaning}`)];
    if (d.infoCode && d.commentCode)
      lines.push(
        t('admin.autogiro.amendments.record', {
          kind: d.infoCode,
          code: d.commentCode,
          message: t(
            AMENDMENT_CODES.has(d.commentCode)
              ? (`admin.autogiro.amendmentCodes.c${d.commentCode}` as CopyKey)
              : 'admin.autogiro.amendmentCodes.unknown',
          ),
        }),
      );
    if (!d.mandateId && d.payerNumber) lines.push(t('admin.autogiro.discrepancies.reasons.unknownPayer'));
    return lines;
  }
  if (d.reason === 'digitalMandate') {
    const lines = [t(`admin.autogiro.digital.meanings.${(d.meaning ?? 'new') as DigitalMandateMeaning}`)];
    const who = { name: d.name ?? '', state: d.mandateState ? stateText(t, d.mandateState) : '' };
    const matchedBy = d.digital?.matchedBy ?? null;
    lines.push(
      matchedBy
        ? t(`admin.autogiro.digital.matched.${matchedBy}`, who)
        : t('admin.autogiro.digital.matched.none'),
    );
    const dm = d.digital;
    if (dm) {
      const place = [dm.postcode, dm.city].filter(Boolean).join(' ');
      const given = [...dm.nameAndAddress, place].filter(Boolean).join(', ');
      if (given) lines.push(t('admin.autogiro.digital.given', { name: given }));
      if (dm.info) lines.push(t('admin.autogiro.digital.info', { message: dm.info }));
      if (dm.clearingNumber) lines.push(t('admin.autogiro.digital.account', { code: dm.clearingNumber }));
      if (dm.organisation) lines.push(t('admin.autogiro.digital.organisation'));
    }
    lines.push(t('admin.autogiro.digital.todo'));
    return lines;
  }
  if (d.reason === 'paymentRejected') {
    const lines = d.commentCode
      ? [t('admin.autogiro.problems.paymentRejectedCode', { code: d.commentCode })]
      : [];
    lines.push(
      t(
        d.mandateState === 'approved'
          ? 'admin.autogiro.problems.paymentRejectedResend'
          : 'admin.autogiro.problems.paymentRejectedTodo',
      ),
    );
    // A stopped standing payment the office may send again once the account is right (sendMandateAgain).
    if (d.mandateState === 'paymentRejected')
      lines.push(t('admin.autogiro.problems.paymentRejectedSendAgain'));
    return lines;
  }
  if (d.reason === 'monthNotDrawn') return [t('admin.autogiro.problems.monthNotDrawnTodo')];
  return d.meaning && d.commentCode ? [codeText(t, d.commentCode)] : [];
}
