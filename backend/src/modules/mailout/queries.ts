import type { Queryable } from '../../db/connect.js';

export interface MailoutRow {
  sendAt: Date;
  scheduledBy: string | null;
  scheduledAt: Date;
  releasedAt: Date | null;
}

export async function mailout(sql: Queryable, concertId: number): Promise<MailoutRow | undefined> {
  const [row] = await sql<MailoutRow[]>`
    SELECT m.send_at, s.email AS scheduled_by, m.scheduled_at, m.released_at
    FROM ticket_mailout m
    LEFT JOIN staff s ON s.id = m.scheduled_by
    WHERE m.concert_id = ${concertId}`;
  return row;
}

/**
 * Schedules the mail-out (or moves it) while it has not gone out; once released it stays as it
 * was (pressing again changes nothing). Answers the row before and whether it changed.
 */
export async function scheduleMailout(
  sql: Queryable,
  sendAt: Date | null,
  staffId: string,
  concertId: number,
): Promise<{ before: { sendAt: Date } | undefined; changed: boolean }> {
  const [before] = await sql<{ sendAt: Date; releasedAt: Date | null }[]>`
    SELECT send_at, released_at
    FROM ticket_mailout
    WHERE concert_id = ${concertId}
    FOR UPDATE`;
  if (before?.releasedAt) return { before, changed: false };
  await sql`
    INSERT INTO ticket_mailout (concert_id, send_at, scheduled_by, scheduled_at)
    VALUES (${concertId}, COALESCE(${sendAt}::timestamptz, now()), ${staffId}, now())
    ON CONFLICT (concert_id) DO UPDATE
    SET send_at = EXCLUDED.send_at,
        scheduled_by = EXCLUDED.scheduled_by,
        scheduled_at = EXCLUDED.scheduled_at`;
  return { before, changed: true };
}

/** Calls off a mail-out that has not gone out; true if there was one. */
export async function cancelMailout(sql: Queryable, concertId: number): Promise<Date | undefined> {
  const [row] = await sql<{ sendAt: Date }[]>`
    DELETE FROM ticket_mailout
    WHERE concert_id = ${concertId}
      AND released_at IS NULL
    RETURNING send_at`;
  return row?.sendAt;
}

/** Marks a due mail-out as released (the moment it goes out); true when this call released it. */
export async function releaseDueMailout(sql: Queryable): Promise<boolean> {
  const rows = await sql`
    UPDATE ticket_mailout
    SET released_at = now()
    WHERE released_at IS NULL
      AND send_at <= now()
    RETURNING concert_id`;
  return rows.length > 0;
}

/**
 * The language a ticket's holder signed in (Swedish for tickets added by hand): what every e-mail
 * to an attendee is written in. A fragment over `tickets t`.
 */
export function attendeeLang(sql: Queryable) {
  return sql`COALESCE((
    SELECT b.sign_request->>'lang'
    FROM autogiro_mandates a
    JOIN mandate_amount_history h ON h.mandate_id = a.id
    JOIN bankid_transactions b ON b.id = h.bankid_transaction_id
    WHERE a.person_id = t.person_id
      AND b.sign_request->>'lang' IN ('sv', 'en')
    ORDER BY h.id DESC
    LIMIT 1
  ), 'sv')`;
}

/**
 * Puts the ticket e-mail of up to `limit` confirmed tickets that have none yet into the outbox,
 * once the mail-out is released; `onlyTicket` narrows it to one ticket (the hook when a ticket
 * is confirmed after the mail-out). Exactly once per ticket: the mail-out's table is keyed by
 * the ticket and the outbox row by `mailout:<ticket id>`; concurrent callers skip each other's
 * tickets (SKIP LOCKED) or meet the unique keys. The e-mail goes in the language the attendee
 * signed in (Swedish for tickets added by hand). Answers how many were queued.
 */
