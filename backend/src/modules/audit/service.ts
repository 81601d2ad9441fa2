import type { AuditPage, ParsedPayload } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { AUDIT_ACTIONS } from './actions.js';
import { auditPage } from './queries.js';

/** The office reads the audit log: who did what, when, to what; searchable, a page at a time. */
export function createAuditService({ sql }: { sql: Sql }) {
  async function list(p: ParsedPayload<'listAudit'>): Promise<AuditPage> {
    if (p.cursor !== undefined && !/^\d{1,18}$/.test(p.cursor))
      throw new AppError('INVALID_ARGUMENT', 'invalidState');
    const rows = await auditPage(
      sql,
      {
        action: p.action || undefined,
        staff: p.staff || undefined,
        subject: p.subject || undefined,
        from: p.from ? new Date(p.from) : undefined,
        to: p.to ? new Date(p.to) : undefined,
        beforeId: p.cursor,
      },
      p.limit,
    );
    const page = rows.slice(0, p.limit);
    return {
      rows: page.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        staff: r.staff,
        staffName: r.staffName,
        action: r.action,
        subjectName: r.subjectName,
        subject: r.subject,
        before: r.before,
        after: r.after,
      })),
      nextCursor: rows.length > p.limit ? page.at(-1)!.id : null,
      actions: [...AUDIT_ACTIONS],
    };
  }
  return { list };
}
export type AuditService = ReturnType<typeof createAuditService>;
