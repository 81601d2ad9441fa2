import { isKnownCommentCode, type AutogiroFileRefusal, type MandateState } from '@concert/shared/api';
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
