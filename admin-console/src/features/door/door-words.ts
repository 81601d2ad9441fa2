import { formatStaffDateTime, formatStaffTime, sameStaffDay } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';

export const fullName = (p: { firstName: string; lastName: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

/** A check-in's time: the clock only when it is today in Stockholm, else the date too (staff time). */
export function timeOf(epochMs: number, _lang?: Lang): string {
  return sameStaffDay(epochMs, Date.now()) ? formatStaffTime(epochMs) : formatStaffDateTime(epochMs);
}
