/**
 * The office sets the concert (issue 38): reads it, changes its facts under the rules of
 * `concertRefusals` (one definition, shared with the office's form), copies it into next year's
 * draft and publishes that. Every change leaves an audit row with the facts before and after.
 */
import {
  concertRefusals,
  NOTICE_FIELDS,
  type Concert,
  type ConcertAnswer,
  type ConcertFacts,
  type ParsedPayload,
} from '@concert/shared/api';
import type { ErrorId } from '@concert/shared/universal';
import { addCalendarDays, calendarDaysBetween, stockholmInstant } from '@concert/shared/stockholm-time';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { ensureTicketRows } from '../tickets/queries/availability.js';
import { apiFacts, storedFacts, toApiConcert } from './facts.js';
import {
  concertById,
  insertConcert,
  listConcertRecords,
  publishedConcert,
  setConcertStatus,
  updateConcert,
} from './records.js';
import { queueChangeNotices } from './notices.js';
import type { ConcertStore } from './store.js';
import { staleConcertTexts } from './stale-texts.js';
import { ticketScopeOf } from './terms.js';

/**
 * A refused value: 400 INVALID_ARGUMENT whose message is the field's name (CONTRACT.md §2 "The
 * concert"); the form says why from the same rules. Field names are not in the error catalogue,
 * which is why this is the one place that widens the id.
 */
const refusedField = (field: string) => new AppError('INVALID_ARGUMENT', field as ErrorId);

/** Tickets the capacity may not go below, ticket holders and the waiting list, in one statement. */
async function concertFigures(sql: Queryable, concertId: number): Promise<Omit<ConcertAnswer, 'concert'>> {
  const [row] = await sql<Omit<ConcertAnswer, 'concert'>[]>`
    SELECT
      (SELECT count(*)::int FROM tickets WHERE concert_id = ${concertId} AND (confirmed_at IS NOT NULL OR hold_expires_at > now())) AS taken,
      (SELECT count(*)::int FROM tickets WHERE concert_id = ${concertId} AND confirmed_at IS NOT NULL) AS holders,
      (SELECT count(*)::int FROM queue_entries WHERE concert_id = ${concertId} AND confirmed_at IS NOT NULL AND state = 'waiting') AS queue_waiting`;
  return row!;
}

/** The changed facts as the audit log keeps them (a list as its text). */
function auditFacts(fields: (keyof ConcertFacts)[], facts: ConcertFacts): Record<string, string | number> {
  return Object.fromEntries(
    fields.map((k) => {
      const value = facts[k];
      return [k, Array.isArray(value) ? value.join(', ') : value];
    }),
  );
}

