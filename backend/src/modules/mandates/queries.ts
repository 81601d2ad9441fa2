import type {
  AdviceMeaning,
  AmendmentMeaning,
  AutogiroDiscrepancyReason,
  DigitalMandateMeaning,
  AutogiroFileKind,
  DrawResult,
  MandateState,
} from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';

/** A mandate with what the files need: the payer's number and sealed personal and account numbers. */
export interface MandateRow {
  id: string;
  personId: string;
  state: MandateState;
  monthlyAmount: number;
  standingAmount: number | null;
  /** The date the standing TK82 carries (YYYY-MM-DD). */
  standingDate: string | null;
  firstDrawDate: string | null;
  bank: string | null;
  clearingNumber: string | null;
  accountNumberSealed: string | null;
  infoCode: string | null;
  commentCode: string | null;
  createdAt: Date;
  stateChangedAt: Date;
  payerNumber: string;
  personalNumberHash: string;
  personalNumberSealed: string;
  firstName: string;
  lastName: string;
  email: string | null;
  lang: 'sv' | 'en';
}

const MANDATE_COLUMNS = `
  a.id, a.person_id, a.state, a.monthly_amount, a.standing_amount, to_char(a.standing_date, 'YYYY-MM-DD') AS standing_date, to_char(a.first_draw_date, 'YYYY-MM-DD') AS first_draw_date,
  a.bank, a.clearing_number, a.account_number_sealed, a.info_code, a.comment_code, a.created_at, a.state_changed_at, a.lang,
  p.payer_number::text AS payer_number, p.personal_number_hash, p.personal_number_sealed, p.first_name, p.last_name, p.email`;

/** Mandates in these states, oldest first, locked for the file being written (a concurrent writer waits, then finds them moved on). */
export async function lockMandatesIn(sql: Queryable, states: readonly MandateState[]): Promise<MandateRow[]> {
  return sql<MandateRow[]>`
    SELECT ${sql.unsafe(MANDATE_COLUMNS)}
    FROM autogiro_mandates a
    JOIN persons p ON p.id = a.person_id
    WHERE a.state IN ${sql(states as MandateState[])}
    ORDER BY a.created_at, a.id
    FOR UPDATE OF a`;
}

/** These mandates, locked for a staff action on them. */
export async function lockMandatesById(sql: Queryable, ids: readonly string[]): Promise<MandateRow[]> {
  if (ids.length === 0) return [];
  return sql<MandateRow[]>`
    SELECT ${sql.unsafe(MANDATE_COLUMNS)}
    FROM autogiro_mandates a
    JOIN persons p ON p.id = a.person_id
    WHERE a.id IN ${sql(ids as string[])}
    FOR UPDATE OF a`;
}

export async function mandateById(sql: Queryable, id: string): Promise<MandateRow | undefined> {
  const [row] = await sql<MandateRow[]>`
    SELECT ${sql.unsafe(MANDATE_COLUMNS)}
    FROM autogiro_mandates a
    JOIN persons p ON p.id = a.person_id
    WHERE a.id = ${id}`;
  return row;
}

/** The mandates of these payer numbers, locked while an answer file is applied. */
export async function lockMandatesOfPayers(
  sql: Queryable,
  payerNumbers: readonly string[],
): Promise<MandateRow[]> {
  if (payerNumbers.length === 0) return [];
  return sql<MandateRow[]>`
    SELECT ${sql.unsafe(MANDATE_COLUMNS)}
    FROM autogiro_mandates a
    JOIN persons p ON p.id = a.person_id
    WHERE p.payer_number::text IN ${sql(payerNumbers as string[])}
    FOR UPDATE OF a`;
}

/** A mandate in the office's list: with its latest draw and its open discrepancies. */
export interface ListedMandateRow extends MandateRow {
  lastDrawDueDate: string | null;
  lastDrawAmountOre: string | null;
  lastDrawResult: DrawResult | null;
  lastDrawCode: string | null;
  problems: number;
}

export async function listMandates(sql: Queryable, limit: number): Promise<ListedMandateRow[]> {
  return sql<ListedMandateRow[]>`
    SELECT ${sql.unsafe(MANDATE_COLUMNS)},
           to_char(d.due_date, 'YYYY-MM-DD') AS last_draw_due_date, d.amount_ore::text AS last_draw_amount_ore,
           d.result AS last_draw_result, d.code AS last_draw_code,
           (SELECT count(*)::int FROM autogiro_discrepancies x WHERE x.mandate_id = a.id AND x.resolved_at IS NULL) AS problems
    FROM autogiro_mandates a
    JOIN persons p ON p.id = a.person_id
    LEFT JOIN LATERAL (
      SELECT due_date, amount_ore, result, code
      FROM autogiro_draws
      WHERE mandate_id = a.id
      ORDER BY due_date DESC, id DESC
      LIMIT 1
    ) d ON true
    ORDER BY a.state_changed_at DESC, a.id
    LIMIT ${limit}`;
}

