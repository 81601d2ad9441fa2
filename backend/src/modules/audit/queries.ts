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

export interface AuditRecord {
  id: string;
  at: Date;
  staff: string | null;
  action: string;
  subject: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditFilter {
  action?: string;
  /** Part of the staff member's e-mail. */
  staff?: string;
  subject?: string;
  from?: Date;
  to?: Date;
  /** Rows older than this id (newest first). */
  beforeId?: string;
}

/** A page of the audit log, newest first; one row more than `limit` tells there is a next page. */
export async function auditPage(sql: Queryable, filter: AuditFilter, limit: number): Promise<AuditRecord[]> {
  const conditions = [sql`true`];
  if (filter.action) conditions.push(sql`a.action = ${filter.action}`);
  if (filter.staff)
    conditions.push(sql`s.email ILIKE ${`%${filter.staff.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (filter.subject) conditions.push(sql`a.subject = ${filter.subject}`);
  if (filter.from) conditions.push(sql`a.at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`a.at < ${filter.to}`);
  if (filter.beforeId) conditions.push(sql`a.id < ${filter.beforeId}::bigint`);
  const where = conditions.reduce((acc, c) => sql`${acc} AND ${c}`);
  return sql<AuditRecord[]>`
    SELECT a.id::text, a.at, s.email AS staff, a.action, a.subject, a.before, a.after
    FROM audit_log a
    LEFT JOIN staff s ON s.id = a.staff_id
    WHERE ${where}
    ORDER BY a.id DESC
    LIMIT ${limit + 1}`;
}
