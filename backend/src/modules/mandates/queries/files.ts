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
    /** A payment run's files share a run id; the lower send order goes to Bankgirot first. */
    runId?: string;
    sendOrder?: number;
  },
): Promise<{ createdAt: Date }> {
  const [row] = await sql<{ createdAt: Date }[]>`
    INSERT INTO autogiro_files (id, kind, file_name, content_sealed, sha256, byte_length, record_count, staff_id, run_id, send_order)
    VALUES (${f.id}, ${f.kind}, ${f.fileName}, ${f.contentSealed}, ${f.sha256}, ${f.byteLength}, ${f.recordCount}, ${f.staffId},
            ${f.runId ?? null}, ${f.sendOrder ?? null})
    RETURNING created_at`;
  return row!;
}

const FILE_COLUMNS = `f.id, f.kind, f.file_name, f.content_sealed, f.sha256, f.byte_length, f.record_count, s.email AS staff_email, f.created_at`;

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

/**
 * How many files of a kind were written on a Swedish day (the next one's sequence number in its
 * name; `day` is the Stockholm date the name carries). The day's bounds are Stockholm's midnights:
 * counted by the database's own zone (UTC), the hour after Stockholm's midnight found no file of
 * "today" and named a second file like the first.
 */
export async function filesOfKindOn(sql: Queryable, kind: AutogiroFileKind, day: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    SELECT count(*)::int AS count
    FROM autogiro_files
    WHERE kind = ${kind}
      AND created_at >= (${day}::date)::timestamp AT TIME ZONE 'Europe/Stockholm'
      AND created_at < (${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm'`;
  return row!.count;
}
