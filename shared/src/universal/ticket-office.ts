/**
 * The office's work on one ticket (issue 40 §1–2): cancel it, move it to another person, send
 * its ticket e-mail again. Payload schemas (the transfer form validates with the same one) and
 * answers; api.ts lists them with the rest. All of it is office work (door staff: 403).
 */
import { z } from 'zod';
import { emailSchema, requiredTextSchema } from './schemas.js';

const userAgent = z.string().max(1000).optional();
/** A ticket by its id in the attendee list. */
const attendeeId = z.string().regex(/^\d{1,18}$/, { error: 'invalidState' });

/** The new holder of a moved ticket: the same rules as an attendee added by hand. */
export const transferHolderSchema = z.object({
  firstName: requiredTextSchema('name'),
  lastName: requiredTextSchema('name'),
  email: emailSchema,
});
export type TransferHolder = z.output<typeof transferHolderSchema>;

export const ticketOfficePayloadSchemas = {
  /** The code stops opening the door, the ticket goes back to sale or the waiting list, the holder is told. */
  cancelTicket: z.object({ attendeeId, userAgent }),
  /** A new code for the new holder (who gets the ticket e-mail); the old code is refused; the old holder is told. */
  transferTicket: transferHolderSchema.extend({ attendeeId, userAgent }),
  /** The ticket e-mail again, to the address on the ticket; one waiting to go out is not queued twice. */
  resendTicketEmail: z.object({ attendeeId, userAgent }),
} as const;

export interface TicketOfficeAnswers {
  cancelTicket: { cancelled: true };
  transferTicket: { externalTicketId: string };
  /** `queued: false`: the ticket's e-mail was already waiting to go out (e.g. a double click). */
  resendTicketEmail: { queued: boolean };
}
