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
  staffName: string | null;
  /** What the subject id names, for the log's sentences (an attendee, a staff member, a door device …); null when unknown or erased. */
  subjectName: string | null;
  action: string;
  subject: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const ID = '^[0-9]{1,18}$';

/**
 * The name behind a row's subject, by what the action's subject is (see each recordAudit): a
 * ticket's holder, a staff member (by e-mail), a mandate's person, a door device's label, a
 * queue offer's person. Each a lookup by key, only for the page's rows; erased names are null.
 */
function subjectName(sql: Queryable) {
  return sql`
    CASE
      WHEN a.action IN ('checkIn.scan', 'checkIn.undo', 'checkIn.offline', 'checkIn.conflict', 'tickets.addManualAttendee',
                        'tickets.cancel', 'tickets.transfer', 'tickets.resendEmail')
           AND a.subject ~ ${ID}
        THEN (SELECT NULLIF(trim(COALESCE(t.attendee_first_name, '') || ' ' || COALESCE(t.attendee_last_name, '')), '')
              FROM tickets t WHERE t.id = a.subject::bigint)
      WHEN a.action IN ('staff.setRole', 'staff.setCopyAdmin')
        THEN (SELECT NULLIF(trim(s2.name), '') FROM staff s2 WHERE lower(s2.email) = lower(a.subject)
              ORDER BY s2.last_seen_at DESC LIMIT 1)
      WHEN a.action IN ('mandates.view', 'mandates.revoke', 'mandates.sendAgain') AND a.subject ~ ${UUID}
        THEN (SELECT NULLIF(trim(COALESCE(p.first_name, '') || ' ' || COALESCE(p.last_name, '')), '')
              FROM autogiro_mandates m JOIN persons p ON p.id = m.person_id WHERE m.id = a.subject::uuid)
      WHEN a.action = 'checkIn.registerDevice' AND a.subject ~ ${UUID}
        THEN (SELECT d.label FROM door_devices d WHERE d.id = a.subject::uuid)
      WHEN a.action = 'queue.offerSent' AND a.after->>'entryId' ~ ${ID}
        THEN (SELECT NULLIF(trim(COALESCE(q.first_name, '') || ' ' || COALESCE(q.last_name, '')), '')
              FROM queue_entries q WHERE q.id = (a.after->>'entryId')::bigint)
    END`;
}

export interface AuditFilter {
  action?: string;
  /** Part of the staff member's e-mail or name. */
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
  if (filter.staff) {
    const pattern = `%${filter.staff.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(s.email ILIKE ${pattern} OR s.name ILIKE ${pattern})`);
  }
  if (filter.subject) conditions.push(sql`a.subject = ${filter.subject}`);
  if (filter.from) conditions.push(sql`a.at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`a.at < ${filter.to}`);
  if (filter.beforeId) conditions.push(sql`a.id < ${filter.beforeId}::bigint`);
  const where = conditions.reduce((acc, c) => sql`${acc} AND ${c}`);
  return sql<AuditRecord[]>`
    SELECT a.id::text, a.at, s.email AS staff, NULLIF(trim(s.name), '') AS staff_name, a.action, a.subject,
           ${subjectName(sql)} AS subject_name, a.before, a.after
    FROM audit_log a
    LEFT JOIN staff s ON s.id = a.staff_id
    WHERE ${where}
    ORDER BY a.id DESC
    LIMIT ${limit + 1}`;
}
