// The list is shared with the office's audit page, which names each action.
export { AUDIT_ACTIONS, type AuditAction } from '@concert/shared/audit-actions';