export async function queueTicketEmails(
  sql: Queryable,
  limit: number,
  onlyTicketHash?: string,
): Promise<number> {
  // The due tickets, locked; the e-mails go in with their codes as the tickets keep them (hash and seal).
  const due = await sql<
    {
      id: string;
      attendeeEmail: string;
      firstName: string | null;
      doorCodeHash: string | null;
      doorCodeSealed: string | null;
      lang: string;
    }[]
  >`
    SELECT t.id::text, t.attendee_email, t.attendee_first_name AS first_name, t.door_code_hash, t.door_code_sealed,
           ${attendeeLang(sql)} AS lang
    FROM tickets t
    WHERE t.confirmed_at IS NOT NULL
      AND t.attendee_email IS NOT NULL
      AND t.attendee_email <> ''
      AND t.door_code_hash IS NOT NULL
      ${onlyTicketHash === undefined ? sql`` : sql`AND t.door_code_hash = ${onlyTicketHash}`}
      AND NOT EXISTS (SELECT 1 FROM ticket_mailout_emails m WHERE m.ticket_id = t.id)
      AND EXISTS (SELECT 1 FROM ticket_mailout mo WHERE mo.concert_id = t.concert_id AND mo.released_at IS NOT NULL)
    ORDER BY t.id
    LIMIT ${limit}
    FOR UPDATE OF t SKIP LOCKED`;
  if (due.length === 0) return 0;
  // The code as the ticket keeps it, hashed and sealed (outbox/door-code-vars.ts): never plain in the outbox.
  const emails = due.map((d) => ({
    to_email: d.attendeeEmail,
    lang: d.lang,
    vars: { firstName: d.firstName ?? '', doorCodeHash: d.doorCodeHash, doorCodeSealed: d.doorCodeSealed },
    dedupe_key: `mailout:${d.id}`,
  }));
  const rows = await sql`
    WITH queued AS (
      INSERT INTO email_outbox (to_email, lang, email_type, vars, dedupe_key)
      SELECT e.to_email, e.lang, 'finalTicket', e.vars, e.dedupe_key
      FROM json_to_recordset(${JSON.stringify(emails)}::text::json) AS e(to_email text, lang text, vars jsonb, dedupe_key text)
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id, dedupe_key
    )
    INSERT INTO ticket_mailout_emails (ticket_id, outbox_id)
    SELECT substr(dedupe_key, length('mailout:') + 1)::bigint, id
    FROM queued
    ON CONFLICT (ticket_id) DO NOTHING
    RETURNING ticket_id`;
  return rows.length;
}

export interface MailoutProgress {
  attendees: number;
  sent: number;
  inOutbox: number;
  failed: number;
}

/** Confirmed attendees with an address, and how their ticket e-mails stand. */
export async function mailoutProgress(sql: Queryable, concertId: number): Promise<MailoutProgress> {
  const [row] = await sql<MailoutProgress[]>`
    SELECT
      (SELECT count(*)::int FROM tickets WHERE concert_id = ${concertId} AND confirmed_at IS NOT NULL AND attendee_email IS NOT NULL AND attendee_email <> '') AS attendees,
      count(*) FILTER (WHERE o.status = 'sent')::int AS sent,
      count(*) FILTER (WHERE o.status IN ('pending', 'sending'))::int AS in_outbox,
      count(*) FILTER (WHERE o.status = 'failed')::int AS failed
    FROM ticket_mailout_emails m
    JOIN tickets t ON t.id = m.ticket_id AND t.concert_id = ${concertId}
    JOIN email_outbox o ON o.id = m.outbox_id`;
  return row!;
}

/**
 * Whom the mail-out reaches if it goes now: confirmed attendees with an address whose ticket
 * e-mail is not queued yet (the same rule as queueTicketEmails), and the first of them, whose
 * first name the preview uses.
 */
export async function mailoutRecipients(
  sql: Queryable,
  concertId: number,
): Promise<{ count: number; firstName: string | null }> {
  const [row] = await sql<{ count: number; firstName: string | null }[]>`
    SELECT count(*)::int AS count, (array_agg(t.attendee_first_name ORDER BY t.id))[1] AS first_name
    FROM tickets t
    WHERE t.concert_id = ${concertId}
      AND t.confirmed_at IS NOT NULL
      AND t.attendee_email IS NOT NULL
      AND t.attendee_email <> ''
      AND NOT EXISTS (SELECT 1 FROM ticket_mailout_emails m WHERE m.ticket_id = t.id)`;
  return row ?? { count: 0, firstName: null };
}

/** The mail-out's given-up e-mails, oldest ticket first, with the address they were for. */
export async function mailoutFailures(
  sql: Queryable,
  limit: number,
  concertId: number,
): Promise<{ ticketId: string; email: string; error: string | null }[]> {
  return sql<{ ticketId: string; email: string; error: string | null }[]>`
    SELECT m.ticket_id::text AS ticket_id, o.to_email AS email, o.last_error AS error
    FROM ticket_mailout_emails m
    JOIN tickets t ON t.id = m.ticket_id AND t.concert_id = ${concertId}
    JOIN email_outbox o ON o.id = m.outbox_id
    WHERE o.status = 'failed'
    ORDER BY m.ticket_id
    LIMIT ${limit}`;
}

/** Gives the mail-out's given-up e-mails a new round of attempts (not erased ones: no address). */
export async function retryMailoutFailures(sql: Queryable, concertId: number): Promise<number> {
  const rows = await sql`
    UPDATE email_outbox o
    SET status = 'pending',
        attempts = 0,
        next_attempt_at = now(),
        last_error = NULL
    FROM ticket_mailout_emails m
    JOIN tickets t ON t.id = m.ticket_id
    WHERE m.outbox_id = o.id
      AND t.concert_id = ${concertId}
      AND o.status = 'failed'
      AND o.to_email <> ''
    RETURNING o.id`;
  return rows.length;
}
