import type { Answers, ParsedPayload } from '@concert/shared/api';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { ConcertStatusReader } from '../concert/status.js';
import { enqueueEmail } from '../outbox/queries.js';
import type { StaffMember } from '../staff/identity.js';
import type { DoorCodes } from './door-codes.js';
import { ensureTicketRows, type TicketScope } from './queries/availability.js';
import {
  cancelConfirmedTicket,
  lockOfficeTicket,
  moveConfirmedTicket,
  recordTicketEmail,
  recordTransfer,
  ticketEmailWaiting,
  voidAtTheDoor,
  type OfficeTicket,
} from './queries/office.js';

/**
 * A ticket the office may act on: confirmed, not cancelled, nobody let in on it yet (a ticket
 * used at the door is not cancelled or moved). Unknown: 404; anything else: 400 invalidState,
 * a clear refusal (cancelling twice, moving a cancelled ticket).
 */
async function standingTicket(tx: Queryable, attendeeId: string): Promise<OfficeTicket> {
  const ticket = await lockOfficeTicket(tx, attendeeId);
  if (!ticket) throw notFound();
  if (!ticket.confirmed || ticket.cancelled || ticket.scannedAt)
    throw new AppError('FAILED_PRECONDITION', 'invalidState');
  return ticket;
}

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

/**
 * The office's work on one ticket (issue 40 §1–2): "I can't come" (cancel), "give it to my
 * friend" (move), "I never got it" (the ticket e-mail again). Each in one transaction with its
 * audit row, its e-mails (they leave with the commit) and its note to the door's devices.
 */
export function createTicketOffice(deps: {
  sql: Sql;
  /** The current concert's ticket rows (a getter): the freed place's new row is made among them. */
  readonly scope: TicketScope;
  status: ConcertStatusReader;
  doorCodes: Pick<DoorCodes, 'mint'>;
  /** After a cancel commits: the waiting list's sweep offers the freed ticket to the next person. */
  offerFreedTickets?: () => Promise<unknown>;
  /** A sweep that failed here; the sweeper's timer tries again. */
  onSweepError?: (err: unknown) => void;
}) {
  const { sql } = deps;

  async function cancelTicket(
    staff: StaffMember,
    { attendeeId }: ParsedPayload<'cancelTicket'>,
  ): Promise<Answers['cancelTicket']> {
    await sql.begin(async (tx) => {
      const ticket = await standingTicket(tx, attendeeId);
      await cancelConfirmedTicket(tx, ticket.id, staff.id);
      // Its place number is free: a new row goes back to the sale (or the waiting list first).
      await ensureTicketRows(tx, deps.scope);
      await voidAtTheDoor(tx, ticket.id, staff.id);
      await recordAudit(tx, { staffId: staff.id, action: 'tickets.cancel', subject: ticket.id });
      if (ticket.email)
        await enqueueEmail(tx, {
          to: ticket.email,
          lang: ticket.lang,
          type: 'ticketCancelled',
          vars: { firstName: ticket.firstName ?? '' },
          dedupeKey: `ticketCancelled:${ticket.id}`,
        });
    });
    // Counted again, not adjusted: while people wait the freed ticket is theirs.
    deps.status.invalidate();
    await deps.offerFreedTickets?.().catch((err: unknown) => deps.onSweepError?.(err));
    return { cancelled: true };
  }

  async function transferTicket(
    staff: StaffMember,
    { attendeeId, firstName, lastName, email }: ParsedPayload<'transferTicket'>,
  ): Promise<Answers['transferTicket']> {
    const code = deps.doorCodes.mint();
    await sql.begin(async (tx) => {
      const ticket = await standingTicket(tx, attendeeId);
      await moveConfirmedTicket(tx, ticket.id, { firstName, lastName, email }, code);
      await voidAtTheDoor(tx, ticket.id, staff.id);
      const transferId = await recordTransfer(tx, {
        ticketId: ticket.id,
        staffId: staff.id,
        from: ticket,
        to: { firstName, lastName },
      });
      // Ids only: the names are in ticket_transfers, erased with the sale's data.
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'tickets.transfer',
        subject: ticket.id,
        after: { transfer: transferId },
      });
      // The new holder's ticket e-mail, with the new code as the ticket keeps it (hash and seal).
      const { id: outboxId } = await enqueueEmail(tx, {
        to: email,
        lang: ticket.lang,
        type: 'finalTicket',
        vars: { firstName, doorCodeHash: code.hash, doorCodeSealed: code.sealed },
        dedupeKey: `ticketTransfer:${transferId}`,
      });
      await recordTicketEmail(tx, ticket.id, outboxId);
      if (ticket.email)
        await enqueueEmail(tx, {
          to: ticket.email,
          lang: ticket.lang,
          type: 'ticketMoved',
          vars: { firstName: ticket.firstName ?? '', newHolder: fullName({ firstName, lastName }) },
          dedupeKey: `ticketMoved:${transferId}`,
        });
    });
    return { externalTicketId: code.code };
  }

  /**
   * The ticket e-mail again, to the address on the ticket. While one is waiting to go out (a
   * double click, a second office), nothing more is queued: `queued: false`.
   */
  async function resendTicketEmail(
    staff: StaffMember,
    { attendeeId }: ParsedPayload<'resendTicketEmail'>,
  ): Promise<Answers['resendTicketEmail']> {
    return sql.begin(async (tx) => {
      const ticket = await lockOfficeTicket(tx, attendeeId);
      if (!ticket) throw notFound();
      if (!ticket.confirmed || !ticket.email || !ticket.doorCodeHash || !ticket.doorCodeSealed)
        throw new AppError('FAILED_PRECONDITION', 'invalidState');
      if (await ticketEmailWaiting(tx, ticket.id)) return { queued: false };
      const { id: outboxId } = await enqueueEmail(tx, {
        to: ticket.email,
        lang: ticket.lang,
        type: 'finalTicket',
        vars: {
          firstName: ticket.firstName ?? '',
          doorCodeHash: ticket.doorCodeHash,
          doorCodeSealed: ticket.doorCodeSealed,
        },
      });
      await recordTicketEmail(tx, ticket.id, outboxId);
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'tickets.resendEmail',
        subject: ticket.id,
        after: { email: outboxId },
      });
      return { queued: true };
    });
  }

  return { cancelTicket, transferTicket, resendTicketEmail };
}
export type TicketOffice = ReturnType<typeof createTicketOffice>;
