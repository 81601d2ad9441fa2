import type { useCopy } from '@concert/shared/browser';
import { isAuditAction } from '@concert/shared/audit-actions';

/** An audit action's name in the page's language; an unknown one (from a newer server) shows as its id. */
export function auditActionLabel(t: ReturnType<typeof useCopy>, action: string): string {
  return isAuditAction(action) ? t(`admin.audit.actions.${action}`) : action;
}
