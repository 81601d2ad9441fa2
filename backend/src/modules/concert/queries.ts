import type { Queryable } from '../../db/connect.js';
import type { TicketScope } from '../tickets/queries/availability.js';

export interface SaleSnapshot {
  confirmed: number;
  liveHolds: number;
  unidentifiedHolds: number;
  pendingHolds: number;
  /** The queue's length: confirmed places still waiting for an offer. */
  queueWaiting: number;
  /** Places with a live offer of a ticket. */
  queueOffered: number;
  outboxWaiting: number;
  /** Seconds since the oldest e-mail still waiting (pending or being sent) was queued; 0 when none waits. */
  outboxOldestSeconds: number;
}

/** The sale at a glance, in one statement (metrics read it once per scrape). */
export async function saleSnapshot(sql: Queryable, scope: TicketScope): Promise<SaleSnapshot> {
  const { concertId, capacity } = scope;
  const [row] = await sql<SaleSnapshot[]>`
    SELECT
      (SELECT count(*)::int FROM tickets WHERE concert_id = ${concertId} AND seq <= ${capacity} AND confirmed_at IS NOT NULL) AS confirmed,
      (SELECT count(*)::int FROM tickets WHERE concert_id = ${concertId} AND seq <= ${capacity} AND confirmed_at IS NULL AND hold_expires_at > now()) AS live_holds,
      (SELECT count(*)::int FROM tickets WHERE confirmed_at IS NULL AND holder_uid IS NOT NULL AND holder_person_hash IS NULL AND hold_expires_at > now()) AS unidentified_holds,
      (SELECT count(*)::int FROM pending_holds WHERE hold_until > now()) AS pending_holds,
      (SELECT count(*)::int FROM queue_entries WHERE concert_id = ${concertId} AND confirmed_at IS NOT NULL AND state = 'waiting') AS queue_waiting,
      (SELECT count(*)::int FROM queue_entries WHERE concert_id = ${concertId} AND confirmed_at IS NOT NULL AND state = 'offered') AS queue_offered,
      (SELECT count(*)::int FROM email_outbox WHERE status IN ('pending', 'sending')) AS outbox_waiting,
      (SELECT COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float8 FROM email_outbox WHERE status IN ('pending', 'sending')) AS outbox_oldest_seconds`;
  return row!;
}
