import type { Lang } from '@concert/shared/universal';

/** A time from the API (ISO) in the reader's local time, e.g. 2025-09-15 19:42:07; an unreadable one as given. */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** An amount in kronor the way the copy's constants write it: `200 kr` / `SEK 200`. */
export function formatAmount(amount: number, lang: Lang): string {
  return lang === 'sv' ? `${amount} kr` : `SEK ${amount}`;
}
