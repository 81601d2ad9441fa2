import type { Answers, CopyChange, CopyRow, EmailType, OutboxRow } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import type { Sql } from '../../db/connect.js';
import { AppError, invalidArgument, notFound } from '../../http/errors.js';
import type { StaffMember } from '../../http/staff-auth.js';
import type { ConcertStatusReader } from '../concert/status.js';
import { listCopy } from '../copy/queries.js';
import { enqueueEmail, listOutbox, type EmailVars } from '../outbox/queries.js';
import { ticketScanUrl } from '../tickets/scan-url.js';
import {
  confirmTicketForManualAttendee,
  copyChanges,
  copyKeyExists,
  lockCopyEntry,
  recordCopyChange,
  saveCopyEntry,
  setCopyAdminByEmail,
  scanConfirmedTicket,
  staffIsCopyAdmin,
  type CopyVersion,
} from './queries.js';

const OUTBOX_LIST_LIMIT = 200;
const HISTORY_LIMIT = 200;

/** What staff do: let tickets in at the door, add attendees, queue e-mails, edit the copy, manage the copy-admin right. */
export function createStaffService(deps: {
  sql: Sql;
  capacity: number;
  publicUrl: string;
  concertStatus: ConcertStatusReader;
  /** After a text was saved: pages show it from the next load. */
  onCopyChanged?: () => void;
}) {
  const { sql } = deps;

  /** Idempotent: the first scan is OK, every later one ALREADY_SCANNED with the first scan's time. */
  async function scanTicket(staff: StaffMember, externalTicketId: string): Promise<Answers['scanTicket']> {
    const row = await scanConfirmedTicket(sql, externalTicketId, staff.id);
    if (!row) throw notFound();
    return {
      outcome: row.firstScan ? 'OK' : 'ALREADY_SCANNED',
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      scannedAt: row.scannedAt.toISOString(),
    };
  }

  /** A confirmed ticket for someone staff add by hand; it takes one of the capacity's tickets. */
  async function addManualAttendee(staff: StaffMember, attendee: { firstName: string; lastName: string; email: string }): Promise<Answers['addManualAttendee']> {
    const ticket = await confirmTicketForManualAttendee(sql, deps.capacity, attendee, staff.id);
    if (!ticket) throw new AppError('ABORTED', 'noTicket');
    deps.concertStatus.adjust(1);
    return { attendeeId: ticket.id, externalTicketId: ticket.externalId };
  }

  /** Queues one of the product's e-mails by hand; the ticket e-mail carries the scan URL (its QR code). */
  async function queueEmail(input: { email: string; name: string; emailType: EmailType; ticketId: string; lang: Lang }): Promise<Answers['addEmailToQueue']> {
    const vars: EmailVars = { firstName: input.name, ticketId: input.ticketId };
    if (input.emailType === 'finalTicket') vars.scanUrl = ticketScanUrl(deps.publicUrl, input.ticketId);
    const { id } = await enqueueEmail(sql, { to: input.email, lang: input.lang, type: input.emailType, vars });
    return { id };
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

  async function copyEntries(): Promise<CopyRow[]> {
    return (await listCopy(sql)).map(toCopyRow);
  }

  /**
   * Saves both languages of a key and records the change (who, old and new texts) in the same
   * transaction. With expectedUpdatedAt, a save over a version someone else saved meanwhile is
   * refused (409 ABORTED invalidState) instead of silently overwriting it.
   */
  async function updateCopy(staff: StaffMember, input: { key: string; sv: string; en: string; expectedUpdatedAt?: string }): Promise<CopyRow> {
    const expected = input.expectedUpdatedAt === undefined ? undefined : Date.parse(input.expectedUpdatedAt);
    if (expected !== undefined && Number.isNaN(expected)) throw invalidArgument();
    const saved = await sql.begin(async (tx) => {
      const before = await lockCopyEntry(tx, input.key);
      if (!before) throw notFound();
      if (expected !== undefined && before.updatedAt.getTime() !== expected) throw new AppError('ABORTED', 'invalidState');
      if (before.sv === input.sv && before.en === input.en) return toCopyRow(before);
      const after = await saveCopyEntry(tx, { key: input.key, sv: input.sv, en: input.en }, staff.email);
      await recordCopyChange(tx, before, after, staff.email);
      return toCopyRow(after);
    });
    deps.onCopyChanged?.();
    return saved;
  }

  async function copyHistory(key: string): Promise<CopyChange[]> {
    const changes = await copyChanges(sql, key, HISTORY_LIMIT);
    if (changes.length === 0 && !(await copyKeyExists(sql, key))) throw notFound();
    return changes.map((c) => ({ ...c, changedAt: c.changedAt.toISOString() }));
  }

  /** Reads the right as stored now (a grant or revocation shows at once). */
  async function isCopyAdmin(staff: StaffMember): Promise<Answers['isCopyAdmin']> {
    return { isCopyAdmin: await staffIsCopyAdmin(sql, staff.id) };
  }

  /**
   * Grants or revokes the copy-admin right of a staff member who has signed in at least once
   * (unknown e-mail: 404). A copy admin cannot revoke their own right, so one always remains.
   */
  async function setCopyAdmin(staff: StaffMember, email: string, isCopyAdmin: boolean): Promise<Answers['setCopyAdmin']> {
    const target = email.toLowerCase();
    if (!isCopyAdmin && target === staff.email.toLowerCase()) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    const changed = await setCopyAdminByEmail(sql, target, isCopyAdmin, staff.email);
    if (changed === 0) throw notFound();
    return { email: target, isCopyAdmin };
  }

  return { scanTicket, addManualAttendee, queueEmail, outbox, copyEntries, updateCopy, copyHistory, isCopyAdmin, setCopyAdmin };
}
export type StaffService = ReturnType<typeof createStaffService>;

function toCopyRow(v: CopyVersion): CopyRow {
  return { key: v.key, sv: v.sv, en: v.en, updatedAt: v.updatedAt.toISOString() };
}
