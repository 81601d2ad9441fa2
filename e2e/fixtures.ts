import { substituteCopy, type Lang } from '@concert/shared/universal';
import { test as base, expect } from '@playwright/test';

/** A language's copy as the server serves it, substituted the way the apps do: `t('start.title')`. */
type T = (key: string, vars?: Record<string, string>) => string;

export const test = base.extend<{ copyOf: (lang: Lang) => Promise<T> }>({
  copyOf: async ({ request }, use) => {
    await use(async (lang) => {
      const copy = (await (await request.get(`/api/getCopy?lang=${lang}`)).json()) as Record<string, string>;
      return (key, vars) => {
        const raw = copy[key];
        if (raw === undefined) throw new Error(`no copy key ${key}`);
        return substituteCopy(raw, lang, vars);
      };
    });
  },
});
export { expect };
