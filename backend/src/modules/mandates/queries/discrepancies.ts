/** What the office must look at: answers that did not fit, unknown payers, digital mandates. */
import type {
  AdviceMeaning,
  AmendmentMeaning,
  AutogiroDiscrepancyReason,
  DigitalMandateMeaning,
  MandateState,
} from '@concert/shared/api';
import type { Queryable } from '../../../db/connect.js';

export interface DiscrepancyInput {
  reason: AutogiroDiscrepancyReason;
  fileId?: string | null;
  line?: number | null;
  payerNumber: string;
  mandateId?: string | null;
  mandateState?: MandateState | null;
  infoCode?: string | null;
  commentCode?: string | null;
  meaning?: AdviceMeaning | AmendmentMeaning | DigitalMandateMeaning | null;
  matchedBy?: 'payerNumber' | 'personalNumber' | null;
}

/** Lists something for the office to look at; an unwritable row already listed and open is not listed twice. */
export async function recordDiscrepancy(sql: Queryable, d: DiscrepancyInput): Promise<void> {
  await sql`
    INSERT INTO autogiro_discrepancies (reason, file_id, line, payer_number, mandate_id, mandate_state, info_code, comment_code, meaning, matched_by)
    VALUES (${d.reason}, ${d.fileId ?? null}, ${d.line ?? null}, ${d.payerNumber}, ${d.mandateId ?? null}, ${d.mandateState ?? null},
            ${d.infoCode ?? null}, ${d.commentCode ?? null}, ${d.meaning ?? null}, ${d.matchedBy ?? null})
    ON CONFLICT DO NOTHING`;
}

export interface DiscrepancyRow {
  id: string;
  reason: AutogiroDiscrepancyReason;
  fileId: string | null;
  fileName: string | null;
  line: number | null;
  payerNumber: string;
  mandateId: string | null;
  firstName: string | null;
  lastName: string | null;
  mandateState: MandateState | null;
  infoCode: string | null;
  commentCode: string | null;
  meaning: AdviceMeaning | AmendmentMeaning | DigitalMandateMeaning | null;
  matchedBy: 'payerNumber' | 'personalNumber' | null;
  createdAt: Date;
}

export async function openDiscrepancies(
  sql: Queryable,
  limit: number,
  mandateId: string | null = null,
): Promise<DiscrepancyRow[]> {
  return sql<DiscrepancyRow[]>`
    SELECT d.id::text AS id, d.reason, d.file_id, f.file_name, d.line, d.payer_number, d.mandate_id, p.first_name, p.last_name,
           d.mandate_state, d.info_code, d.comment_code, d.meaning, d.matched_by, d.created_at
    FROM autogiro_discrepancies d
    LEFT JOIN autogiro_files f ON f.id = d.file_id
    LEFT JOIN autogiro_mandates a ON a.id = d.mandate_id
    LEFT JOIN persons p ON p.id = a.person_id
    WHERE d.resolved_at IS NULL
      AND (${mandateId}::uuid IS NULL OR d.mandate_id = ${mandateId}::uuid)
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ${limit}`;
}

/** Marks a discrepancy dealt with; what it was about, or undefined when there is no such open one. */
export async function resolveDiscrepancy(
  sql: Queryable,
  id: string,
  staffId: string,
): Promise<Pick<DiscrepancyRow, 'reason' | 'mandateId' | 'meaning'> | undefined> {
  const [row] = await sql<Pick<DiscrepancyRow, 'reason' | 'mandateId' | 'meaning'>[]>`
    UPDATE autogiro_discrepancies
    SET resolved_at = now(),
        resolved_by = ${staffId}
    WHERE id = ${id}
      AND resolved_at IS NULL
    RETURNING reason, mandate_id::text AS mandate_id, meaning`;
  return row;
}

/** Marks a mandate's open discrepancies of one reason dealt with (the office's action settled them); how many. */
export async function resolveMandateProblems(
  sql: Queryable,
  mandateId: string,
  reason: AutogiroDiscrepancyReason,
  staffId: string,
): Promise<number> {
  const rows = await sql`
    UPDATE autogiro_discrepancies
    SET resolved_at = now(),
        resolved_by = ${staffId}
    WHERE mandate_id = ${mandateId}
      AND reason = ${reason}
      AND resolved_at IS NULL
    RETURNING id`;
  return rows.length;
}
