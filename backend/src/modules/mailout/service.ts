import type { MailoutPreview, MailoutState } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import type { DoorCodes } from '../tickets/door-codes.js';
import { ticketScanUrl } from '../tickets/scan-url.js';
import { enqueueEmail } from '../outbox/queries.js';
import { renderEmail } from '../outbox/templates.js';
import {
  cancelMailout,
  mailout,
  mailoutFailures,
  mailoutProgress,
  mailoutRecipients,
  queueTicketEmails,
  releaseDueMailout,
  retryMailoutFailures,
  scheduleMailout,
} from './queries.js';

/** Ticket e-mails put into the outbox per statement when the mail-out goes. */
const QUEUE_BATCH = 500;
const FAILURES_SHOWN = 50;
/** How far ahead a mail-out may be scheduled. */
const MAX_AHEAD_MS = 366 * 86_400_000;
/** The code in a preview and a test mail: no ticket has it, so the door answers "unknown". */
export const SAMPLE_TICKET_CODE = 'TEST-EJ-GILTIG';

/**
 * The ticket mail-out: the ticket e-mail (code, QR, link, calendar file) to every confirmed
 * attendee, now or at a scheduled time, exactly once per ticket however often it is pressed,
 * however many processes run the scheduler and whenever one restarts (mailout/queries.ts).
 * Tickets confirmed after it went out get theirs at once (`ticketConfirmed`, called in the
 * confirming transaction) and, should a path of confirmation not call it, on the next tick.
 */
export function createMailoutService(deps: {
  sql: Sql;
  /** The current concert (a getter; 0: none published): its own mail-out. */
  concertId: number;
  publicUrl: string;
  /** Door codes at rest: the e-mail's code is opened from the sealed copy. */
  doorCodes: Pick<DoorCodes, 'hash' | 'open'>;
  now?: () => Date;
}) {
  const { sql, publicUrl, doorCodes } = deps;
  const now = deps.now ?? (() => new Date());
  const scanUrlPrefix = ticketScanUrl(publicUrl, '');
  const concertId = () => deps.concertId;
  /** A mail-out is scheduled for the published concert only. */
  const publishedConcertId = () => {
    if (!deps.concertId) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    return deps.concertId;
  };

  async function state(): Promise<MailoutState> {
    const [row, progress, failures] = await Promise.all([
      mailout(sql, concertId()),
      mailoutProgress(sql, concertId()),
      mailoutFailures(sql, FAILURES_SHOWN, concertId()),
    ]);
    // Attendees whose e-mail is not in the outbox yet (all of them before it goes out).
    const notQueued = Math.max(0, progress.attendees - progress.sent - progress.inOutbox - progress.failed);
    return {
      sendAt: row?.sendAt.toISOString() ?? null,
      scheduledBy: row?.scheduledBy ?? null,
      releasedAt: row?.releasedAt?.toISOString() ?? null,
      attendees: progress.attendees,
      sent: progress.sent,
      waiting: progress.inOutbox + notQueued,
      failed: progress.failed,
      failures,
    };
  }

  async function schedule(staff: StaffMember, sendAtIso: string | undefined): Promise<MailoutState> {
    const sendAt = sendAtIso ? new Date(sendAtIso) : null;
    if (sendAt && sendAt.getTime() > now().getTime() + MAX_AHEAD_MS)
      throw new AppError('INVALID_ARGUMENT', 'invalidState');
    await sql.begin(async (tx) => {
      const { before, changed } = await scheduleMailout(tx, sendAt, staff.id, publishedConcertId());
      if (changed) {
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'mailout.schedule',
          before: before ? { sendAt: before.sendAt.toISOString() } : null,
          after: { sendAt: sendAt?.toISOString() ?? 'now' },
        });
      }
    });
    // "Now" goes out at once rather than on the next tick.
    if (!sendAt || sendAt.getTime() <= now().getTime()) await tick();
    return state();
  }

  async function cancel(staff: StaffMember): Promise<MailoutState> {
    await sql.begin(async (tx) => {
      const cancelled = await cancelMailout(tx, concertId());
      if (cancelled)
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'mailout.cancel',
          before: { sendAt: cancelled.toISOString() },
        });
    });
    return state();
  }

  async function retry(staff: StaffMember): Promise<MailoutState & { retried: number }> {
    const retried = await sql.begin(async (tx) => {
      const count = await retryMailoutFailures(tx, concertId());
      await recordAudit(tx, { staffId: staff.id, action: 'mailout.retry', after: { retried: count } });
      return count;
    });
    return { ...(await state()), retried };
  }

  /**
   * The scheduler's work: releases a due mail-out and queues the ticket e-mails not yet queued,
   * in batches (also those of tickets confirmed since). Safe to run in every process at once.
   */
  async function tick(): Promise<number> {
    await releaseDueMailout(sql);
    let queued = 0;
    for (;;) {
      const n = await sql.begin((tx) => queueTicketEmails(tx, QUEUE_BATCH));
      queued += n;
      if (n < QUEUE_BATCH) return queued;
    }
  }

  /** In the transaction that confirms a ticket: after the mail-out, its e-mail goes at once. */
  async function ticketConfirmed(tx: Queryable, externalTicketId: string): Promise<void> {
    await queueTicketEmails(tx, 1, doorCodes.hash(externalTicketId));
  }

  /** The ticket e-mail as the first recipient would read it, with a code that opens no door. */
  function sampleVars(firstName: string | null | undefined) {
    return {
      firstName: firstName ?? '',
      ticketId: SAMPLE_TICKET_CODE,
      scanUrl: scanUrlPrefix + SAMPLE_TICKET_CODE,
    };
  }

  /** What pressing send would do now: whom it reaches, and the mail they get. */
  async function preview(staff: StaffMember, lang: Lang): Promise<MailoutPreview> {
    const recipients = await mailoutRecipients(sql, concertId());
    const mail = await renderEmail(sql, {
      type: 'finalTicket',
      lang,
      vars: sampleVars(recipients.firstName),
      to: staff.email,
      publicUrl,
    });
    let html = mail.html;
    // The frame cannot resolve cid: references: the inline images go in as data: URLs.
    for (const image of mail.attachments) {
      if (!image.cid) continue;
      const data = Buffer.isBuffer(image.content) ? image.content : Buffer.from(image.content);
      html = html
        .split(`cid:${image.cid}`)
        .join(`data:${image.contentType};base64,${data.toString('base64')}`);
    }
    return {
      recipients: recipients.count,
      subject: mail.subject,
      html,
      text: mail.text,
      testTo: staff.email,
    };
  }

  /** The ticket e-mail to the calling staff member alone (never to an attendee), audited. */
  async function sendTest(staff: StaffMember, lang: Lang): Promise<{ to: string }> {
    const { firstName } = await mailoutRecipients(sql, concertId());
    await sql.begin(async (tx) => {
      const { id } = await enqueueEmail(tx, {
        to: staff.email,
        lang,
        type: 'finalTicket',
        vars: sampleVars(firstName),
      });
      await recordAudit(tx, { staffId: staff.id, action: 'mailout.test', subject: id, after: { lang } });
    });
    return { to: staff.email };
  }

  return { state, schedule, cancel, retry, tick, ticketConfirmed, preview, sendTest };
}
export type MailoutService = ReturnType<typeof createMailoutService>;
