import type { Lang } from '@concert/shared/universal';

/** A time from the API (ISO) in the staff member's local time, e.g. 2025-09-15 19:42:07. */
export function formatLocalTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}
