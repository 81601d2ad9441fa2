import type { AttendeeHistory, AttendeePage, AttendeeRow, ParsedPayload } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import { ticketsWithRejectedMandate } from '../mandates/queries/mandates.js';
import type { DoorCodes } from '../tickets/door-codes.js';
import { transfersOf } from '../tickets/queries/office.js';
import { attendeeByTicket, attendeePage, ticketEvents, type AttendeeRecord } from './queries.js';

/** The office's list of who holds a confirmed ticket, and each ticket's history. */
export function createAttendeeService({
  sql,
  concert,
  doorCodes,
}: {
  sql: Sql;
  /** The current concert (a getter): its attendees are listed. */
  concert: { readonly id: number };
  doorCodes: Pick<DoorCodes, 'hash' | 'open'>;
}) {
  async function list(p: ParsedPayload<'listAttendees'>): Promise<AttendeePage> {
    // Newest confirmed first is the keyset order (steady while tickets are confirmed); a column's order goes by offset.
    const sort = p.sort ?? 'confirmedAt';
    const dir = p.dir ?? (sort === 'confirmedAt' ? 'desc' : 'asc');
    const byKeyset = sort === 'confirmedAt' && dir === 'desc';
    const offset = byKeyset ? 0 : readOffset(p.cursor);
    const rows = await attendeePage(
      sql,
      {
        concertId: concert.id,
        search: p.search || undefined,
        searchCodeHash: p.search ? doorCodes.hash(p.search.trim()) : undefined,
        origin: p.origin,
        checkedIn: p.checkedIn,
        after: byKeyset && p.cursor ? readCursor(p.cursor) : undefined,
        order: byKeyset ? undefined : { sort, dir, offset },
      },
      p.limit,
    );
    const page = rows.slice(0, p.limit);
    const last = page.at(-1);
    const rejected = await ticketsWithRejectedMandate(
      sql,
      page.map((r) => r.ticketId),
    );
    return {
      rows: page.map((r) => attendeeRow(r, rejected, doorCodes)),
      nextCursor:
        rows.length <= p.limit || !last
          ? null
          : byKeyset
            ? `${last.position}.${last.ticketId}`
            : `o${offset + page.length}`,
    };
  }

  async function history(ticketId: string): Promise<AttendeeHistory> {
    const attendee = await attendeeByTicket(sql, ticketId);
    if (!attendee) throw notFound();
    const [events, moves] = await Promise.all([ticketEvents(sql, ticketId), transfersOf(sql, ticketId)]);
    return {
      attendee: attendeeRow(attendee, await ticketsWithRejectedMandate(sql, [attendee.ticketId]), doorCodes),
      events: [
        { at: attendee.confirmedAt.toISOString(), what: 'confirmed', staff: null },
        // A move's audit row says less than the move itself, which names both holders.
        ...events
          .filter((e) => e.what !== 'tickets.transfer')
          .map((e) => ({ at: e.at.toISOString(), what: e.what, staff: e.staff })),
        ...moves.map((m) => ({
          at: m.at.toISOString(),
          what: 'moved',
          staff: m.staff,
          from: m.from ?? '',
          to: m.to ?? '',
        })),
      ].sort((a, b) => a.at.localeCompare(b.at)),
    };
  }

  return { list, history };
}
export type AttendeeService = ReturnType<typeof createAttendeeService>;

function attendeeRow(
  r: AttendeeRecord,
  mandateRejected: ReadonlySet<string>,
  doorCodes: Pick<DoorCodes, 'open'>,
): AttendeeRow {
  return {
    ticketId: r.ticketId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    ticketCode: doorCodes.open(r) ?? '',
    origin: r.origin,
    confirmedAt: r.confirmedAt.toISOString(),
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    mandateRejected: mandateRejected.has(r.ticketId),
  };
}

/** `o<rows before>` of a column's order; anything else is a bad request. */
function readOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^o(\d{1,6})$/.exec(cursor);
  if (!m) throw new AppError('INVALID_ARGUMENT', 'invalidState');
  return Number(m[1]);
}

/** `<µs>.<ticket id>`, both digits; anything else is a bad request, never SQL. */
function readCursor(cursor: string): { position: string; ticketId: string } {
  const m = /^(\d{1,19})\.(\d{1,18})$/.exec(cursor);
  if (!m) throw new AppError('INVALID_ARGUMENT', 'invalidState');
  return { position: m[1]!, ticketId: m[2]! };
}
