/** A mandate's changes: each move of its state is a transition row (time, file, staff), and the terms it was signed on. */
import type { AmendmentMeaning, MandateState } from '@concert/shared/api';
import type { Queryable } from '../../../db/connect.js';

export interface Transition {
  mandateId: string;
  fromState: MandateState | null;
  toState: MandateState;
  fileId?: string | null;
  staffId?: string | null;
  bankIdTransactionId?: string | null;
  infoCode?: string | null;
  commentCode?: string | null;
  amount?: number | null;
  /** A cancellations/changes record logged on the mandate. */
  meaning?: AmendmentMeaning | null;
  /** A request file's move: the terms before it, which taking the file back restores. */
  termsBefore?: MandateTerms | null;
}

/** What a request file changes besides the state: the standing payment and the first draw. */
export interface MandateTerms {
  standingAmount: number | null;
  standingDate: string | null;
  firstDrawDate: string | null;
}

export const termsOf = (m: MandateTerms): MandateTerms => ({
  standingAmount: m.standingAmount,
  standingDate: m.standingDate,
  firstDrawDate: m.firstDrawDate,
});

/** Moves a mandate to a state and records the transition in the same statement's transaction. */
export async function moveMandate(
  sql: Queryable,
  t: Transition,
  changes: {
    standingAmount?: number;
    standingDate?: string;
    infoCode?: string | null;
    commentCode?: string | null;
  } = {},
): Promise<void> {
  await sql`
    UPDATE autogiro_mandates
    SET state = ${t.toState},
        state_changed_at = now(),
        updated_at = now(),
        standing_amount = coalesce(${changes.standingAmount ?? null}::int, standing_amount),
        standing_date = coalesce(${changes.standingDate ?? null}::date, standing_date),
        info_code = CASE WHEN ${'infoCode' in changes} THEN ${changes.infoCode ?? null} ELSE info_code END,
        comment_code = CASE WHEN ${'commentCode' in changes} THEN ${changes.commentCode ?? null} ELSE comment_code END
    WHERE id = ${t.mandateId}`;
  await recordTransition(sql, t);
}

export async function recordTransition(sql: Queryable, t: Transition): Promise<void> {
  await sql`
    INSERT INTO mandate_transitions (mandate_id, from_state, to_state, file_id, staff_id, bankid_transaction_id, info_code, comment_code, amount, meaning, terms_before)
    VALUES (${t.mandateId}, ${t.fromState}, ${t.toState}, ${t.fileId ?? null}, ${t.staffId ?? null}, ${t.bankIdTransactionId ?? null},
            ${t.infoCode ?? null}, ${t.commentCode ?? null}, ${t.amount ?? null}, ${t.meaning ?? null},
            ${t.termsBefore ? sql.json({ ...t.termsBefore }) : null})`;
}

export interface TransitionRow {
  at: Date;
  fromState: MandateState | null;
  toState: MandateState;
  fileId: string | null;
  fileName: string | null;
  staffEmail: string | null;
  infoCode: string | null;
  commentCode: string | null;
  amount: number | null;
  meaning: AmendmentMeaning | null;
}

export async function transitionsOf(sql: Queryable, mandateId: string): Promise<TransitionRow[]> {
  return sql<TransitionRow[]>`
    SELECT t.at, t.from_state, t.to_state, t.file_id, f.file_name, s.email AS staff_email, t.info_code, t.comment_code, t.amount, t.meaning
    FROM mandate_transitions t
    LEFT JOIN autogiro_files f ON f.id = t.file_id
    LEFT JOIN staff s ON s.id = t.staff_id
    WHERE t.mandate_id = ${mandateId}
    ORDER BY t.id`;
}

/** A new mandate's language and first draw, as signed. */
export async function setSignedTerms(
  sql: Queryable,
  mandateId: string,
  lang: 'sv' | 'en',
  firstDrawDate: string,
): Promise<void> {
  await sql`
    UPDATE autogiro_mandates
    SET lang = ${lang},
        first_draw_date = ${firstDrawDate}::date
    WHERE id = ${mandateId}`;
}

/** Sets the first draw the donor was told of, as signed. */
export async function setFirstDrawDate(
  sql: Queryable,
  mandateId: string,
  firstDrawDate: string,
): Promise<void> {
  await sql`
    UPDATE autogiro_mandates
    SET first_draw_date = ${firstDrawDate}::date
    WHERE id = ${mandateId}`;
}