/** The mandates of the persons with these personal-number hashes (a digital mandate tied by personal number). */
export async function mandatesOfPersonHashes(
  sql: Queryable,
  hashes: readonly string[],
): Promise<MandateRow[]> {
  if (hashes.length === 0) return [];
  return sql<MandateRow[]>`
    SELECT ${sql.unsafe(MANDATE_COLUMNS)}
    FROM autogiro_mandates a
    JOIN persons p ON p.id = a.person_id
    WHERE p.personal_number_hash IN ${sql(hashes as string[])}`;
}

export async function countMandatesByState(
  sql: Queryable,
): Promise<{ state: MandateState; count: number; kronor: number; raisedKronor: number }[]> {
  return sql`
    SELECT state, count(*)::int AS count, coalesce(sum(monthly_amount), 0)::int AS kronor,
           coalesce(sum(monthly_amount - coalesce(standing_amount, 0)), 0)::int AS raised_kronor
    FROM autogiro_mandates
    GROUP BY state`;
}

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
}

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
    INSERT INTO mandate_transitions (mandate_id, from_state, to_state, file_id, staff_id, bankid_transaction_id, info_code, comment_code, amount, meaning)
    VALUES (${t.mandateId}, ${t.fromState}, ${t.toState}, ${t.fileId ?? null}, ${t.staffId ?? null}, ${t.bankIdTransactionId ?? null},
            ${t.infoCode ?? null}, ${t.commentCode ?? null}, ${t.amount ?? null}, ${t.meaning ?? null})`;
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

export async function insertEvidence(
  sql: Queryable,
  e: {
    id: string;
    mandateId: string;
    bankIdTransactionId: string;
    signType: 'new' | 'raise';
    evidenceSealed: string;
  },
): Promise<void> {
  await sql`
    INSERT INTO mandate_evidence (id, mandate_id, bankid_transaction_id, sign_type, evidence_sealed)
    VALUES (${e.id}, ${e.mandateId}, ${e.bankIdTransactionId}, ${e.signType}, ${e.evidenceSealed})`;
}

export interface EvidenceRow {
  id: string;
  signType: 'new' | 'raise';
  evidenceSealed: string;
  signedAt: Date;
}

export async function evidenceOf(sql: Queryable, mandateId: string): Promise<EvidenceRow[]> {
  return sql<EvidenceRow[]>`
    SELECT id, sign_type, evidence_sealed, signed_at
    FROM mandate_evidence
    WHERE mandate_id = ${mandateId}
    ORDER BY signed_at, id`;
}

/** The door code (keyed hash and sealed copy) of the donor's confirmed ticket, if any. */
export async function ticketOfPerson(
  sql: Queryable,
  personId: string,
): Promise<{ doorCodeHash: string | null; doorCodeSealed: string | null } | undefined> {
  const [row] = await sql<{ doorCodeHash: string | null; doorCodeSealed: string | null }[]>`
    SELECT door_code_hash, door_code_sealed
    FROM tickets
    WHERE person_id = ${personId}
      AND confirmed_at IS NOT NULL`;
  return row;
}

/** The mandate behind a confirmed ticket: what its confirmation e-mail states. */
export async function mandateOfTicket(
  sql: Queryable,
  doorCodeHash: string,
): Promise<{ monthlyAmount: number; firstDrawDate: string | null } | undefined> {
  const [row] = await sql<{ monthlyAmount: number; firstDrawDate: string | null }[]>`
    SELECT a.monthly_amount, to_char(a.first_draw_date, 'YYYY-MM-DD') AS first_draw_date
    FROM tickets t
    JOIN autogiro_mandates a ON a.person_id = t.person_id
    WHERE t.door_code_hash = ${doorCodeHash}
      AND t.confirmed_at IS NOT NULL`;
  return row;
}

/** Office only (never the door): which of these tickets (by id) belong to a donor whose mandate Bankgirot rejected. */
export async function ticketsWithRejectedMandate(
  sql: Queryable,
  ticketIds: readonly string[],
): Promise<Set<string>> {
  if (ticketIds.length === 0) return new Set();
  const rows = await sql<{ id: string }[]>`
    SELECT t.id::text
    FROM tickets t
    JOIN autogiro_mandates a ON a.person_id = t.person_id
    WHERE t.id IN ${sql(ticketIds.map(String))}
      AND a.state = 'rejected'`;
  return new Set(rows.map((r) => r.id));
}

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

/** Marks a discrepancy dealt with; false when there is no such open one. */
export async function resolveDiscrepancy(sql: Queryable, id: string, staffId: string): Promise<boolean> {
  const rows = await sql`
    UPDATE autogiro_discrepancies
    SET resolved_at = now(),
        resolved_by = ${staffId}
    WHERE id = ${id}
      AND resolved_at IS NULL
    RETURNING id`;
  return rows.length === 1;
}

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
