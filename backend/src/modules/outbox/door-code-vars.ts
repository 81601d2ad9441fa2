import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import { ticketScanUrl } from '../tickets/scan-url.js';
import type { EmailVars } from './queries.js';

/**
 * Door codes never plain in an outbox row (issue 39 §11): an e-mail that carries a ticket's code
 * stores it as the ticket does, its keyed hash and sealed copy (`doorCodeHash`, `doorCodeSealed`),
 * and the worker opens it into `ticketId` and `scanUrl` only to render; once sent, the row's
 * variables are cleared (markSent). A copy of the outbox opens no door.
 */
export function sealedDoorCodeVars(
  protector: Pick<PersonalDataProtector, 'doorCodeHash' | 'seal'>,
  code: string,
): { doorCodeHash: string; doorCodeSealed: string } {
  const doorCodeHash = protector.doorCodeHash(code);
  return { doorCodeHash, doorCodeSealed: protector.seal(code, SEALED_AT.doorCode(doorCodeHash)) };
}

/** The variables to render with: a sealed door code opened into `ticketId` and its `scanUrl`; others as they are. */
export function openDoorCodeVars(
  protector: Pick<PersonalDataProtector, 'unseal'>,
  publicUrl: string,
  vars: EmailVars,
): EmailVars {
  const { doorCodeHash, doorCodeSealed, ...rest } = vars;
  if (typeof doorCodeHash !== 'string' || typeof doorCodeSealed !== 'string') return vars;
  const code = protector.unseal(doorCodeSealed, SEALED_AT.doorCode(doorCodeHash));
  return { ...rest, ticketId: code, scanUrl: ticketScanUrl(publicUrl, code) };
}
