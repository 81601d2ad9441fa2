import QRCode from 'qrcode';
import { payloadSchemas, type Answers } from '@concert/shared/api';
import type { PaintedTicket } from '@concert/shared/first-paint';
import type { Callables } from '../callables.js';
import { AppError } from '../errors.js';
import { rateLimitAddressKey, type RateLimiter } from './rate-limit.js';

/**
 * The confirmed ticket of a ticket page's door code, as getTicket answers it, for the page's
 * first paint; counted against the same limit per address as getTicket (a script guessing codes
 * gets unpainted pages). Null: no such ticket, a malformed code, over the limit.
 */
export function ticketPageReader(
  getTicket: Callables['getTicket'],
  perAddress: RateLimiter,
): ((code: string, address: string) => Promise<Answers['getTicket'] | null>) | undefined {
  if (!getTicket) return undefined;
  return async (code, address) => {
    const payload = payloadSchemas.getTicket.safeParse({ code });
    if (!payload.success) return null;
    if (!(await perAddress.take(rateLimitAddressKey(address))).allowed) return null;
    try {
      return await getTicket(payload.data, { callerId: '', ip: address });
    } catch (err) {
      if (err instanceof AppError && err.status === 'NOT_FOUND') return null;
      throw err;
    }
  };
}

/**
 * A confirmed ticket as its page is painted (issue 40 §6): the QR code of its scan address as an
 * SVG the server draws with its QR library (the same error correction and quiet zone as the app's
 * QR code), so the code shows before any script has loaded, and without one.
 */
export async function paintedTicket(ticket: Answers['getTicket']): Promise<PaintedTicket> {
  return {
    firstName: ticket.firstName,
    lastName: ticket.lastName,
    code: ticket.code,
    qrSvg: await ticketQrSvg(ticket.scanUrl),
    copyVariables: ticket.copyVariables,
  };
}

/** The QR code of `text` as the qrcode library writes it as SVG. */
export function ticketQrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
}
