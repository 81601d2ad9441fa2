/** The mandates: read, listed, counted and locked for a change; and the ticket a mandate's person holds. */
import type { DrawResult, MandateState } from '@concert/shared/api';
import type { Queryable } from '../../../db/connect.js';

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

/** The door code (keyed hash and sealed copy) of the donor's confirmed ticket, if any (the latest concert's). */
export async function ticketOfPerson(
  sql: Queryable,
  personId: string,
): Promise<{ doorCodeHash: string | null; doorCodeSealed: string | null } | undefined> {
  const [row] = await sql<{ doorCodeHash: string | null; doorCodeSealed: string | null }[]>`
    SELECT door_code_hash, door_code_sealed
    FROM tickets
    WHERE person_id = ${personId}
      AND confirmed_at IS NOT NULL
    ORDER BY concert_id DESC
    LIMIT 1`;
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
