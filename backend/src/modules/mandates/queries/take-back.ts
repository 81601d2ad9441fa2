/** What taking back a request file reads and undoes (take-back.ts). */
import type { AutogiroFileKind, MandateState } from '@concert/shared/api';
import type { Queryable } from '../../../db/connect.js';
import type { MandateTerms } from './transitions.js';

export interface LockedFile {
  id: string;
  kind: AutogiroFileKind;
  fileName: string;
  takenBackAt: Date | null;
  createdAt: Date;
}

export async function lockFile(sql: Queryable, id: string): Promise<LockedFile | undefined> {
  const [row] = await sql<LockedFile[]>`
    SELECT id, kind, file_name, taken_back_at, created_at FROM autogiro_files WHERE id = ${id} FOR UPDATE`;
  return row;
}

/** A move the file made: which mandate, from and to which state, and the terms before it. */
export interface FileMove {
  id: string;
  mandateId: string;
  fromState: MandateState;
  toState: MandateState;
  termsBefore: MandateTerms | null;
}

export async function movesOfFile(sql: Queryable, fileId: string): Promise<FileMove[]> {
  return sql<FileMove[]>`
    SELECT t.id::text AS id, t.mandate_id::text AS mandate_id, t.from_state, t.to_state, t.terms_before
    FROM mandate_transitions t
    WHERE t.file_id = ${fileId}
    ORDER BY t.id DESC`;
}

/**
 * What came after the file's moves for the same mandates: an answer file that moved or logged one
 * (`answer`), or another file or a staff action (`later`); and draws Bankgirot reported for the
 * standing payment a payment file registered (`answer`). Null when nothing did.
 */
export async function laterThanFile(
  sql: Queryable,
  fileId: string,
  kind: AutogiroFileKind,
): Promise<'answer' | 'later' | null> {
  const [after] = await sql<{ answered: boolean }[]>`
    SELECT bool_or(f.kind = 'answer') AS answered
    FROM mandate_transitions mine
    JOIN mandate_transitions t ON t.mandate_id = mine.mandate_id AND t.id > mine.id
    LEFT JOIN autogiro_files f ON f.id = t.file_id
    WHERE mine.file_id = ${fileId}
    HAVING count(*) > 0`;
  if (after) return after.answered ? 'answer' : 'later';
  if (kind !== 'payments') return null;
  const [draw] = await sql`
    SELECT 1
    FROM mandate_transitions mine
    JOIN autogiro_mandates m ON m.id = mine.mandate_id
    JOIN autogiro_draws d ON d.mandate_id = mine.mandate_id AND d.due_date >= m.standing_date
    WHERE mine.file_id = ${fileId}
    LIMIT 1`;
  return draw ? 'answer' : null;
}

/** The mandate back to the state and terms it had before the file moved it. */
export async function restoreMandate(sql: Queryable, move: FileMove, terms: MandateTerms): Promise<void> {
  await sql`
    UPDATE autogiro_mandates
    SET state = ${move.fromState},
        state_changed_at = now(),
        updated_at = now(),
        standing_amount = ${terms.standingAmount}::int,
        standing_date = ${terms.standingDate}::date,
        first_draw_date = ${terms.firstDrawDate}::date
    WHERE id = ${move.mandateId}`;
}

/** The file is marked taken back; the problems it listed (a month not drawn) are settled with it. */
export async function markTakenBack(sql: Queryable, fileId: string, staffId: string): Promise<void> {
  await sql`UPDATE autogiro_files SET taken_back_at = now(), taken_back_by = ${staffId} WHERE id = ${fileId}`;
  await sql`
    UPDATE autogiro_discrepancies
    SET resolved_at = now(),
        resolved_by = ${staffId}
    WHERE file_id = ${fileId}
      AND resolved_at IS NULL`;
}
