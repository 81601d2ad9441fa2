import type { ErasureCounts, ErasurePlan } from '@concert/shared/api';
import type { Logger } from 'pino';
import type { Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { eraseSaleDataIn, pendingErasure, type ErasedCounts } from './erase-sale-data.js';
import {
  claimScheduledErasure,
  erasuresDone,
  recordEarlyErasure,
  recordErasureCounts,
  scheduledErasureDone,
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
  /** The current concert's times (getters over the concert store: the office may move them). */
  concert: { readonly startsAt: number; readonly endsAt: number; readonly salesCloseAt: number };
  now?: () => Date;
}) {
  const dueAt = () => new Date(Math.max(concert.endsAt, concert.salesCloseAt) + eraseAfterDays * DAY_MS);

  async function plan(): Promise<ErasurePlan> {
    const [pending, done] = await Promise.all([pendingErasure(sql), erasuresDone(sql, 20)]);
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
    if (now().getTime() < concert.salesCloseAt) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    return sql.begin(async (tx) => {
      const counts = await eraseSaleDataIn(tx);
      await recordEarlyErasure(tx, staff.id, counts);
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'retention.erase',
        after: { trigger: 'early', ...counts },
      });
      return counts;
    });
  }

  /** The scheduler's work: on the day, once across all processes (claimed in the same transaction as the erase). */
  async function tick(): Promise<ErasedCounts | undefined> {
    if (now().getTime() < dueAt().getTime()) return undefined;
    if (await scheduledErasureDone(sql)) return undefined;
    const counts = await sql.begin(async (tx) => {
      const claim = await claimScheduledErasure(tx);
      if (!claim) return undefined;
      const erased = await eraseSaleDataIn(tx);
      await recordErasureCounts(tx, claim, erased);
      await recordAudit(tx, {
        staffId: null,
        action: 'retention.erase',
        after: { trigger: 'scheduled', ...erased },
      });
      return erased;
    });
    if (counts) log.info({ counts }, 'personal data of the sale erased as scheduled');
    return counts;
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
