import type { Queryable, Sql } from '../../db/connect.js';

export interface ErasedCounts {
  tickets: number;
  queueEntries: number;
  bankIdTransactions: number;
  sessionIdentities: number;
  emails: number;
  clientLogs: number;
}

/**
 * After the event: removes the personal data the sale itself collected — who holds which
 * ticket, the waiting list, BankID orders, session identities, e-mail addresses in the outbox,
 * client logs — while the counts stay (tickets confirmed/scanned/added by hand, queue length,
 * signings and their amounts). Members and their autogiro mandates are the organisation's
 * member register, not sale data, and are kept. One transaction: all or nothing.
 */
export async function eraseSaleData(sql: Sql, concertId: number): Promise<ErasedCounts> {
  return sql.begin((tx) => eraseSaleDataIn(tx, concertId));
}

/**
 * Until when a concert's sale left data that carries no concert id (BankID orders, sessions,
 * e-mails, client logs): until the next concert's sale opened, or now if none has.
 */
function saleDataUntil(sql: Queryable, concertId: number) {
  return sql`COALESCE((
    SELECT min(sale_opens_at) FROM concerts
    WHERE id > ${concertId} AND status IN ('published', 'archived')
  ), now())`;
}

/**
 * The erase of one concert's sale inside the caller's transaction (the scheduler records its
 * claim in the same one): its tickets, waiting list and offers, and what the sale left without a
 * concert id from before the next concert's sale opened (a later sale's live data is untouched).
 */
export async function eraseSaleDataIn(tx: Queryable, concertId: number): Promise<ErasedCounts> {
  const [{ until }] = (await tx`SELECT ${saleDataUntil(tx, concertId)} AS until`) as unknown as [
    { until: Date },
  ];
  const tickets = await tx`
    UPDATE tickets
    SET person_id = NULL,
        attendee_first_name = NULL,
        attendee_last_name = NULL,
        attendee_email = NULL,
        holder_uid = NULL,
        holder_person_hash = NULL
    WHERE concert_id = ${concertId}
      AND (attendee_email IS NOT NULL
       OR person_id IS NOT NULL
       OR holder_uid IS NOT NULL)`;
  await tx`DELETE FROM pending_holds WHERE hold_until < ${until}`;
  // Who a moved ticket was moved from and to (issue 40).
  await tx`DELETE FROM ticket_transfers WHERE ticket_id IN (SELECT id FROM tickets WHERE concert_id = ${concertId})`;
  const queueEntries = await tx`
    UPDATE queue_entries
    SET email = '',
        email_key = 'erased-' || id,
        first_name = '',
        last_name = '',
        session_uid = NULL,
        requested_from = NULL,
        confirm_code_hash = NULL
    WHERE concert_id = ${concertId}
      AND email <> ''`;
  // The offers keep their states (the queue's statistics); the sessions and links they named go.
  await tx`UPDATE queue_offers SET session_uid = NULL, code_hash = NULL WHERE concert_id = ${concertId} AND (session_uid IS NOT NULL OR code_hash IS NOT NULL)`;
  const bankIdTransactions = await tx`
    UPDATE bankid_transactions
    SET personal_number_hash = '',
        completed_user = NULL,
        qr_start_secret = '',
        sign_request = CASE
          WHEN sign_request IS NULL THEN NULL
          ELSE jsonb_build_object('signType', sign_request->'signType', 'monthlyAmount', sign_request->'monthlyAmount', 'previousAmount', sign_request->'previousAmount')
        END
    WHERE personal_number_hash <> ''
      AND created_at < ${until}`;
  const sessionIdentities = await tx`DELETE FROM session_identities WHERE authenticated_at < ${until}`;
  await tx`DELETE FROM session_flows WHERE updated_at < ${until}`;
  const emails = await tx`
    UPDATE email_outbox
    SET to_email = '',
        vars = '{}'::jsonb,
        -- nothing is sent to an erased address
        status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END,
        last_error = CASE WHEN status IN ('pending', 'sending') THEN 'erased' ELSE last_error END
    WHERE to_email <> ''
      AND created_at < ${until}`;
  const clientLogs = await tx`DELETE FROM client_log WHERE created_at < ${until}`;
  await tx`DELETE FROM bank_account_requests WHERE created_at < ${until}`;
  return {
    tickets: tickets.count,
    queueEntries: queueEntries.count,
    bankIdTransactions: bankIdTransactions.count,
    sessionIdentities: sessionIdentities.count,
    emails: emails.count,
    clientLogs: clientLogs.count,
  };
}

/** What an erasure now would erase: the rows each step of eraseSaleDataIn would touch. */
export async function pendingErasure(sql: Queryable, concertId: number): Promise<ErasedCounts> {
  const [row] = await sql<ErasedCounts[]>`
    WITH u AS (SELECT ${saleDataUntil(sql, concertId)} AS until)
    SELECT
      (SELECT count(*)::int FROM tickets WHERE concert_id = ${concertId} AND (attendee_email IS NOT NULL OR person_id IS NOT NULL OR holder_uid IS NOT NULL)) AS tickets,
      (SELECT count(*)::int FROM queue_entries WHERE concert_id = ${concertId} AND email <> '') AS queue_entries,
      (SELECT count(*)::int FROM bankid_transactions, u WHERE personal_number_hash <> '' AND created_at < u.until) AS bank_id_transactions,
      (SELECT count(*)::int FROM session_identities, u WHERE authenticated_at < u.until) AS session_identities,
      (SELECT count(*)::int FROM email_outbox, u WHERE to_email <> '' AND created_at < u.until) AS emails,
      (SELECT count(*)::int FROM client_log, u WHERE created_at < u.until) AS client_logs`;
  return row!;
}
