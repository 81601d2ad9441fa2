// Every route of the product in one typed table (SPEC.md §2, CONTRACT.md §3): the pattern a
// <Route path> matches and the href a link or navigation uses. The shell, the remotes and the
// backend all spell routes from here. Universal: no browser code.
import type { Lang } from './constants.js';

/** `:name` is a param; a route's pattern is absolute, so it also matches inside nested <Routes>. */
export interface AppRoute<Args extends unknown[] = []> {
  readonly path: string;
  readonly getHref: (...args: Args) => string;
}

const withHash = (href: string, hash?: string) => (hash ? `${href}#${hash}` : href);

/** A visitor screen under /{lang}/; `hash` opens a section of it (e.g. specialCases#accessibility). */
function visitorRoute(segment: string): AppRoute<[lang: Lang, hash?: string]> {
  return { path: `/:lang/${segment}`, getHref: (lang, hash) => withHash(`/${lang}/${segment}`, hash) };
}

/** A staff page under /admin (no language prefix). */
function adminRoute(segment?: string): AppRoute {
  const href = segment ? `/admin/${segment}` : '/admin';
  return { path: href, getHref: () => href };
}

/** The admin login's query: where to go after sign-in, and why a previous attempt was refused. */
function adminLoginHref(redirect?: string, error?: string): string {
  const query = new URLSearchParams();
  if (redirect) query.set('redirect', redirect);
  if (error) query.set('error', error);
  const search = query.toString();
  return search ? `/admin/login?${search}` : '/admin/login';
}

export const paths = {
  visitor: {
    start: visitorRoute(''),
    memberCheck: visitorRoute('memberCheck'),
    confirmQueue: visitorRoute('confirmQueue'),
    /** Where a waiting-list offer's link leads (`?code=`; `&action=decline` declines it). */
    queueOffer: visitorRoute('queueOffer'),
    becomeMember: visitorRoute('becomeMember'),
    newDonationAmount: visitorRoute('newDonationAmount'),
    gotToken: visitorRoute('gotToken'),
    autoAddBank: visitorRoute('autoAddBank'),
    addAutoGiro: visitorRoute('addAutoGiro'),
    underAge: visitorRoute('underAge'),
    specialCases: visitorRoute('specialCases'),
    inQueue: visitorRoute('inQueue'),
    toQueue: visitorRoute('toQueue'),
    error: {
      path: '/:lang/error/:messageId',
      getHref: (lang: Lang, messageId: string) => `/${lang}/error/${encodeURIComponent(messageId)}`,
    },
    instructions: visitorRoute('instructions'),
    news: visitorRoute('news'),
    contact: visitorRoute('contact'),
    faq: visitorRoute('faq'),
    /** How personal data is processed; linked from becomeMember's consent. */
    privacy: visitorRoute('privacy'),
    /** Demo stand-ins (SPEC.md §2). */
    bankID: visitorRoute('bankID'),
    checkCard: visitorRoute('checkCard'),
    /** The attendee's own ticket page, from the ticket e-mail (no sign-in; the door code is the key). */
    ticket: {
      path: '/:lang/ticket/:code',
      getHref: (lang: Lang, code: string) => `/${lang}/ticket/${encodeURIComponent(code)}`,
    },
  },
  admin: {
    /** The office's dashboard. */
    dashboard: adminRoute(),
    login: { path: '/admin/login', getHref: adminLoginHref } satisfies AppRoute<
      [redirect?: string, error?: string]
    >,
    /** Where the work-account sign-in comes back to (a redirect URI registered with the IdP). */
    authCallback: adminRoute('auth-callback'),
    /** Check-in: camera, search, undo, offline. */
    door: adminRoute('door'),
    /** A ticket's QR code opens this at the door. */
    scan: {
      path: '/admin/scan/:externalTicketId',
      getHref: (externalTicketId: string) => `/admin/scan/${encodeURIComponent(externalTicketId)}`,
    } satisfies AppRoute<[externalTicketId: string]>,
    /** List and exports. */
    attendees: adminRoute('attendees'),
    /** Ticket e-mails to all. */
    mailout: adminRoute('mailout'),
    audit: adminRoute('audit'),
    /** Mandate files and answers. */
    autogiro: adminRoute('autogiro'),
    /** One mandate: its history and its signed evidence. */
    autogiroMandate: {
      path: '/admin/autogiro/:mandateId',
      getHref: (mandateId: string) => `/admin/autogiro/${encodeURIComponent(mandateId)}`,
    } satisfies AppRoute<[mandateId: string]>,
    /** The waiting list: offers, pause, offer hours. */
    queue: adminRoute('queue'),
    addManualAttendee: adminRoute('addManualAttendee'),
    sendEmail: adminRoute('sendEmail'),
    /** Who may do what: the office gives staff their roles. */
    staff: adminRoute('staff'),
    /** The concert's facts: date, times, venue, sale window, amounts (issue 38). */
    concert: adminRoute('concert'),
    /** The copy editor (its own remote, copy-admin right). */
    copy: adminRoute('copy'),
  },
} as const;

export type VisitorRoute = keyof typeof paths.visitor;
export type AdminRoute = keyof typeof paths.admin;

/** A route's pattern with a last `/*`: it and everything below it (a mount point of nested routes). */
export const below = (route: { readonly path: string }): string => `${route.path.replace(/\/$/, '')}/*`;
