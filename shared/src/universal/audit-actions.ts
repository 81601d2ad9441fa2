/**
 * Every kind of staff action the audit log records (`<domain>.<verb>`), one list for the API
 * that writes them and the office's page that names them (each has a copy key
 * `admin.audit.actions.<action>`). A new staff action adds its name here.
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
  'mandates.revoke',
  'mandates.sendAgain',
  'mandates.takeBackFile',
  'mandates.resolveDiscrepancy',
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
  'mailout.test',
  'retention.erase',
  // Issue 30 point 9 (security)
  'staff.signOut',
  // Issue 30 point 7 (drafts of the copy)
  'copy.draftSave',
  'copy.draftDiscard',
  // Issue 38 (the concert as data)
  'concert.save',
  'concert.copy',
  'concert.publish',
  // Issue 40 §1–2 (the office cancels, moves and re-sends tickets)
  'tickets.cancel',
  'tickets.transfer',
  'tickets.resendEmail',
  // Issue 40 §3 (invitations before the first sign-in)
  'staff.invite',
  'staff.withdrawInvitation',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}
