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
export async function eraseSaleData(sql: Sql): Promise<ErasedCounts> {
  return sql.begin((tx) => eraseSaleDataIn(tx));
}

/** The erase inside the caller's transaction (the scheduler records its claim in the same one). */
export async function eraseSaleDataIn(tx: Queryable): Promise<ErasedCounts> {
  const tickets = await tx`
    UPDATE tickets
    SET person_id = NULL,
        attendee_first_name = NULL,
        attendee_last_name = NULL,
        attendee_email = NULL,
        holder_uid = NULL,
        holder_person_hash = NULL
    WHERE attendee_email IS NOT NULL
       OR person_id IS NOT NULL
       OR holder_uid IS NOT NULL`;
  await tx`DELETE FROM pending_holds`;
  // Who a moved ticket was moved from and to (issue 40).
  await tx`DELETE FROM ticket_transfers`;
  const queueEntries = await tx`
    UPDATE queue_entries
    SET email = '',
        email_key = 'erased-' || id,
        first_name = '',
        last_name = '',
        session_uid = NULL,
        requested_from = NULL,
        confirm_code_hash = NULL
    WHERE email <> ''`;
  // The offers keep their states (the queue's statistics); the sessions and links they named go.
  await tx`UPDATE queue_offers SET session_uid = NULL, code_hash = NULL WHERE session_uid IS NOT NULL OR code_hash IS NOT NULL`;
  const bankIdTransactions = await tx`
    UPDATE bankid_transactions
    SET personal_number_hash = '',
        completed_user = NULL,
        qr_start_secret = '',
        sign_request = CASE
          WHEN sign_request IS NULL THEN NULL
          ELSE jsonb_build_object('signType', sign_request->'signType', 'monthlyAmount', sign_request->'monthlyAmount', 'previousAmount', sign_request->'previousAmount')
        END
    WHERE personal_number_hash <> ''`;
  const sessionIdentities = await tx`DELETE FROM session_identities`;
  await tx`DELETE FROM session_flows`;
  const emails = await tx`
    UPDATE email_outbox
    SET to_email = '',
        vars = '{}'::jsonb,
        -- nothing is sent to an erased address
        status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END,
        last_error = CASE WHEN status IN ('pending', 'sending') THEN 'erased' ELSE last_error END
    WHERE to_email <> ''`;
  const clientLogs = await tx`DELETE FROM client_log`;
  await tx`DELETE FROM bank_account_requests`;
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
export async function pendingErasure(sql: Queryable): Promise<ErasedCounts> {
  const [row] = await sql<ErasedCounts[]>`
    SELECT
      (SELECT count(*)::int FROM tickets WHERE attendee_email IS NOT NULL OR person_id IS NOT NULL OR holder_uid IS NOT NULL) AS tickets,
      (SELECT count(*)::int FROM queue_entries WHERE email <> '') AS queue_entries,
      (SELECT count(*)::int FROM bankid_transactions WHERE personal_number_hash <> '') AS bank_id_transactions,
      (SELECT count(*)::int FROM session_identities) AS session_identities,
      (SELECT count(*)::int FROM email_outbox WHERE to_email <> '') AS emails,
      (SELECT count(*)::int FROM client_log) AS client_logs`;
  return row!;
}
