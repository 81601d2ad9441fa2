import type { useCopy } from '@concert/shared/browser';
import type { CopyKey } from '@concert/shared/universal';

/** The audit actions the copy names; an action added later shows as its id until it has a text. */
const LABELS = new Map<string, CopyKey>(
  (
    [
      'staff.signIn',
      'staff.setRole',
      'staff.setCopyAdmin',
      'checkIn.scan',
      'tickets.addManualAttendee',
      'outbox.addEmail',
      'copy.update',
      'export.download',
      'mailout.schedule',
      'mailout.cancel',
      'mailout.retry',
      'retention.erase',
      'checkIn.undo',
      'checkIn.offline',
      'checkIn.conflict',
      'checkIn.registerDevice',
      'queue.offerSent',
      'queue.paused',
      'queue.resumed',
      'queue.offerHoursSet',
    ] as const
  ).map((action) => [action, `admin.audit.actions.${action}` as const]),
);

export function auditActionLabel(t: ReturnType<typeof useCopy>, action: string): string {
  const key = LABELS.get(action);
  return key ? t(key) : action;
}
