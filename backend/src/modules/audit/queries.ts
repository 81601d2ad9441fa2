import type { Queryable } from '../../db/connect.js';
import type { AuditAction } from './actions.js';

/** JSON the log keeps as before/after: ids, states, counts, never a donor's personal data. */
export type AuditFacts = Record<string, string | number | boolean | null>;

export interface AuditEntry {
  /** The staff member who acted; null for what the system did by itself (e.g. scheduled erasure). */
  staffId: string | null;
  action: AuditAction;
  /** What it was done to: a ticket id, a copy key, a file id, a staff e-mail. */
  subject?: string | null;
  before?: AuditFacts | null;
  after?: AuditFacts | null;
}

/** Appends one row to the audit log; pass the action's transaction so both commit together. */
export async function recordAudit(sql: Queryable, entry: AuditEntry): Promise<void> {
  await sql`
    INSERT INTO audit_log (staff_id, action, subject, before, after)
    VALUES (${entry.staffId}, ${entry.action}, ${entry.subject ?? null}, ${json(entry.before)}::text::jsonb, ${json(entry.after)}::text::jsonb)`;
}

const json = (facts: AuditFacts | null | undefined): string | null => (facts ? JSON.stringify(facts) : null);
