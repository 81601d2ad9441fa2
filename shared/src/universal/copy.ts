import { COPY_VARIABLES, type Lang } from './constants.js';

const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The texts only staff pages and the server use (the admin console, the copy editor, the e-mails):
 * more than half of the copy. A visitor page's inlined copy leaves them out (backend
 * http/web-apps.ts); the shell loads the whole copy when a staff page needs it.
 */
const STAFF_COPY = /^(?:admin|copyEditor|email)\./;
/** E-mail texts a visitor page shows too: the ticket page's calendar file is titled as the ticket e-mail's. */
const EMAIL_COPY_ON_VISITOR_PAGES: ReadonlySet<string> = new Set(['email.finalTicket.calendarTitle']);
export const isVisitorCopyKey = (key: string): boolean =>
  EMAIL_COPY_ON_VISITOR_PAGES.has(key) || !STAFF_COPY.test(key);

/**
 * Variables supplied at render time by the screens (not from the constants map). One list for
 * the seed copy's checks (backend) and the copy editor's warnings (browser).
 */
export const RUNTIME_COPY_VARIABLES = [
  /** The visitor's or attendee's first name. */
  'firstName',
  /** The visitor's or attendee's last name. */
  'lastName',
  /** An e-mail address entered by the visitor or admin. */
  'email',
  /** A monthly amount, formatted with currency. */
  'amount',
  /** The existing member's current monthly donation, formatted with currency. */
  'currentAmount',
  /** The new monthly donation (current amount + raise), formatted with currency. */
  'monthlyTotal',
  /** The lowest allowed new monthly donation (current amount + minimum raise), formatted with currency. */
  'lowestAmount',
  /** An identifier: an error message id on the error page, a variable name in the copy editor. */
  'id',
  /** Minutes left of the ticket hold (two digits). */
  'minutes',
  /** Seconds left of the ticket hold (two digits). */
  'seconds',
  /** The attendee's own ticket page (the ticket e-mail links it). */
  'ticketUrl',
  /** The contact form: what the visitor wrote, their address and language (in the mail to the organisation). */
  'contactMessage',
  'senderEmail',
  'senderLang',
  /** How many tickets are left (exact up to 10, else a round number below it: ticketsLeftShown). */
  'ticketsLeft',
  /** When a ticket was already scanned (formatted date and time). */
  'scannedAt',
  /** A count shown in a list (e.g. matching texts in the copy editor). */
  'count',
  /** The total a count is out of. */
  'total',
  /** The bounds a number must keep (the concert's form). */
  'min',
  'max',
  /** Whole days left (the dashboard's countdown to the concert's doors). */
  'days',
  /** A year (the concert a new one is copied from). */
  'year',
  /** A ticket id / ticket code. */
  'ticketId',
  /** When a copy text was changed (formatted date and time). */
  'changedAt',
  /** Who changed a copy text. */
  'changedBy',
  /** A message returned by the server, shown to admins. */
  'message',
  /** A copy text's key and language, and what in it names another concert (the publish checklist). */
  'textKey',
  'textLang',
  'found',
  /** The link in the queue's confirmation e-mail that confirms the place. */
  'confirmUrl',
  /** Autogiro: the day of the month donations are drawn. */
  'drawDay',
  /** Autogiro: the date of the first draw (formatted). */
  'firstDrawDate',
  /** Autogiro: the first draw the donor was told of before it moved (formatted). */
  'promisedDate',
  /** Autogiro: the organisation's bankgiro number (123-4567). */
  'bankgiro',
  /** Autogiro: Bankgirot's customer number of the organisation. */
  'customerNumber',
  /** Autogiro: a code of Bankgirot (comment code, record type). */
  'code',
  /** Autogiro: a file's name. */
  'fileName',
  /** Autogiro: what kind of file (mandates, answer, payments). */
  'kind',
  /** A line and a position in a file or text. */
  'line',
  'position',
  /** Autogiro: how many records a file's closing record states. */
  'stated',
  /** Autogiro: a payer number. */
  'payerNumber',
  /** Autogiro: how many mandates an answer file approved, rejected, cancelled or revoked, and how many answers wait for the office. */
  'approved',
  'rejected',
  'cancelled',
  'revoked',
  'discrepancies',
  /** Autogiro: why a discrepancy waits for the office (its text). */
  'reason',
  /** A mandate's state (its label). */
  'state',
  /** Evidence: a line as stored and as signed. */
  'stored',
  'signed',
  /** A date (formatted). */
  'date',
  /** An IP address. */
  'ip',
  /** How many confirmed people wait in the queue. */
  'waiting',
  /** The waiting-list offer's link, and its decline link. */
  'offerUrl',
  'declineUrl',
  /** How many hours an offer's link is valid, and when it ends (formatted date and time). */
  'offerHours',
  'offerDeadline',
  /** A number of hours (the office's offer-hours setting). */
  'hours',
  /** A staff role's name (admin pages). */
  'role',
  /** A formatted date and time (admin pages). */
  'time',
  /** The door: how many are checked in, of how many confirmed tickets. */
  'checkedIn',
  'confirmed',
  /** The door: a door device's name (staff give it, e.g. "Dörr 1"); in a conflict, the device and time of each check-in. */
  'device',
  'firstDevice',
  'at',
  'firstAt',
  /** An attendee's full name (the door). */
  'name',
  /** The ticket's scan address in the ticket e-mail (what its QR code holds). */
  'scanUrl',
  /** A change notice (issue 38): the concert's date, start, venue and city before the office moved it. */
  'oldDate',
  'oldTime',
  'oldVenue',
  'oldCity',
  /** The office (issue 30): an e-mail's subject. */
  'subject',
  /** The audit log's sentences (issue 30): who acted (a name, else the e-mail), an export's format. */
  'staff',
  'format',
  /** A moved ticket (issue 40): its new holder's name (the old holder's e-mail), both holders (its history). */
  'newHolder',
  'from',
  'to',
] as const;

