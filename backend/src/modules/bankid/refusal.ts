/** How a BankID call or a completed sign is refused, and what the visitor is told. */
import { AppError } from '../../errors.js';

export type ApplyRefusal =
  'ticketExpired' | 'registrationFailed' | 'noMembershipFound' | 'userExistsWithTicket';

/** A completed sign that cannot be applied: what it wrote is undone, the refusal is recorded and shown. */
export class SignRefused extends Error {
  constructor(readonly refusal: ApplyRefusal) {
    super(refusal);
  }
}

export const REFUSAL_STATUS: Record<ApplyRefusal, AppError['status']> = {
  ticketExpired: 'ABORTED',
  registrationFailed: 'ALREADY_EXISTS',
  noMembershipFound: 'NOT_FOUND',
  userExistsWithTicket: 'ALREADY_EXISTS',
};

/**
 * What the visitor is told when BankID refuses a call, as BankID's guidelines say (RFA numbers):
 * - maintenance (503): BankID may be retried → UNAVAILABLE, which the client retries; no answer
 *   at all (network, our timeout) too: nothing reached BankID, or a collect, which is harmless;
 * - alreadyInProgress: RFA4, not retried (BankID has cancelled both orders; the visitor starts again);
 * - requestTimeout, internalError: RFA5, must not be retried automatically;
 * - invalidParameters, unauthorized, notFound, methodNotAllowed, unsupportedMediaType and an
 *   answer we could not read: our own fault, not shown as a BankID error → internal;
 * - an error code BankID added later: RFA22 (bankIdFailed).
 */
export function bankIdRefusal(err: unknown): AppError {
  switch ((err as { errorCode?: string }).errorCode) {
    case 'maintenance':
    case 'unreachable':
      return new AppError('UNAVAILABLE', 'timeout', { 'Retry-After': '3' });
    case 'alreadyInProgress':
      return new AppError('ABORTED', 'bankIdAlreadyInProgress');
    case 'requestTimeout':
    case 'internalError':
      return new AppError('INTERNAL', 'bankIdInternalError');
    case 'invalidParameters':
    case 'unauthorized':
    case 'notFound':
    case 'methodNotAllowed':
    case 'unsupportedMediaType':
    case 'invalidResponse':
      return new AppError('INTERNAL', 'internal');
    default:
      return new AppError('FAILED_PRECONDITION', 'bankIdFailed');
  }
}
