import type { ErasureCounts, ErasurePlan } from '@concert/shared/api';
import type { Logger } from 'pino';
import type { Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { eraseSaleDataIn, pendingErasure, type ErasedCounts } from './erase-sale-data.js';
import {
  claimScheduledErasure,
  concertsDueForErasure,
  erasuresDone,
  recordEarlyErasure,
  recordErasureCounts,
} from './queries.js';

const DAY_MS = 86_400_000;

/**
 * When the sale's personal data goes: ERASE_AFTER_DAYS after the concert has ended, or after
 * the sale has closed if that is later (a sale still open never loses its attendees; demo
 * mode's sale closes 30 days after start). The scheduler runs the erase once by itself; the
 * office sees what it will erase and when, and may run it early once the sale has closed.
 * Statistics, members and mandates, and the audit log's facts stay (erase-sale-data.ts).
 */
export function createRetentionService({
  sql,
  log,
  eraseAfterDays,
  concert,
  now = () => new Date(),
}: {
  sql: Sql;
  log: Logger;
  eraseAfterDays: number;
  /** The current concert's id and times (getters over the concert store: the office may move them). */
  concert: {
    readonly id: number;
    readonly startsAt: number;
    readonly endsAt: number;
    readonly salesCloseAt: number;
  };
  now?: () => Date;
}) {
  const dueAt = () => new Date(Math.max(concert.endsAt, concert.salesCloseAt) + eraseAfterDays * DAY_MS);

  async function plan(): Promise<ErasurePlan> {
    const [pending, done] = await Promise.all([
      pendingErasure(sql, concert.id),
      erasuresDone(sql, 20, concert.id),
    ]);
    return {
      concertAt: new Date(concert.startsAt).toISOString(),
      eraseAfterDays,
      dueAt: dueAt().toISOString(),
      earlyAllowedFrom: new Date(concert.salesCloseAt).toISOString(),
      pending,
      done: done.map((d) => ({
        at: d.at.toISOString(),
        trigger: d.trigger,
        staff: d.staff,
        counts: d.counts,
      })),
    };
  }

  /** The office erases now rather than on the day: only once the sale has closed. */
  async function eraseEarly(staff: StaffMember): Promise<ErasureCounts> {
    const concertId = concert.id;
    if (!concertId || now().getTime() < concert.salesCloseAt)
      throw new AppError('FAILED_PRECONDITION', 'invalidState');
    return sql.begin(async (tx) => {
      const counts = await eraseSaleDataIn(tx, concertId);
      await recordEarlyErasure(tx, staff.id, counts, concertId);
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'retention.erase',
        subject: String(concertId),
        after: { trigger: 'early', ...counts },
      });
      return counts;
    });
  }

  /**
   * The scheduler's work: each concert's erasure on its day (an archived one's too), once across
   * all processes (claimed in the same transaction as the erase). The counts of the last one run.
   */
  async function tick(): Promise<ErasedCounts | undefined> {
    let last: ErasedCounts | undefined;
    for (const concertId of await concertsDueForErasure(sql, eraseAfterDays, now())) {
      const counts = await sql.begin(async (tx) => {
        const claim = await claimScheduledErasure(tx, concertId);
        if (!claim) return undefined;
        const erased = await eraseSaleDataIn(tx, concertId);
        await recordErasureCounts(tx, claim, erased);
        await recordAudit(tx, {
          staffId: null,
          action: 'retention.erase',
          subject: String(concertId),
          after: { trigger: 'scheduled', ...erased },
        });
        return erased;
      });
      if (counts) log.info({ counts, concertId }, 'personal data of the sale erased as scheduled');
      last = counts ?? last;
    }
    return last;
  }

  return {
    plan,
    eraseEarly,
    tick,
    get dueAt() {
      return dueAt();
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
