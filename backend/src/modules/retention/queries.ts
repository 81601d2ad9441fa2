import type { Queryable } from '../../db/connect.js';
import type { ErasedCounts } from './erase-sale-data.js';

/**
 * Claims the scheduled erasure: the unique index lets one row with trigger 'scheduled' exist,
 * so of two processes the second waits for the first's transaction and then finds it taken.
 * Answers the claim's id, or undefined when it was already done.
 */
export async function claimScheduledErasure(sql: Queryable): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO sale_erasures (trigger, counts)
    VALUES ('scheduled', '{}'::jsonb)
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
): Promise<void> {
  await sql`
    INSERT INTO sale_erasures (trigger, staff_id, counts)
    VALUES ('early', ${staffId}, ${sql.json(counts as never)})`;
}

export interface ErasureRecord {
  at: Date;
  trigger: 'scheduled' | 'early';
  staff: string | null;
  counts: ErasedCounts;
}

export async function erasuresDone(sql: Queryable, limit: number): Promise<ErasureRecord[]> {
  return sql<ErasureRecord[]>`
    SELECT e.at, e.trigger, s.email AS staff, e.counts
    FROM sale_erasures e
    LEFT JOIN staff s ON s.id = e.staff_id
    ORDER BY e.id DESC
    LIMIT ${limit}`;
}

export async function scheduledErasureDone(sql: Queryable): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM sale_erasures WHERE trigger = 'scheduled'`;
  return !!row;
}
