import { paths, type Lang } from '@concert/shared/universal';

/**
 * The pages and screens the texts belong to, in the order a visitor meets them (then the e-mails,
 * the error texts and the staff pages): each with the key prefixes it holds, its human name (the
 * copy key `copyEditor.groups.<id>`) and, where it has one page of its own, that page for the
 * preview on the real page. A key belongs to the group of its longest matching prefix
 * (`admin.door` before `admin`); a key no group names falls into "other".
 */
const GROUPS = [
  { id: 'frame', prefixes: ['shell', 'countdown', 'reservation'], page: paths.visitor.start.getHref },
  { id: 'start', prefixes: ['start'], page: paths.visitor.start.getHref },
  { id: 'instructions', prefixes: ['instructions'], page: paths.visitor.instructions.getHref },
  { id: 'memberCheck', prefixes: ['memberCheck'], page: paths.visitor.memberCheck.getHref },
  { id: 'validation', prefixes: ['validation'] },
  { id: 'bankId', prefixes: ['bankId'] },
  { id: 'becomeMember', prefixes: ['becomeMember'], page: paths.visitor.becomeMember.getHref },
  {
    id: 'newDonationAmount',
    prefixes: ['newDonationAmount'],
    page: paths.visitor.newDonationAmount.getHref,
  },
  { id: 'autoAddBank', prefixes: ['autoAddBank'], page: paths.visitor.autoAddBank.getHref },
  { id: 'addAutoGiro', prefixes: ['addAutoGiro'], page: paths.visitor.addAutoGiro.getHref },
  { id: 'checkCard', prefixes: ['checkCard'], page: paths.visitor.checkCard.getHref },
  // How you get in (issue 38 §6) is told on the thank-you page first (and in the FAQ and e-mails).
  { id: 'gotToken', prefixes: ['gotToken', 'admission'], page: paths.visitor.gotToken.getHref },
  { id: 'ticket', prefixes: ['ticket'] },
  { id: 'underAge', prefixes: ['underAge'], page: paths.visitor.underAge.getHref },
  { id: 'specialCases', prefixes: ['specialCases'], page: paths.visitor.specialCases.getHref },
  { id: 'toQueue', prefixes: ['toQueue'], page: paths.visitor.toQueue.getHref },
  { id: 'inQueue', prefixes: ['inQueue'], page: paths.visitor.inQueue.getHref },
  { id: 'queueConfirm', prefixes: ['queueConfirm'], page: paths.visitor.confirmQueue.getHref },
  { id: 'queueOffer', prefixes: ['queueOffer'], page: paths.visitor.queueOffer.getHref },
  { id: 'news', prefixes: ['news'], page: paths.visitor.news.getHref },
  { id: 'contact', prefixes: ['contact'], page: paths.visitor.contact.getHref },
  { id: 'faq', prefixes: ['faq'], page: paths.visitor.faq.getHref },
  { id: 'privacy', prefixes: ['privacy'], page: paths.visitor.privacy.getHref },
  { id: 'error', prefixes: ['error'] },
  { id: 'email', prefixes: ['email'] },
  { id: 'adminFrame', prefixes: ['admin', 'admin.login', 'admin.nav'] },
  { id: 'adminDashboard', prefixes: ['admin.dashboard'] },
  { id: 'adminDoor', prefixes: ['admin.door'] },
  { id: 'adminScan', prefixes: ['admin.scan'] },
  { id: 'adminAttendees', prefixes: ['admin.attendees'] },
  { id: 'adminExports', prefixes: ['admin.exports'] },
  { id: 'adminMailout', prefixes: ['admin.mailout'] },
  { id: 'adminSendEmail', prefixes: ['admin.sendEmail'] },
  { id: 'adminAddManualAttendee', prefixes: ['admin.addManualAttendee'] },
  { id: 'adminQueue', prefixes: ['admin.queue'] },
  { id: 'adminAudit', prefixes: ['admin.audit'] },
  { id: 'adminAutogiro', prefixes: ['admin.autogiro'] },
  { id: 'adminErasure', prefixes: ['admin.erasure'] },
  { id: 'adminStaff', prefixes: ['admin.staff'] },
  { id: 'copyEditor', prefixes: ['copyEditor'] },
  { id: 'other', prefixes: [] },
] as const satisfies readonly { id: string; prefixes: readonly string[]; page?: (lang: Lang) => string }[];

export type CopyGroup = (typeof GROUPS)[number];
export type CopyGroupId = CopyGroup['id'];
export const COPY_GROUPS: readonly CopyGroup[] = GROUPS;

const BY_PREFIX = new Map<string, CopyGroup>(GROUPS.flatMap((g) => g.prefixes.map((p) => [p, g] as const)));
const OTHER = GROUPS.find((g) => g.id === 'other')!;

/** The group of a key: its longest prefix (whole dotted parts) that a group names. */
export function copyGroupOf(key: string): CopyGroup {
  const parts = key.split('.');
  for (let n = parts.length - 1; n > 0; n--) {
    const group = BY_PREFIX.get(parts.slice(0, n).join('.'));
    if (group) return group;
  }
  return OTHER;
}

/** The group's own page for the preview on the real page, if it has one. */
export function copyGroupPage(group: CopyGroup, lang: Lang): string | undefined {
  return 'page' in group ? group.page(lang) : undefined;
}
