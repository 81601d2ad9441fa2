/**
 * Business constants (SPEC.md §9) that are the organisation's, not a concert's. The concert's
 * facts (date, venue, times, amounts, hold) are data the office sets (issue 38): the server
 * derives their copy variables from the current concert (CONCERT_COPY_VARIABLES in concert.ts)
 * and sends them with the status. The administration fee: 15 kr (the main texts) rather than
 * the old FAQ's 5 kr.
 */
export const MIN_AGE = 18;
export const GUARDIAN_CONSENT_BELOW_AGE = 16;
/** HOLD_MINUTES' default: the first concert's hold until the office sets another. */
export const HOLD_MINUTES_DEFAULT = 15;
/** More time for BankID (WCAG 2.2.1): offered when less than this is left of the hold … */
export const HOLD_EXTENSION_OFFER_SECONDS = 60;
/** … adds this much … */
export const HOLD_EXTENSION_MINUTES = 5;
/** … at most this many times, so a hold never outlives HOLD_MINUTES + 2 × 5 minutes. */
export const HOLD_EXTENSIONS_MAX = 2;
/** How long the link that confirms a place in the queue is valid. */
export const QUEUE_CONFIRM_HOURS = 48;
/** How long a waiting-list offer's link is valid by default (QUEUE_OFFER_HOURS; the office can change it). */
export const QUEUE_OFFER_HOURS_DEFAULT = 4;

export const RETRY_WAITS_MS = [3000, 5000] as const;
export const SLOW_REQUEST_MS = 8000;
export const BANKID_POLL_MS = 2000;
export const BANKID_TIMEOUT_MS = 180_000;
export const BANK_ACCOUNT_POLL_MS = 1000;
export const COPY_SAVE_POPUP_MS = 3000;
/** SPEC.md §9: a QR code is shown at 268 px (the app's QrCode, and the ticket page the server paints). */
export const QR_SIZE_PX = 268;

export const SUPPORT = {
  email: 'medlem@org.example',
  phone: '08-123 456 00',
  phoneOrderUntil: '18:00',
} as const;

/** `08-123 456 00` → `tel:+46812345600`: a tap on a phone calls it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, '').replace(/^0/, '+46')}`;
}

export const LANGS = ['sv', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'sv';

/** The organisation's variables every copy text may use, per language (the concert's come from the server). */
export const COPY_VARIABLES: Record<Lang, Record<string, string>> = {
  sv: {
    orgName: 'Rättighetsrörelsen',
    phoneOrderUntil: SUPPORT.phoneOrderUntil,
    supportEmail: SUPPORT.email,
    supportPhone: SUPPORT.phone,
    supportHours: 'mån–tis 10.00–15.00 (lunchstängt 12.00–13.00), ons–fre 10.00–12.00',
    minAge: String(MIN_AGE),
    guardianAge: String(GUARDIAN_CONSENT_BELOW_AGE),
    holdExtensionMinutes: String(HOLD_EXTENSION_MINUTES),
    queueConfirmHours: String(QUEUE_CONFIRM_HOURS),
  },
  en: {
    orgName: 'The Rights Movement',
    phoneOrderUntil: SUPPORT.phoneOrderUntil,
    supportEmail: SUPPORT.email,
    supportPhone: SUPPORT.phone,
    supportHours: 'Mon–Tue 10:00–15:00 (closed for lunch 12:00–13:00), Wed–Fri 10:00–12:00',
    minAge: String(MIN_AGE),
    guardianAge: String(GUARDIAN_CONSENT_BELOW_AGE),
    holdExtensionMinutes: String(HOLD_EXTENSION_MINUTES),
    queueConfirmHours: String(QUEUE_CONFIRM_HOURS),
  },
};

/** How long a session's proof-of-work challenge may be solved and spent (its expiry is signed into it). */
export const CHALLENGE_TTL_MS = 10 * 60_000;
