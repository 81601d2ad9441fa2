import type { Answers, EmailType, OutboxRow } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import type { Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import type { DoorCodes } from '../tickets/door-codes.js';
import { confirmedTicketEmail } from '../tickets/queries/confirmation.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { enqueueEmail, listOutbox, type EmailVars } from './queries.js';
import { sealedDoorCodeVars } from './door-code-vars.js';
import type { PersonalDataProtector } from '../../privacy/personal-data.js';

const OUTBOX_LIST_LIMIT = 200;

/** What staff do with the e-mails: queue one by hand, see what was sent and what failed. */
export function createOutboxService({
  sql,
  mandateVars,
  doorCodes,
  protector,
}: {
  sql: Sql;
  doorCodes: Pick<DoorCodes, 'hash'>;
  protector: Pick<PersonalDataProtector, 'doorCodeHash' | 'seal'>;
  /** What a confirmation e-mail states about the mandate behind a ticket (mandates module). */
  mandateVars?: (externalTicketId: string, lang: Lang) => Promise<Record<string, string> | undefined>;
}) {
  /** Queues one of the product's e-mails by hand; the ticket e-mail carries the scan URL (its QR code). */
  async function queueEmail(
    staff: StaffMember,
    input: { email: string; name: string; emailType: EmailType; ticketId: string; lang: Lang },
  ): Promise<Answers['addEmailToQueue']> {
    // The ticket e-mail opens the door: only for a confirmed ticket, and only to the address on it.
    if (input.emailType === 'finalTicket') {
      const holder = await confirmedTicketEmail(sql, doorCodes.hash(input.ticketId));
      if (!holder) throw new AppError('NOT_FOUND', 'notFound');
      if (holder.toLowerCase() !== input.email.trim().toLowerCase())
        throw new AppError('FAILED_PRECONDITION', 'invalidState');
    }
    // The code hashed and sealed, never plain in the outbox (door-code-vars.ts); the worker opens it.
    const vars: EmailVars = { firstName: input.name, ...sealedDoorCodeVars(protector, input.ticketId) };
    if (input.emailType === 'registeredNew' || input.emailType === 'registeredMember')
      Object.assign(vars, await mandateVars?.(input.ticketId, input.lang));
    return sql.begin(async (tx) => {
      const { id } = await enqueueEmail(tx, {
        to: input.email,
        lang: input.lang,
        type: input.emailType,
        vars,
      });
      // The e-mail's id and type, not its address: the outbox row says to whom until it is erased.
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'outbox.addEmail',
        subject: id,
        after: { emailType: input.emailType, lang: input.lang },
      });
      return { id };
    });
  }

  async function outbox(): Promise<OutboxRow[]> {
    const rows = await listOutbox(sql, OUTBOX_LIST_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      toEmail: r.toEmail,
      lang: r.lang,
      emailType: r.emailType,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  return { queueEmail, outbox };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
