import type { Lang } from '../universal/constants.js';

/** One typed route table for the shell and the remotes, instead of string URLs scattered around. */
export const paths = {
  start: (lang: Lang) => `/${lang}/`,
  memberCheck: (lang: Lang) => `/${lang}/memberCheck`,
  instructions: (lang: Lang) => `/${lang}/instructions`,
  error: (lang: Lang, id: string) => `/${lang}/error/${encodeURIComponent(id)}`,
  toQueue: (lang: Lang) => `/${lang}/toQueue`,
  faq: (lang: Lang) => `/${lang}/faq`,
  adminLogin: (redirect?: string) => (redirect ? `/admin/login?redirect=${encodeURIComponent(redirect)}` : '/admin/login'),
  adminCopy: () => '/admin/copy',
} as const;

/** Swaps the language segment of a visitor path, keeping the rest (query and hash included). */
export function withLang(pathname: string, lang: Lang): string {
  return pathname.replace(/^\/(sv|en)(?=\/|$)/, `/${lang}`);
}
