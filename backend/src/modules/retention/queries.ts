import type { Queryable } from '../../db/connect.js';
import type { ErasedCounts } from './erase-sale-data.js';

/**
 * Claims the scheduled erasure: the unique index lets one row with trigger 'scheduled' exist,
 * so of two processes the second waits for the first's transaction and then finds it taken.
 * Answers the claim's id, or undefined when it was already done.
 */
export async function claimScheduledErasure(sql: Queryable, concertId: number): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO sale_erasures (concert_id, trigger, counts)
    VALUES (${concertId}, 'scheduled', '{}'::jsonb)
    ON CONFLICT DO NOTHING
    RETURNING id::text`;
  return row?.id;
}

export async function recordErasureCounts(sql: Queryable, id: string, counts: ErasedCounts): Promise<void> {
  await sql`
    UPDATE sale_erasures
    SET counts = ${sql.json(counts as never)}
    WHERE id = ${id}::bigint`;
}

export async function recordEarlyErasure(
  sql: Queryable,
  staffId: string,
  counts: ErasedCounts,
  concertId: number,
): Promise<void> {
  await sql`
    INSERT INTO sale_erasures (concert_id, trigger, staff_id, counts)
    VALUES (${concertId}, 'early', ${staffId}, ${sql.json(counts as never)})`;
}

export interface ErasureRecord {
  at: Date;
  trigger: 'scheduled' | 'early';
  staff: string | null;
  counts: ErasedCounts;
}

export async function erasuresDone(
  sql: Queryable,
  limit: number,
  concertId: number,
): Promise<ErasureRecord[]> {
  return sql<ErasureRecord[]>`
    SELECT e.at, e.trigger, s.email AS staff, e.counts
    FROM sale_erasures e
    LEFT JOIN staff s ON s.id = e.staff_id
    WHERE e.concert_id = ${concertId}
    ORDER BY e.id DESC
    LIMIT ${limit}`;
}

/**
 * The concerts whose erasure day has come (ERASE_AFTER_DAYS after the later of the end and the
 * sale's close) and whose scheduled erasure has not run: the current one and any archived one.
 */
export async function concertsDueForErasure(
  sql: Queryable,
  eraseAfterDays: number,
  now: Date,
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    SELECT c.id
    FROM concerts c
    WHERE c.status IN ('published', 'archived')
      AND GREATEST(c.ends_at, c.sale_closes_at) + ${eraseAfterDays} * interval '1 day' <= ${now}
      AND NOT EXISTS (SELECT 1 FROM sale_erasures e WHERE e.concert_id = c.id AND e.trigger = 'scheduled')
    ORDER BY c.id`;
  return rows.map((r) => r.id);
}
