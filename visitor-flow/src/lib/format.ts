import type { Lang } from '@concert/shared/universal';

/** An amount in kronor the way the copy's constants write it: `200 kr` / `SEK 200`. */
export function formatAmount(amount: number, lang: Lang): string {
  return lang === 'sv' ? `${amount} kr` : `SEK ${amount}`;
}