export type RuntimeCopyVariable = (typeof RUNTIME_COPY_VARIABLES)[number];

/**
 * The copy variables the current concert gives every text, by name (issue 38). The server derives
 * their values from the concert the office set (backend modules/concert/copy-variables.ts) and
 * sends them with the status; the pages pass them to `substituteCopy` as `extra`. Names only here:
 * the browser never holds a concert fact of its own.
 */
export const CONCERT_COPY_VARIABLES = [
  'concertDate',
  'swedishDate',
  'englishDate',
  'concertTime',
  'doorsTime',
  'endTime',
  'venue',
  'city',
  'address',
  'ticketEmailDate',
  'minAmount',
  'minRaise',
  'donationStep',
  'holdMinutes',
  'concertYear',
  'sellerName',
  'sellerFee',
  /** Texts stored before issue 38 call the seller's fee so (a running deployment's copy keeps working). */
  'adminFee',
  /** How a ticket is used at the event: the text of ADMISSION_COPY_KEYS for the concert's way in. */
  'admission',
] as const;
export type ConcertCopyVariable = (typeof CONCERT_COPY_VARIABLES)[number];

/**
 * The one story of how you get in (issue 38 §6), by the concert's `admission`: our own door
 * check-in with the QR code, or a ticket seller with its name and fee. Editors word both; every
 * text that tells it says `{{admission}}`, which the server fills with the one that applies.
 */
export const ADMISSION_COPY_KEYS = { door: 'admission.door', seller: 'admission.seller' } as const;

/** Replaces `{{name}}` with the constants of the language, then with `extra` (e.g. firstName). Unknown names stay visible. */
export function substituteCopy(
  text: string,
  lang: Lang,
  extra: Record<string, string | number> = {},
): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (name in extra) return String(extra[name]);
    return COPY_VARIABLES[lang][name] ?? whole;
  });
}

/** A text cut at its variables, in order: plain text, and each `{{name}}` as written with its name (the copy editor marks them). */
export function copyParts(text: string): { text: string; variable?: string }[] {
  const parts: { text: string; variable?: string }[] = [];
  let at = 0;
  for (const m of text.matchAll(VARIABLE)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: m[0], variable: m[1]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The variable names a text uses; the copy editor flags names no one provides. */
export function copyVariablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((m) => m[1]!);
}

/** The variables of a text that neither the constants map of its language, the concert nor a screen provides, each once. */
export function unknownCopyVariables(text: string, lang: Lang): string[] {
  const provided: readonly string[] = [...RUNTIME_COPY_VARIABLES, ...CONCERT_COPY_VARIABLES];
  return [...new Set(copyVariablesIn(text))].filter(
    (name) => !(name in COPY_VARIABLES[lang]) && !provided.includes(name),
  );
}

/**
 * The copy editor's preview of drafts on the real page (`?preview=drafts`): for a signed-in copy
 * admin the shell shows the saved drafts over the published texts, with a banner saying so.
 * Visitors never get drafts (the API gives them to copy admins only).
 */
const COPY_PREVIEW = { param: 'preview', value: 'drafts' } as const;
export const copyPreviewHref = (href: string): string =>
  `${href}${href.includes('?') ? '&' : '?'}${COPY_PREVIEW.param}=${COPY_PREVIEW.value}`;
export const isCopyPreview = (search: string): boolean =>
  new URLSearchParams(search).get(COPY_PREVIEW.param) === COPY_PREVIEW.value;
