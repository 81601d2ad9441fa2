import type { Lang } from '@concert/shared/universal';
import { formatStaffDateTime } from '../../universal/staff-time.js';

/**
 * A time from the API (ISO) on a staff screen: Stockholm's wall clock, `2026-09-12 19:30`
 * (office.ts has the one definition, which the exports use too); an unreadable one as given.
 */
export function formatDateTime(iso: string, _lang?: Lang): string {
  return formatStaffDateTime(iso);
}

/** An amount in kronor the way the copy's constants write it: `200 kr` / `SEK 200`. */
export function formatAmount(amount: number, lang: Lang): string {
  return lang === 'sv' ? `${amount} kr` : `SEK ${amount}`;
}