export function createConcertService(deps: { sql: Sql; store: ConcertStore }) {
  const { sql, store } = deps;

  async function answer(concert: Concert, tx: Queryable = sql): Promise<ConcertAnswer> {
    return { concert, ...(await concertFigures(tx, concert.id)) };
  }

  async function getConcert(): Promise<ConcertAnswer> {
    const current = await publishedConcert(sql);
    if (!current) throw notFound();
    return answer(toApiConcert(current));
  }

  async function listConcerts(): Promise<{ concerts: Concert[] }> {
    return { concerts: (await listConcertRecords(sql)).map(toApiConcert) };
  }

  async function saveConcert(
    staff: StaffMember,
    input: ParsedPayload<'saveConcert'>,
  ): Promise<ConcertAnswer & { notified: number }> {
    const { id, notify = true, notifyQueue = false, userAgent: _ua, ...changes } = input;
    const saved = await sql.begin(async (tx) => {
      const before = await concertById(tx, id, true);
      if (!before) throw notFound();
      if (before.status === 'archived' || before.status === 'cancelled')
        throw new AppError('FAILED_PRECONDITION', 'invalidState');
      const was = apiFacts(before);
      const facts: ConcertFacts = { ...was, ...changes };
      const figures = await concertFigures(tx, id);
      const taken = before.status === 'published' ? figures.taken : 0;
      const refusal = concertRefusals(facts, taken)[0];
      if (refusal) throw refusedField(refusal.field);
      const changed = (Object.keys(facts) as (keyof ConcertFacts)[]).filter(
        (k) => JSON.stringify(facts[k]) !== JSON.stringify(was[k]),
      );
      if (changed.length === 0) return { concert: toApiConcert(before), figures, notified: 0 };
      const moved = changed.some((k) => (NOTICE_FIELDS as readonly string[]).includes(k));
      const after = await updateConcert(tx, id, storedFacts(facts), moved);
      if (after.status === 'published') await ensureTicketRows(tx, ticketScopeOf(after));
      // Ticket holders hear of a new date, time or place (the office may say not to).
      const notified =
        moved && notify && after.status === 'published'
          ? await queueChangeNotices(tx, { before, after, includeQueue: notifyQueue })
          : 0;
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'concert.save',
        subject: String(id),
        before: auditFacts(changed, was),
        after: { ...auditFacts(changed, facts), notified },
      });
      return { concert: toApiConcert(after), figures, notified };
    });
    await store.reload();
    return { concert: saved.concert, ...saved.figures, notified: saved.notified };
  }

  /**
   * Next year's concert from this one: a draft on the new date with every fact copied, the sale
   * window and ticket e-mail the same number of calendar days before it at the same wall-clock
   * times (08:00 stays 08:00 across a daylight-saving change).
   */
  async function copyConcert(
    staff: StaffMember,
    input: ParsedPayload<'copyConcert'>,
  ): Promise<{ concert: Concert }> {
    const from = await concertById(sql, input.fromId);
    if (!from) throw notFound();
    const facts = apiFacts(from);
    const newStart = stockholmInstant(input.startsAt);
    if (!newStart) throw refusedField('startsAt');
    const shift = calendarDaysBetween(facts.startsAt.slice(0, 10), input.startsAt.slice(0, 10));
    const moved = (wall: string) => `${addCalendarDays(wall.slice(0, 10), shift)}${wall.slice(10)}`;
    const copied: ConcertFacts = {
      ...facts,
      doorsAt: moved(facts.doorsAt),
      startsAt: input.startsAt,
      endsAt: moved(facts.endsAt),
      saleOpensAt: moved(facts.saleOpensAt),
      saleClosesAt: moved(facts.saleClosesAt),
      ticketEmailAt: moved(facts.ticketEmailAt),
    };
    const refusal = concertRefusals(copied)[0];
    if (refusal) throw refusedField(refusal.field);
    const concert = await sql.begin(async (tx) => {
      const created = await insertConcert(tx, storedFacts(copied), 'draft');
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'concert.copy',
        subject: String(created.id),
        before: { fromId: from.id },
        after: { startsAt: copied.startsAt },
      });
      return created;
    });
    return { concert: toApiConcert(concert) };
  }

  /** The draft becomes the current concert; the previous one is archived (read-only). */
  async function publishConcert(
    staff: StaffMember,
    input: ParsedPayload<'publishConcert'>,
    now = Date.now(),
  ): Promise<{ concert: Concert }> {
    const concert = await sql.begin(async (tx) => {
      const draft = await concertById(tx, input.id, true);
      if (!draft) throw notFound();
      if (draft.status !== 'draft') throw new AppError('FAILED_PRECONDITION', 'invalidState');
      const ready =
        draft.startsAt.getTime() > now &&
        draft.capacity > 0 &&
        concertRefusals(apiFacts(draft)).length === 0 &&
        (await staleConcertTexts(tx, draft)).length === 0;
      if (!ready) throw new AppError('FAILED_PRECONDITION', 'notReady' as ErrorId);
      const previous = await publishedConcert(tx);
      if (previous) await setConcertStatus(tx, previous.id, 'archived');
      await setConcertStatus(tx, draft.id, 'published');
      await ensureTicketRows(tx, ticketScopeOf(draft));
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'concert.publish',
        subject: String(draft.id),
        before: previous ? { published: previous.id } : null,
        after: { published: draft.id },
      });
      return (await concertById(tx, draft.id))!;
    });
    await store.reload();
    return { concert: toApiConcert(concert) };
  }

  /** The texts that would keep a concert from being published, for the office to hand to the editors. */
  async function checkConcertTexts(input: ParsedPayload<'checkConcertTexts'>) {
    const concert = await concertById(sql, input.id);
    if (!concert) throw notFound();
    return { stale: await staleConcertTexts(sql, concert) };
  }

  return { getConcert, listConcerts, saveConcert, copyConcert, publishConcert, checkConcertTexts };
}
export type ConcertService = ReturnType<typeof createConcertService>;
