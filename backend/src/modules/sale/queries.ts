import type { SaleDashboard } from '@concert/shared/api';
import { STOCKHOLM } from '@concert/shared/stockholm-time';
import type { Queryable } from '../../db/connect.js';
import type { TicketScope } from '../tickets/queries/availability.js';

/**
 * The office's dashboard in ONE statement: tickets (capacity, live holds, confirmed, checked
 * in), the queue, today's funnel, the signed donations, mandates by state and the sale per
 * minute. Each part is a CTE; a new figure (e.g. the queue's offers) is a column of its part.
 * Only signed amount changes count as donations (bankid_transaction_id): the member register's
 * own history (demo seed, Autogiro files) is not the sale.
 */
export async function saleDashboardFigures(
  sql: Queryable,
  scope: TicketScope,
  minutesSince: Date | null = null,
): Promise<SaleDashboard> {
  const [row] = await sql<SaleDashboard[]>`
    WITH today AS (
      SELECT date_trunc('day', now() AT TIME ZONE ${STOCKHOLM}) AT TIME ZONE ${STOCKHOLM} AS start
    ), tickets_now AS (
      SELECT
        count(*) FILTER (WHERE confirmed_at IS NOT NULL)::int AS confirmed,
        count(*) FILTER (WHERE confirmed_at IS NULL AND hold_expires_at > now() AND seq <= ${scope.capacity})::int AS live_holds,
        count(*) FILTER (WHERE scanned_at IS NOT NULL)::int AS checked_in,
        count(*) FILTER (WHERE cancelled_at IS NOT NULL)::int AS cancelled
      FROM tickets
      WHERE concert_id = ${scope.concertId}
    ), queue_now AS (
      -- Confirmed places by the queue's state: waiting for an offer, holding one now, accepted.
      SELECT
        count(*) FILTER (WHERE state = 'waiting')::int AS waiting,
        count(*) FILTER (WHERE state = 'offered')::int AS offered,
        count(*) FILTER (WHERE state = 'accepted')::int AS accepted
      FROM queue_entries
      WHERE concert_id = ${scope.concertId}
        AND confirmed_at IS NOT NULL
    ), funnel AS (
      -- Today's BankID orders, counted from the covering index alone: identifications begun and
      -- completed, and signatures applied (a session's ticket is confirmed once). Orders, not
      -- sessions: a visitor who tries again counts twice (grouping by session cost more than
      -- the rest of the dashboard together at 10,000 tickets).
      SELECT
        count(*) FILTER (WHERE kind = 'auth')::int AS started,
        count(*) FILTER (WHERE kind = 'auth' AND status = 'complete')::int AS identified,
        count(*) FILTER (WHERE kind = 'sign' AND applied_outcome = 'applied')::int AS signed
      FROM bankid_transactions
      WHERE created_at >= (SELECT start FROM today)
    ), signed AS (
      SELECT changed_at, old_amount, new_amount
      FROM mandate_amount_history
      WHERE bankid_transaction_id IS NOT NULL
    ), recent AS (
      -- The chart's minutes from minutesSince on (all of them when null): the caller keeps the older ones.
      SELECT COALESCE(${minutesSince}::timestamptz, '-infinity'::timestamptz) AS since
    ), donations AS (
      SELECT
        count(*) FILTER (WHERE old_amount IS NULL)::int AS new_donors,
        COALESCE(sum(new_amount) FILTER (WHERE old_amount IS NULL), 0)::int AS new_donor_kronor,
        count(*) FILTER (WHERE old_amount IS NOT NULL)::int AS raises,
        COALESCE(sum(new_amount - old_amount) FILTER (WHERE old_amount IS NOT NULL), 0)::int AS raise_kronor
      FROM signed
    ), mandates AS (
      -- Pairs, not an object: a state's name is data (the driver would camel-case object keys).
      SELECT COALESCE(jsonb_agg(jsonb_build_object('state', state, 'count', n) ORDER BY state), '[]'::jsonb) AS by_state
      FROM (SELECT state, count(*)::int AS n FROM autogiro_mandates GROUP BY state) s
    ), minutes AS (
      SELECT COALESCE(jsonb_agg(jsonb_build_array(m, tickets, kronor) ORDER BY m), '[]'::jsonb) AS series
      FROM (
        SELECT m, sum(tickets)::int AS tickets, sum(kronor)::int AS kronor
        FROM (
          -- date_part (double) rather than extract (numeric since PostgreSQL 14): several times cheaper per row.
          SELECT floor(date_part('epoch', confirmed_at) / 60)::bigint * 60 AS m, 1 AS tickets, 0 AS kronor
          FROM tickets
          WHERE concert_id = ${scope.concertId}
            AND confirmed_at IS NOT NULL
            AND confirmed_at >= (SELECT since FROM recent)
          UNION ALL
          SELECT floor(date_part('epoch', changed_at) / 60)::bigint * 60, 0, new_amount - COALESCE(old_amount, 0)
          FROM signed
          WHERE changed_at >= (SELECT since FROM recent)
        ) events
        GROUP BY m
      ) per_minute
    )
    SELECT
      to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS as_of,
      ${scope.capacity}::int AS capacity,
      t.live_holds,
      t.confirmed,
      t.checked_in,
      t.cancelled,
      jsonb_build_object('waiting', q.waiting, 'offered', q.offered, 'accepted', q.accepted) AS queue,
      jsonb_build_object('started', f.started, 'identified', f.identified, 'signed', f.signed) AS funnel,
      jsonb_build_object('newDonors', d.new_donors, 'newDonorKronor', d.new_donor_kronor, 'raises', d.raises, 'raiseKronor', d.raise_kronor) AS donations,
      md.by_state AS mandates,
      mi.series AS per_minute
    FROM tickets_now t, queue_now q, funnel f, donations d, mandates md, minutes mi`;
  return row!;
}
