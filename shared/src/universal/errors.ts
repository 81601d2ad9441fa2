import type { CopyKey } from './copy-keys.js';

/** The callable envelope's statuses (CONTRACT.md §2) and the HTTP code each one answers with. */
export const STATUS_HTTP = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;
export type ErrorStatus = keyof typeof STATUS_HTTP;

/** Only these mean "try again"; business refusals never use them. */
export const TRANSIENT_STATUSES: readonly ErrorStatus[] = [
  'UNAVAILABLE',
  'DEADLINE_EXCEEDED',
  'RESOURCE_EXHAUSTED',
];

/** Error ids of SPEC.md §8, shown to visitors as /{lang}/error/{id}. */
export const ERROR_IDS = [
  'userExistsWithTicket',
  'invalidTicketSession',
  'underage',
  'registrationFailed',
  'noMembershipFound',
  'invalidPersonalNumber',
  'invalidEmail',
  'ticketExpired',
  'scriveFailed',
  'noTicketId',
  'noPaymentInfo',
  'noPersonId',
  'criticalDataError',
  'invalidPaymentInfo',
  'swedbankPayNoRedirectError',
  'noFirebaseToken',
  'invalidState',
  'timeout',
  'bankIdFailed',
  'bankIDFailed',
  // BankID's own refusals that have a recommended message (RFA4, RFA5): the page shows it.
  'bankIdAlreadyInProgress',
  'bankIdInternalError',
  'unknownError',
  'noTicket',
  'internal',
  'noUserId',
  'notFound',
  'permissionDenied',
  'tooManyRequests',
  'unauthorized_domain',
  'not_copy_admin',
  'offerExpired',
  'offerUsed',
  'offerNotYours',
  // The office's take-back of an Autogiro file (issue 39): Bankgirot has answered it; a later change builds on it.
  'fileAnswered',
  'fileDependedOn',
] as const;
export type ErrorId = (typeof ERROR_IDS)[number];

export function isErrorId(value: unknown): value is ErrorId {
  return typeof value === 'string' && (ERROR_IDS as readonly string[]).includes(value);
}

export interface ErrorBody {
  /** `ref`: on server-side failures (5xx), the request's id (its X-Request-Id and log line), for a report to quote. */
  error: { status: ErrorStatus; message: ErrorId; ref?: string };
}

/**
 * The copy key of an error id's message. BankID's refusals show BankID's own recommended messages
 * word for word (RFA4 for an order already in progress, RFA5 for BankID's internal error or timeout);
 * the staff sign-in refusals have the sign-in page's texts; every other id has a text of the
 * product's own, `error.messages.<id>`.
 */
const OWN_KEYS = {
  bankIdAlreadyInProgress: 'bankId.rfa4',
  bankIdInternalError: 'bankId.rfa5',
  unauthorized_domain: 'admin.login.errors.unauthorizedDomain',
  not_copy_admin: 'admin.login.errors.notCopyAdmin',
} as const satisfies Partial<Record<ErrorId, CopyKey>>;
type IdWithOwnKey = keyof typeof OWN_KEYS;

export function errorMessageKey(id: ErrorId): CopyKey {
  return Object.hasOwn(OWN_KEYS, id)
    ? OWN_KEYS[id as IdWithOwnKey]
    : `error.messages.${id as Exclude<ErrorId, IdWithOwnKey>}`;
}
