import { defineCallables } from '../../callables.js';
import type { AuditService } from './service.js';

/** The audit log for the office. */
export function auditCallables(audit: AuditService) {
  return defineCallables({
    listAudit: async (payload) => audit.list(payload),
  });
}
