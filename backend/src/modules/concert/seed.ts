/**
 * The first concert, made once when none is stored (issue 38 §7), and demo mode's concert.
 *
 * - A running deployment keeps its sale: its first start on this code stores concert #1 from the
 *   facts the 2025 release had compiled in and its SALES_OPEN_AT, SALES_CLOSE_AT and
 *   CONCERT_CAPACITY. After that the office sets everything on /admin/concert and those variables
 *   are ignored (the server warns that they are).
 * - Demo mode with no current concert, or only one that has ended, gets one 56 days ahead
 *   (Stockholm date; DEMO_CONCERT_DATE pins it), doors 18:00, start 19:00, end 23:00, on sale
 *   from now to the day before.
 */
import { addCalendarDays, stockholmDate, stockholmInstant } from '@concert/shared/stockholm-time';
import type { Queryable, Sql } from '../../db/connect.js';
import {
  concertCount,
  insertConcert,
  publishedConcert,
  setConcertStatus,
  type StoredFacts,
} from './records.js';

/** The facts the product had compiled in until issue 38: concert #1 of a deployment that ran it. */
const FIRST_CONCERT = {
  date: '2025-09-15',
  doors: '18:00',
  start: '19:00',
  end: '23:00',
  ticketEmail: '2025-09-10T10:00',
  venue: 'Cirkus',
  city: 'Stockholm',
  address: 'Djurgårdsslätten 43–45',
  sellerFee: 15,
} as const;

/** What a new concert starts with until the office changes it. */
const DEFAULT_TERMS = {
  minNewMemberAmount: 150,
  minRaise: 75,
  donationStep: 10,
  raisePresets: [100, 150, 200],
  admission: 'door',
  sellerName: '',
  sellerFee: 0,
} as const;

/** Days ahead of today the demo's concert is, and how long before it the ticket e-mail goes. */
const DEMO_DAYS_AHEAD = 56;
const TICKET_EMAIL_DAYS_BEFORE = 5;

export interface SeedSettings {
  demo: boolean;
  capacity: number;
  holdMs: number;
  salesOpenAt?: number;
  salesCloseAt?: number;
  demoConcertDate?: string;
}

const at = (date: string, time: string): Date => stockholmInstant(`${date}T${time}`)!;

/** Makes the concert a fresh database or a demo needs; tells what it did. */
export async function ensureConcert(
  sql: Sql,
  settings: SeedSettings,
  now = Date.now(),
): Promise<{ created?: number; envIgnored: boolean }> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(724002)`;
    const result = await seed(tx, settings, now);
    await adoptRowsOfFirstConcert(tx);
    return result;
  });
}

/** Tickets, waiting list, mail-out, erasures and door salt from before concerts had ids: concert #1's (migration 051). */
async function adoptRowsOfFirstConcert(tx: Queryable): Promise<void> {
  for (const table of [
    'tickets',
    'queue_entries',
    'queue_offers',
    'ticket_mailout',
    'sale_erasures',
    'door_list_salt',
  ])
    await tx`UPDATE ${tx(table)} SET concert_id = (SELECT min(id) FROM concerts) WHERE concert_id IS NULL`;
}

async function seed(
  tx: Queryable,
  settings: SeedSettings,
  now: number,
): Promise<{ created?: number; envIgnored: boolean }> {
  const current = await publishedConcert(tx);
  const stored = await concertCount(tx);
  const envGiven = settings.salesOpenAt !== undefined || settings.salesCloseAt !== undefined;
  if (settings.demo) {
    if (current && current.endsAt.getTime() > now) return { envIgnored: envGiven };
    if (current) await setConcertStatus(tx, current.id, 'archived');
    const created = await insertConcert(tx, demoFacts(settings, now), 'published');
    return { created: created.id, envIgnored: false };
  }
  if (stored > 0) return { envIgnored: envGiven };
  const created = await insertConcert(tx, firstFacts(settings), envGiven ? 'published' : 'draft');
  return { created: created.id, envIgnored: false };
}

function demoFacts(s: SeedSettings, now: number): StoredFacts {
  const date = s.demoConcertDate ?? addCalendarDays(stockholmDate(now), DEMO_DAYS_AHEAD);
  const dayBefore = addCalendarDays(date, -1);
  const closes = s.salesCloseAt !== undefined ? new Date(s.salesCloseAt) : at(dayBefore, '23:59');
  const opens = new Date(s.salesOpenAt ?? Math.min(now - 60_000, closes.getTime() - 86_400_000));
  return facts(s, date, opens, closes);
}

function firstFacts(s: SeedSettings): StoredFacts {
  const closes = s.salesCloseAt !== undefined ? new Date(s.salesCloseAt) : at(FIRST_CONCERT.date, '12:00');
  const opens = new Date(s.salesOpenAt ?? closes.getTime() - 30 * 86_400_000);
  return {
    ...facts(s, FIRST_CONCERT.date, opens, closes),
    ticketEmailAt: stockholmInstant(FIRST_CONCERT.ticketEmail)!,
    // The 2025 sale's tickets were collected at a ticket seller for a fee.
    admission: 'seller',
    sellerFee: FIRST_CONCERT.sellerFee,
  };
}

function facts(s: SeedSettings, date: string, opens: Date, closes: Date): StoredFacts {
  // The ticket e-mail five days before at 10:00, kept inside the sale window.
  const email = at(addCalendarDays(date, -TICKET_EMAIL_DAYS_BEFORE), '10:00').getTime();
  const ticketEmailAt = new Date(Math.min(Math.max(email, opens.getTime()), closes.getTime()));
  return {
    doorsAt: at(date, FIRST_CONCERT.doors),
    startsAt: at(date, FIRST_CONCERT.start),
    endsAt: at(date, FIRST_CONCERT.end),
    saleOpensAt: opens,
    saleClosesAt: closes,
    ticketEmailAt,
    venue: FIRST_CONCERT.venue,
    city: FIRST_CONCERT.city,
    address: FIRST_CONCERT.address,
    capacity: s.capacity,
    holdMinutes: s.holdMs / 60_000,
    ...DEFAULT_TERMS,
    raisePresets: [...DEFAULT_TERMS.raisePresets],
  };
}
