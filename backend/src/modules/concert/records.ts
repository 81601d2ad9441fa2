/** The concerts table: each concert's facts as stored (instants), read and written in one statement each. */
import type { Admission, ConcertState } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';

export interface StoredConcert {
  id: number;
  status: ConcertState;
  doorsAt: Date;
  startsAt: Date;
  endsAt: Date;
  saleOpensAt: Date;
  saleClosesAt: Date;
  ticketEmailAt: Date;
  venue: string;
  city: string;
  address: string;
  capacity: number;
  holdMinutes: number;
  minNewMemberAmount: number;
  minRaise: number;
  donationStep: number;
  raisePresets: number[];
  admission: Admission;
  sellerName: string;
  sellerFee: number;
  calendarSequence: number;
  updatedAt: Date;
}
export type StoredFacts = Omit<StoredConcert, 'id' | 'status' | 'calendarSequence' | 'updatedAt'>;

const COLUMNS = `id, status, doors_at, starts_at, ends_at, sale_opens_at, sale_closes_at, ticket_email_at,
  venue, city, address, capacity, hold_minutes, min_new_member_amount, min_raise, donation_step,
  to_jsonb(raise_presets) AS raise_presets, admission, seller_name, seller_fee, calendar_sequence, updated_at`;

/** The published concert: the one the site sells (none before the office publishes one). */
export async function publishedConcert(sql: Queryable): Promise<StoredConcert | null> {
  const [row] = await sql<StoredConcert[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM concerts WHERE status = 'published'`;
  return row ?? null;
}

export async function concertById(sql: Queryable, id: number, lock = false): Promise<StoredConcert | null> {
  const [row] = await sql<StoredConcert[]>`
    SELECT ${sql.unsafe(COLUMNS)} FROM concerts WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`;
  return row ?? null;
}

export async function listConcertRecords(sql: Queryable): Promise<StoredConcert[]> {
  return sql<StoredConcert[]>`SELECT ${sql.unsafe(COLUMNS)} FROM concerts ORDER BY starts_at DESC, id DESC`;
}

export async function concertCount(sql: Queryable): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM concerts`;
  return row!.n;
}

export async function insertConcert(
  sql: Queryable,
  facts: StoredFacts,
  status: ConcertState,
): Promise<StoredConcert> {
  const [row] = await sql<StoredConcert[]>`
    INSERT INTO concerts (status, doors_at, starts_at, ends_at, sale_opens_at, sale_closes_at, ticket_email_at,
      venue, city, address, capacity, hold_minutes, min_new_member_amount, min_raise, donation_step,
      raise_presets, admission, seller_name, seller_fee)
    VALUES (${status}, ${facts.doorsAt}, ${facts.startsAt}, ${facts.endsAt}, ${facts.saleOpensAt},
      ${facts.saleClosesAt}, ${facts.ticketEmailAt}, ${facts.venue}, ${facts.city}, ${facts.address},
      ${facts.capacity}, ${facts.holdMinutes}, ${facts.minNewMemberAmount}, ${facts.minRaise},
      ${facts.donationStep}, string_to_array(${facts.raisePresets.join(',')}, ',')::int[], ${facts.admission}, ${facts.sellerName}, ${facts.sellerFee})
    RETURNING ${sql.unsafe(COLUMNS)}`;
  return row!;
}

/** Writes every fact; `moved` raises the calendar's SEQUENCE (date, times or venue changed). */
export async function updateConcert(
  sql: Queryable,
  id: number,
  facts: StoredFacts,
  moved: boolean,
): Promise<StoredConcert> {
  const [row] = await sql<StoredConcert[]>`
    UPDATE concerts SET
      doors_at = ${facts.doorsAt}, starts_at = ${facts.startsAt}, ends_at = ${facts.endsAt},
      sale_opens_at = ${facts.saleOpensAt}, sale_closes_at = ${facts.saleClosesAt},
      ticket_email_at = ${facts.ticketEmailAt}, venue = ${facts.venue}, city = ${facts.city},
      address = ${facts.address}, capacity = ${facts.capacity}, hold_minutes = ${facts.holdMinutes},
      min_new_member_amount = ${facts.minNewMemberAmount}, min_raise = ${facts.minRaise},
      donation_step = ${facts.donationStep}, raise_presets = string_to_array(${facts.raisePresets.join(',')}, ',')::int[],
      admission = ${facts.admission}, seller_name = ${facts.sellerName}, seller_fee = ${facts.sellerFee},
      calendar_sequence = calendar_sequence + ${moved ? 1 : 0}, updated_at = now()
    WHERE id = ${id}
    RETURNING ${sql.unsafe(COLUMNS)}`;
  return row!;
}

export async function setConcertStatus(sql: Queryable, id: number, status: ConcertState): Promise<void> {
  await sql`UPDATE concerts SET status = ${status}, updated_at = now() WHERE id = ${id}`;
}
