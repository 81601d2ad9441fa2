import { substituteCopy, type Lang } from '@concert/shared/universal';
import type { ConcertStatusAnswer } from '@concert/shared/api';
import { test as base, expect, type APIRequestContext } from '@playwright/test';

/**
 * A language's copy as the server serves it, substituted the way the apps do: `t('start.title')`,
 * with the current concert's facts (its copy variables come with the status, as the apps get them).
 */
type T = (key: string, vars?: Record<string, string>) => string;

export const test = base.extend<{ copyOf: (lang: Lang) => Promise<T> }>({
  copyOf: async ({ request }, use) => {
    await use(async (lang) => {
      const [copy, status] = await Promise.all([
        request.get(`/api/getCopy?lang=${lang}`).then((r) => r.json() as Promise<Record<string, string>>),
        request.get('/api/getConcertStatus').then((r) => r.json() as Promise<ConcertStatusAnswer>),
      ]);
      const concert = status.copyVariables?.[lang] ?? {};
      return (key, vars) => {
        const raw = copy[key];
        if (raw === undefined) throw new Error(`no copy key ${key}`);
        return substituteCopy(raw, lang, { ...concert, ...vars });
      };
    });
  },
});
export { expect };

/** The current concert's amounts as the office set them (what the pages must show), and `kr(n)` as Swedish writes it. */
export async function concertAmounts(request: APIRequestContext) {
  const status = (await (await request.get('/api/getConcertStatus')).json()) as ConcertStatusAnswer;
  const concert = status.concert!;
  return {
    minRaise: concert.minRaise,
    minNewMemberAmount: concert.minNewMemberAmount,
    donationStep: concert.donationStep,
    kr: (n: number) => `${n} kr`,
  };
}
