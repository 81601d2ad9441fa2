/** The draws Bankgirot reports on each mandate. */
import type { DrawResult } from '@concert/shared/api';
import type { Queryable } from '../../../db/connect.js';

export interface DrawInput {
  mandateId: string | null;
  payerNumber: string;
  fileId: string;
  line: number;
  dueDate: string;
  amountOre: number;
  result: DrawResult;
  code: string;
}

/** Books what Bankgirot reported about one draw. */
export async function recordDraw(sql: Queryable, d: DrawInput): Promise<void> {
  await sql`
    INSERT INTO autogiro_draws (mandate_id, payer_number, file_id, line, due_date, amount_ore, result, code)
    VALUES (${d.mandateId}, ${d.payerNumber}, ${d.fileId}, ${d.line}, ${d.dueDate}::date, ${d.amountOre}, ${d.result}, ${d.code})`;
}

export interface DrawRow {
  dueDate: string;
  amountOre: string;
  result: DrawResult;
  code: string;
  fileName: string;
}

/** A mandate's draws as Bankgirot reported them, the latest first. */
export async function drawsOf(sql: Queryable, mandateId: string, limit: number): Promise<DrawRow[]> {
  return sql<DrawRow[]>`
    SELECT to_char(d.due_date, 'YYYY-MM-DD') AS due_date, d.amount_ore::text AS amount_ore, d.result, d.code, f.file_name
    FROM autogiro_draws d
    JOIN autogiro_files f ON f.id = d.file_id
    WHERE d.mandate_id = ${mandateId}
    ORDER BY d.due_date DESC, d.id DESC
    LIMIT ${limit}`;
}
