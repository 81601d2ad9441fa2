import type { EmailType } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';

export type { Queryable };

/** The e-mails the product sends; each selects the copy keys `email.<type>.subject` and `.body`. */
export type OutboxEmailType =
  | EmailType
  | 'queueConfirmation'
  | 'queueOffer'
  | 'concertChanged'
  | 'mandateRejected'
  | 'mandateRevoked'
  | 'raiseFirstDrawMoved'
  | 'contactMessage'
  | 'contactReceipt'
  | 'ticketCancelled'
  | 'ticketMoved'
  | `manual${string}`;

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** Template values (first name, ticket id, formatted amount, scan URL …). */
export type EmailVars = Record<string, string | number>;

export interface NewEmail {
  to: string;
  lang: Lang;
  type: OutboxEmailType;
  vars?: EmailVars;
  /** Names the business event (e.g. `finalTicket:<ticketId>`) so that it enqueues one e-mail however often it is applied. */
  dedupeKey?: string;
}

/** A row the worker has claimed; `attempts` already counts this attempt. */
export interface ClaimedEmail {
  id: string;
  toEmail: string;
  lang: Lang;
  emailType: OutboxEmailType;
  vars: EmailVars;
  attempts: number;
}

/** What staff may see of an e-mail: the recipient, but never the template values. */
export interface OutboxEntry {
  id: string;
  toEmail: string;
  lang: Lang;
  emailType: OutboxEmailType;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
}

export interface OutboxState {
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  lockedUntil: Date | null;
  sentAt: Date | null;
}

/**
 * Queues an e-mail. Pass the transaction's `sql` so the e-mail exists exactly when the event
 * that causes it commits. The same dedupe key again returns the first row's id.
 */
export async function enqueueEmail(
  sql: Queryable,
  email: NewEmail,
): Promise<{ id: string; created: boolean }> {
  const dedupeKey = email.dedupeKey ?? null;
  const [inserted] = await sql<{ id: string }[]>`
    INSERT INTO email_outbox (to_email, lang, email_type, vars, dedupe_key)
    VALUES (${email.to}, ${email.lang}, ${email.type}, ${sql.json(withoutAddress(email.vars ?? {}))}, ${dedupeKey})
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`;
  if (inserted) return { id: inserted.id, created: true };
  // A conflict means the row is committed (ON CONFLICT waited for it), so this statement sees it.
  const [existing] = await sql<{ id: string }[]>`
    SELECT id
    FROM email_outbox
    WHERE dedupe_key = ${dedupeKey}`;
  if (!existing) throw new Error('outbox: dedupe conflict without a row');
  return { id: existing.id, created: false };
}

/** The address is stored once, in to_email; the renderer supplies it as {{email}}. */
function withoutAddress(vars: EmailVars): EmailVars {
  const { email: _email, ...rest } = vars;
  return rest;
}

/**
 * Claims up to `limit` due e-mails for `lockMs`: pending ones whose next attempt has come, and
 * claimed ones whose lock ran out (their worker died). SKIP LOCKED lets workers claim side by
 * side without waiting for or taking each other's rows.
 */
export async function claimDueEmails(sql: Queryable, limit: number, lockMs: number): Promise<ClaimedEmail[]> {
  return sql<ClaimedEmail[]>`
    WITH due AS (
      SELECT id
      FROM email_outbox
      WHERE (status = 'pending' AND next_attempt_at <= now())
        OR (status = 'sending' AND locked_until <= now())
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE email_outbox AS o
    SET status = 'sending',
        locked_until = now() + ${lockMs} * interval '1 millisecond',
        attempts = o.attempts + 1
    FROM due
    WHERE o.id = due.id
    RETURNING o.id, o.to_email, o.lang, o.email_type, o.vars, o.attempts`;
}

export async function markSent(sql: Queryable, id: string): Promise<void> {
  await sql`
    UPDATE email_outbox
    SET status = 'sent',
        sent_at = COALESCE(sent_at, now()),
        -- Sent: what it said is not kept (names, door codes: issue 39 §11).
        vars = '{}'::jsonb,
        locked_until = NULL,
        next_attempt_at = NULL
    WHERE id = ${id}`;
}

/**
 * Records a failed attempt: back to pending until `nextAttemptAt`, or given up for good when
 * it is null. A row another worker has meanwhile sent stays sent.
 */
export async function markFailed(
  sql: Queryable,
  id: string,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await sql`
    UPDATE email_outbox
    SET status = ${nextAttemptAt ? 'pending' : 'failed'},
        last_error = ${error.slice(0, 200)},
        next_attempt_at = ${nextAttemptAt},
        locked_until = NULL
    WHERE id = ${id}
      AND status = 'sending'`;
}

export async function outboxStatus(sql: Queryable, id: string): Promise<OutboxState | undefined> {
  const [row] = await sql<OutboxState[]>`
    SELECT status, attempts, last_error, next_attempt_at, locked_until, sent_at
    FROM email_outbox
    WHERE id = ${id}`;
  return row;
}

/** The newest e-mails first, for the admin console. */
export async function listOutbox(sql: Queryable, limit: number): Promise<OutboxEntry[]> {
  return sql<OutboxEntry[]>`
    SELECT id, to_email, lang, email_type, status, attempts, last_error, next_attempt_at, sent_at, created_at
    FROM email_outbox
    ORDER BY created_at DESC
    LIMIT ${limit}`;
}

/** The subject and body texts of an e-mail type in one language; undefined while a key is missing. */
export async function emailCopy(
  sql: Queryable,
  type: OutboxEmailType,
  lang: Lang,
): Promise<{ subject: string; body: string } | undefined> {
  const subjectKey = `email.${type}.subject`;
  const bodyKey = `email.${type}.body`;
  const rows = await sql<{ key: string; text: string }[]>`
    SELECT key, ${sql(lang)} AS text
    FROM copy
    WHERE key IN (${subjectKey}, ${bodyKey})`;
  const subject = rows.find((r) => r.key === subjectKey)?.text;
  const body = rows.find((r) => r.key === bodyKey)?.text;
  return subject !== undefined && body !== undefined ? { subject, body } : undefined;
}

/** One copy text in one language; undefined while the key is missing. */
export async function copyText(sql: Queryable, key: string, lang: Lang): Promise<string | undefined> {
  const [row] = await sql<{ text: string }[]>`
    SELECT ${sql(lang)} AS text
    FROM copy
    WHERE key = ${key}`;
  return row?.text;
}
