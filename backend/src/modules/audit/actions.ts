/**
 * Every kind of staff action the audit log records (one word per action, `<domain>.<verb>`).
 * A new staff action adds its name here, so the log's reader can list and filter them all.
 */
export const AUDIT_ACTIONS = [
  'staff.signIn',
  'staff.setRole',
  'staff.setCopyAdmin',
  'checkIn.scan',
  'tickets.addManualAttendee',
  'outbox.addEmail',
  'copy.update',
  'mandates.writeMandateFile',
  'mandates.readAnswerFile',
  'mandates.writePaymentFile',
  'mandates.downloadFile',
  'mandates.standInAnswer',
  'mandates.view',
  'checkIn.undo',
  'checkIn.offline',
  'checkIn.conflict',
  'checkIn.registerDevice',
  'queue.offerSent',
  'queue.paused',
  'queue.resumed',
  'queue.offerHoursSet',
  'export.download',
  'mailout.schedule',
  'mailout.cancel',
  'mailout.retry',
  'retention.erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
