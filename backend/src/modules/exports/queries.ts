import { ticketState, type ExportKind } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import type { ColumnKind, ExportCell } from './cells.js';

/** The columns of each export, in order; each names its copy key `admin.exports.columns.<column>`. */
export const EXPORT_COLUMNS = {
  // For the ticket seller: who collects which ticket. The code (it opens the door) only when the
  // office asks for it (columnsOf), its header marked.
  attendees: ['firstName', 'lastName', 'email', 'ticketCode', 'ticketState'],
  // New members and raises with their amounts; never a personal number.
  donations: [
    'kind',
    'firstName',
    'lastName',
    'email',
    'previousAmount',
    'monthlyAmount',
    'addedAmount',
    'signedAt',
    'mandateState',
  ],
  // The waiting list in the order people joined.
  queue: ['position', 'firstName', 'lastName', 'email', 'joinedAt', 'confirmedAt', 'queueState'],
} as const satisfies Record<ExportKind, readonly string[]>;
export type ExportColumn = (typeof EXPORT_COLUMNS)[ExportKind][number];

/** What each column holds (its width in a spreadsheet). */
export const COLUMN_KINDS: Record<ExportColumn, ColumnKind> = {
  firstName: 'name',
  lastName: 'name',
  email: 'email',
  ticketCode: 'code',
  kind: 'text',
  previousAmount: 'amount',
  monthlyAmount: 'amount',
  addedAmount: 'amount',
  signedAt: 'time',
  mandateState: 'text',
  position: 'amount',
  joinedAt: 'time',
  confirmedAt: 'time',
  queueState: 'text',
  ticketState: 'text',
};

/** The columns of an export as downloaded: the attendees' door code only when asked for. */
export function columnsOf(kind: ExportKind, withCodes: boolean): readonly ExportColumn[] {
  const columns: readonly ExportColumn[] = EXPORT_COLUMNS[kind];
  return withCodes ? columns : columns.filter((c) => c !== 'ticketCode');
}

/**
 * One batch of an export's rows after `afterId` (keyset by the table's id), as arrays in the
 * order of EXPORT_COLUMNS plus the id last. Batches are short statements: a slow download
 * holds neither a connection nor a transaction between them.
 */
export async function exportBatch(
  sql: Queryable,
  kind: ExportKind,
  after: { id: string; rows: number },
  limit: number,
  /** The concert whose attendees are exported (the current one). */
  concertId: number,
  /** Opens a ticket's door code (sealed at rest); without it, the attendees' export has no codes. */
  openCode?: (row: { doorCodeHash: string | null; doorCodeSealed: string | null }) => string | null,
): Promise<{ id: string; cells: ExportCell[] }[]> {
  const afterId = after.id;
  switch (kind) {
    case 'attendees': {
      const rows = await sql<
        {
          id: string;
          firstName: string | null;
          lastName: string | null;
          email: string | null;
          doorCodeHash: string | null;
          doorCodeSealed: string | null;
          confirmedAt: Date;
          checkedInAt: Date | null;
          cancelledAt: Date | null;
        }[]
      >`
        SELECT t.id::text, t.attendee_first_name AS first_name, t.attendee_last_name AS last_name, t.attendee_email AS email,
               ${openCode ? sql`t.door_code_hash, t.door_code_sealed` : sql`NULL AS door_code_hash, NULL AS door_code_sealed`},
               COALESCE(t.confirmed_at, t.cancelled_confirmed_at) AS confirmed_at, t.scanned_at AS checked_in_at,
               t.cancelled_at
        FROM tickets t
        -- Cancelled tickets too (issue 40), as cancelled.
        WHERE t.concert_id = ${concertId}
          AND (t.confirmed_at IS NOT NULL OR t.cancelled_at IS NOT NULL)
          AND t.id > ${afterId}::bigint
        -- The table's column (qualified): a bare "id" would be the text one of the select list.
        ORDER BY t.id
        LIMIT ${limit}`;
      return rows.map((r) => ({
        id: r.id,
        cells: openCode
          ? [r.firstName, r.lastName, r.email, openCode(r) ?? '', ticketState(r)]
          : [r.firstName, r.lastName, r.email, ticketState(r)],
      }));
    }
    case 'donations': {
      const rows = await sql<
        {
          id: string;
          oldAmount: number | null;
          newAmount: number;
          changedAt: Date;
          firstName: string;
          lastName: string;
          email: string | null;
          state: string;
        }[]
      >`
        SELECT h.id::text, h.old_amount, h.new_amount, h.changed_at, p.first_name, p.last_name, p.email, a.state
        FROM mandate_amount_history h
        JOIN autogiro_mandates a ON a.id = h.mandate_id
        JOIN persons p ON p.id = a.person_id
        WHERE h.bankid_transaction_id IS NOT NULL
          AND h.id > ${afterId}::bigint
        ORDER BY h.id
        LIMIT ${limit}`;
      return rows.map((r) => ({
        id: r.id,
        cells: [
          r.oldAmount === null ? 'newMember' : 'raise',
          r.firstName,
          r.lastName,
          r.email,
          r.oldAmount ?? 0,
          r.newAmount,
          r.newAmount - (r.oldAmount ?? 0),
          r.changedAt,
          r.state,
        ],
      }));
    }
    case 'queue': {
      const rows = await sql<
        {
          id: string;
          position: number;
          firstName: string;
          lastName: string;
          email: string;
          createdAt: Date;
          confirmedAt: Date;
          state: string;
        }[]
      >`
        SELECT q.id::text, q.first_name, q.last_name, q.email, q.created_at, q.confirmed_at, q.state,
               (${after.rows} + row_number() OVER (ORDER BY q.id))::int AS position
        FROM queue_entries q
        WHERE q.confirmed_at IS NOT NULL
          AND q.id > ${afterId}::bigint
        ORDER BY q.id
        LIMIT ${limit}`;
      return rows.map((r) => ({
        id: r.id,
        cells: [r.position, r.firstName, r.lastName, r.email, r.createdAt, r.confirmedAt, r.state],
      }));
    }
  }
}

/** The texts an export needs (column headings, the kinds of donation, mandate and queue states), in one language. */
export async function exportTexts(sql: Queryable, lang: Lang): Promise<Map<string, string>> {
  const rows = await sql<{ key: string; text: string }[]>`
    SELECT key, ${sql(lang)} AS text
    FROM copy
    WHERE key LIKE 'admin.exports.%'
       OR key LIKE 'admin.autogiro.states.%'`;
  return new Map(rows.map((r) => [r.key, r.text]));
}
