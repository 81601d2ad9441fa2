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
] as const;
export type ErrorId = (typeof ERROR_IDS)[number];

export function isErrorId(value: unknown): value is ErrorId {
  return typeof value === 'string' && (ERROR_IDS as readonly string[]).includes(value);
}

export interface ErrorBody {
  /** `ref`: on server-side failures (5xx), the request's id (its X-Request-Id and log line), for a report to quote. */
  error: { status: ErrorStatus; message: ErrorId; ref?: string };
}
