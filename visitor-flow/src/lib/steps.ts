import type { Lang } from '@concert/shared/universal';

/** The visitor flow's routes (SPEC.md §2), relative to /{lang}/. */
export const STEPS = {
  start: '',
  memberCheck: 'memberCheck',
  becomeMember: 'becomeMember',
  newDonationAmount: 'newDonationAmount',
  gotToken: 'gotToken',
  autoAddBank: 'autoAddBank',
  addAutoGiro: 'addAutoGiro',
  underAge: 'underAge',
  specialCases: 'specialCases',
  inQueue: 'inQueue',
  toQueue: 'toQueue',
  instructions: 'instructions',
  news: 'news',
  contact: 'contact',
  faq: 'faq',
  bankID: 'bankID',
  checkCard: 'checkCard',
} as const;
export type Step = keyof typeof STEPS;

/** `/{lang}/{step}` with an optional `#hash`. */
export function stepPath(lang: Lang, step: Step, hash?: string): string {
  return `/${lang}/${STEPS[step]}${hash ? `#${hash}` : ''}`;
}
