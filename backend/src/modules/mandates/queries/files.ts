/** The Autogiro files sent and received, kept sealed byte for byte. */
import type { AutogiroFileKind } from '@concert/shared/api';
import type { Queryable } from '../../../db/connect.js';

export interface FileRow {
  id: string;
  kind: AutogiroFileKind;
  fileName: string;
  contentSealed: string;
  sha256: string;
  byteLength: number;
  recordCount: number;
  staffEmail: string | null;
  createdAt: Date;
  takenBackAt: Date | null;
}

export async function insertFile(
  sql: Queryable,
  f: {
    id: string;
    kind: AutogiroFileKind;
    fileName: string;
    contentSealed: string;
    sha256: string;
    byteLength: number;
    recordCount: number;
    staffId: string | null;
    /** A payment run's files share a run id. */
    runId?: string;
    /** The request file's place in its day (across runs and kinds): the lower goes to Bankgirot first. */
    sendOrder?: number;
    /** When it was written, by the app's clock (the day its name and send order belong to). */
    createdAt: Date;
  },
): Promise<{ createdAt: Date }> {
  const [row] = await sql<{ createdAt: Date }[]>`
    INSERT INTO autogiro_files (id, kind, file_name, content_sealed, sha256, byte_length, record_count, staff_id, run_id, send_order, created_at)
    VALUES (${f.id}, ${f.kind}, ${f.fileName}, ${f.contentSealed}, ${f.sha256}, ${f.byteLength}, ${f.recordCount}, ${f.staffId},
            ${f.runId ?? null}, ${f.sendOrder ?? null}, ${f.createdAt})
    RETURNING created_at`;
  return row!;
}

const FILE_COLUMNS = `f.id, f.kind, f.file_name, f.content_sealed, f.sha256, f.byte_length, f.record_count, s.email AS staff_email, f.created_at, f.taken_back_at`;

export async function fileById(sql: Queryable, id: string): Promise<FileRow | undefined> {
  const [row] = await sql<FileRow[]>`
    SELECT ${sql.unsafe(FILE_COLUMNS)}
    FROM autogiro_files f
    LEFT JOIN staff s ON s.id = f.staff_id
    WHERE f.id = ${id}`;
  return row;
}

export async function answerFileWithHash(sql: Queryable, sha256: string): Promise<FileRow | undefined> {
  const [row] = await sql<FileRow[]>`
    SELECT ${sql.unsafe(FILE_COLUMNS)}
    FROM autogiro_files f
    LEFT JOIN staff s ON s.id = f.staff_id
    WHERE f.kind = 'answer'
      AND f.sha256 = ${sha256}`;
  return row;
}

export async function listFiles(sql: Queryable, limit: number): Promise<FileRow[]> {
  return sql<FileRow[]>`
    SELECT ${sql.unsafe(FILE_COLUMNS)}
    FROM autogiro_files f
    LEFT JOIN staff s ON s.id = f.staff_id
    ORDER BY f.created_at DESC, f.id
    LIMIT ${limit}`;
}

/** The bounds of a Swedish day (YYYY-MM-DD), as a condition on `created_at`. */
const onSwedishDay = (sql: Queryable, column: string, day: string) => sql`
  ${sql.unsafe(column)} >= (${day}::date)::timestamp AT TIME ZONE 'Europe/Stockholm'
  AND ${sql.unsafe(column)} < (${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm'`;

/**
 * How many request files (mandates, amendments, payments) were written on a Swedish day: the next
 * one's send order. The day's files are numbered across runs and kinds, so the office sends them
 * in one order and a payment never overtakes an earlier file.
 */
export async function requestFilesOn(sql: Queryable, day: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    SELECT count(*)::int AS count
    FROM autogiro_files
    WHERE kind <> 'answer'
      AND ${onSwedishDay(sql, 'created_at', day)}`;
  return row!.count;
}

/**
 * Of these mandates, those that a request file of the Swedish day already carries: with a
 * standing payment (TK82, 'payments'), or with a change or cancellation of one (a raise's TK25 or
 * the organisation's TK03, 'changes'). Bankgirot must have a payment before any change of the
 * same instruction, never on the same day (technical manual 6.1.1).
 */
export async function mandatesInFilesOn(
  sql: Queryable,
  day: string,
  what: 'payments' | 'changes',
  mandateIds: readonly string[],
): Promise<Set<string>> {
  if (mandateIds.length === 0) return new Set();
  const rows = await sql<{ mandateId: string }[]>`
    SELECT DISTINCT t.mandate_id::text AS mandate_id
    FROM mandate_transitions t
    JOIN autogiro_files f ON f.id = t.file_id
    WHERE t.mandate_id IN ${sql(mandateIds as string[])}
      AND f.taken_back_at IS NULL
      AND ${
        what === 'payments'
          ? sql`f.kind = 'payments'`
          : sql`(f.kind = 'amendments' OR (f.kind = 'mandates' AND t.to_state = 'revokeSent'))`
      }
      AND ${onSwedishDay(sql, 'f.created_at', day)}`;
  return new Set(rows.map((r) => r.mandateId));
}

/**
 * One request file at a time (until the transaction ends): the day's send order and the
 * same-day checks read what the others wrote, so two writers never take the same number.
 */
export async function lockRequestFiles(sql: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('autogiro request files'))`;
}
