import type { useCopy } from '@concert/shared/browser';
import {
  formatStaffDateTime,
  formatStaffTime,
  sameStaffDay,
  STAFF_ROLES,
  type AuditRow,
  type StaffRole,
} from '@concert/shared/api';
import { isAuditAction } from '@concert/shared/audit-actions';

type Translate = ReturnType<typeof useCopy>;

/** An audit action's name in the page's language; an unknown one (from a newer server) shows as its id. */
export function auditActionLabel(t: Translate, action: string): string {
  return isAuditAction(action) ? t(`admin.audit.actions.${action}`) : action;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** Actions whose subject is a person's record (a ticket, a mandate, a queue offer): no name means it was erased. */
const ABOUT_A_PERSON = new Set([
  'checkIn.scan',
  'checkIn.undo',
  'checkIn.offline',
  'checkIn.conflict',
  'tickets.addManualAttendee',
  'mandates.view',
  'mandates.revoke',
  'queue.offerSent',
]);

/**
 * An audit row as a sentence in the page's language, names instead of ids and Stockholm's time
 * ("Anna Berg checkade in Kim Kö 19:42"; the date too when it was not today): who (the staff
 * member's name, else the e-mail, else "the system"), what, to whom or what, and the facts the
 * sentence names (a role, a count, a file, an export's kind and format).
 */
export function auditSentence(t: Translate, row: AuditRow, now: Date = new Date()): string {
  const after = row.after ?? {};
  const time = sameStaffDay(row.at, now) ? formatStaffTime(row.at) : formatStaffDateTime(row.at);
  const staff = row.staffName ?? row.staff ?? t('admin.audit.system');
  if (!isAuditAction(row.action))
    return t('admin.audit.sentences.other', { staff, message: row.action, time });
  const name =
    row.subjectName ??
    (ABOUT_A_PERSON.has(row.action) ? t('admin.audit.erasedName') : (text(after.label) ?? row.subject ?? ''));
  const givenRole = STAFF_ROLES.find((r: StaffRole) => r === after.role);
  const role = t(givenRole ? `admin.staff.roles.${givenRole}` : 'admin.staff.roles.none');
  const kind =
    row.action === 'export.download' &&
    (row.subject === 'attendees' || row.subject === 'donations' || row.subject === 'queue')
      ? t(`admin.exports.sheets.${row.subject}`)
      : (row.subject ?? '');
  const sendAt = text(after.sendAt);
  const date = !sendAt || sendAt === 'now' ? t('admin.audit.sendNow') : formatStaffDateTime(sendAt);
  return t(`admin.audit.sentences.${row.action}`, {
    staff,
    name,
    time,
    role,
    kind,
    date,
    format: (text(after.format) ?? '').toUpperCase(),
    count: text(after.rows) ?? text(after.retried) ?? text(after.mandates) ?? '0',
    fileName: text(after.fileName) ?? '',
    hours: text(after.offerHours) ?? '',
  });
}
