import type { Queryable } from '../../db/connect.js';

export interface BankIdTransactionRow {
  id: string;
  sessionUid: string;
  kind: 'auth' | 'sign';
  orderRef: string;
  qrStartToken: string;
  qrStartSecret: string;
  /** The keyed hash of the personal number the order named (privacy/personal-data.ts). */
  personalNumberHash: string;
  /** The keyed hash of the endUserIp the order was started with, while it runs (null once it ended, or started before it was kept). */
  endUserIpHash: string | null;
  signRequest: StoredSignRequest | null;
  status: 'pending' | 'complete' | 'failed' | 'cancelled';
  hintCode: string | null;
  /**
   * What BankID answered about the user, sealed (kept to answer later polls); until the
   * completion is applied also its evidence (RecordedCompletion), then the user only.
   */
  completedUser: { sealed: string } | null;
  appliedOutcome: string | null;
  /** Set while a page that went away asks for the order to be cancelled (abandonBankIDSession); a poll clears it. */
  abandonedAt: Date | null;
  createdAt: Date;
}

export interface CompletedUser {
  personalNumber: string;
  givenName: string;
  surname: string;
  name: string;
}

/** BankID's completionData of a completed order: the user and the evidence of what they did. */
export interface Completion {
  user: CompletedUser;
  device: { ipAddress: string };
  bankIdIssueDate: string;
  /** Base64 of BankID's XML signature (it holds userVisibleData, base64). */
  signature: string;
  ocspResponse: string;
}

/** A completion as recorded (sealed) before it is applied: the user and, until applied, the evidence. */
export type RecordedCompletion = CompletedUser & { evidence?: Omit<Completion, 'user'> };

/** What a visitor signs, bound to the transaction when the order starts. */
export interface SignRequest {
  signType: 'new' | 'raise';
  ticketId: string;
  lang: 'sv' | 'en';
  email: string;
  monthlyAmount: number;
  previousAmount: number;
  person?: {
    firstName: string;
    lastName: string;
    phone?: string;
    address?: string;
    zipCode?: string;
    city?: string;
  };
  /** The account number only sealed; stored as signed into the mandate. */
  accountInfo?: { bank: string; clearingNumber: string; accountNumberSealed: string };
  /** YYYY-MM-DD of the first draw the signed text names. */
  firstDrawDate: string;
  /** The signer's name as BankID identified them (it is in the signed text). */
  signerName: string;
  /** The exact text shown in BankID (userVisibleData), bound when the order starts: the mandate's evidence. */
  signedText?: string;
}
/** Who signs, where they live and what they read, only sealed at rest (see bankid/service.ts). */
export type SignRequestPersonalPart = Pick<
  SignRequest,
  'email' | 'person' | 'accountInfo' | 'signerName' | 'signedText'
>;
/** A sign request as stored: what is signed in plain (statistics survive erasure), who only sealed. */
export type StoredSignRequest = Omit<SignRequest, keyof SignRequestPersonalPart> & { sealed: string };

export async function insertTransaction(
  sql: Queryable,
  t: {
    id: string;
    sessionUid: string;
    kind: 'auth' | 'sign';
    orderRef: string;
    autoStartToken: string;
    qrStartToken: string;
    qrStartSecret: string;
    personalNumberHash: string;
    endUserIpHash: string;
    signRequest?: StoredSignRequest;
  },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await sql<{ id: string; createdAt: Date }[]>`
    INSERT INTO bankid_transactions (id, session_uid, kind, order_ref, auto_start_token, qr_start_token, qr_start_secret, personal_number_hash, end_user_ip_hash, sign_request)
    VALUES (${t.id}, ${t.sessionUid}, ${t.kind}, ${t.orderRef}, ${t.autoStartToken}, ${t.qrStartToken}, ${t.qrStartSecret}, ${t.personalNumberHash}, ${t.endUserIpHash}, ${t.signRequest ? sql.json(t.signRequest as never) : null})
    RETURNING id, created_at`;
  return row!;
}

const COLUMNS =
  'id, session_uid, kind, order_ref, qr_start_token, qr_start_secret, personal_number_hash, end_user_ip_hash, sign_request, status, hint_code, completed_user, applied_outcome, abandoned_at, created_at';

/** The session's own transaction; another session's id finds nothing. */
export async function transactionOfSession(
  sql: Queryable,
  id: string,
  sessionUid: string,
): Promise<BankIdTransactionRow | undefined> {
  const [row] = await sql<BankIdTransactionRow[]>`
    SELECT ${sql.unsafe(COLUMNS)}
    FROM bankid_transactions
    WHERE id = ${id}
      AND session_uid = ${sessionUid}`;
  return row;
}

/**
 * The completion, recorded the moment a collect returns it (BankID answers `complete` once; a
 * later collect gets invalidParameters): what BankID said about the user and the evidence,
 * sealed, with applied_outcome still NULL. Applying it later reads only this record, so a
 * failure after this statement loses nothing. False: the row was no longer pending (another
 * poll recorded it first, or it had ended).
 */
export async function recordCompletion(
  sql: Queryable,
  id: string,
  completed: { sealed: string },
  deviceIpMatches: boolean | null,
): Promise<boolean> {
  const rows = await sql`
    UPDATE bankid_transactions
    SET status = 'complete',
        hint_code = NULL,
        completed_user = ${sql.json(completed as never)},
        device_ip_matches = ${deviceIpMatches},
        end_user_ip_hash = NULL,
        applied_outcome = NULL,
        completed_at = now()
    WHERE id = ${id}
      AND status = 'pending'
    RETURNING id`;
  return rows.length > 0;
}

/** A recorded completion, locked until the applying transaction ends: a concurrent poll waits, then finds it applied. */
export async function lockRecordedCompletion(
  sql: Queryable,
  id: string,
): Promise<
  Pick<BankIdTransactionRow, 'id' | 'kind' | 'signRequest' | 'completedUser' | 'appliedOutcome'> | undefined
> {
  const [row] = await sql<
    Pick<BankIdTransactionRow, 'id' | 'kind' | 'signRequest' | 'completedUser' | 'appliedOutcome'>[]
  >`
    SELECT id, kind, sign_request, completed_user, applied_outcome
    FROM bankid_transactions
    WHERE id = ${id}
      AND status = 'complete'
    FOR UPDATE`;
  return row;
}

/** The recorded completion applied (or refused): from now on only the user is kept, the evidence lives with what it proves. */
export async function markApplied(
  sql: Queryable,
  id: string,
  outcome: { appliedOutcome: string; completedUser: { sealed: string } },
): Promise<boolean> {
  const rows = await sql`
    UPDATE bankid_transactions
    SET applied_outcome = ${outcome.appliedOutcome},
        completed_user = ${sql.json(outcome.completedUser as never)}
    WHERE id = ${id}
      AND status = 'complete'
      AND applied_outcome IS NULL
    RETURNING id`;
  return rows.length > 0;
}

export async function recordPending(sql: Queryable, id: string, hintCode: string | null): Promise<void> {
  await sql`
    UPDATE bankid_transactions
    SET hint_code = ${hintCode}
    WHERE id = ${id}
      AND status = 'pending'`;
}

/** A pending order ended without a completion (failed at BankID, or cancelled); never overwrites a recorded completion. */
export async function recordEnded(
  sql: Queryable,
  id: string,
  outcome: { status: 'failed' | 'cancelled'; hintCode?: string | null },
): Promise<boolean> {
  const rows = await sql`
    UPDATE bankid_transactions
    SET status = ${outcome.status},
        hint_code = ${outcome.hintCode ?? null},
        end_user_ip_hash = NULL,
        completed_at = now()
    WHERE id = ${id}
      AND status = 'pending'
    RETURNING id`;
  return rows.length > 0;
}

/** What BankID told about the session's user: the personal number's keyed hash, the names sealed. */
export async function bindSessionIdentity(
  sql: Queryable,
  sessionUid: string,
  identity: { personalNumberHash: string; namesSealed: string },
): Promise<void> {
  await sql`
    INSERT INTO session_identities (session_uid, personal_number_hash, names_sealed)
    VALUES (${sessionUid}, ${identity.personalNumberHash}, ${identity.namesSealed})
    ON CONFLICT (session_uid) DO UPDATE
    SET personal_number_hash = EXCLUDED.personal_number_hash,
        names_sealed = EXCLUDED.names_sealed,
        email_sealed = CASE WHEN session_identities.personal_number_hash = EXCLUDED.personal_number_hash THEN session_identities.email_sealed END,
        authenticated_at = now()`;
}

export interface SessionIdentity {
  personalNumberHash: string;
  /** Sealed JSON of {givenName, surname}. */
  namesSealed: string;
  emailSealed: string | null;
  /** The amounts the member check showed this session (null before it). */
  shownTerms: ShownTerms | null;
}

/** The lowest amount and the step a visitor was shown, for a raise or a new gift. */
export interface ShownTerms {
  kind: 'raise' | 'new';
  minimum: number;
  step: number;
}

/** How long a BankID identification stands for its session: after this the visitor identifies again. */
export const IDENTIFICATION_TTL_MINUTES = 20;

export async function sessionIdentity(
  sql: Queryable,
  sessionUid: string,
): Promise<SessionIdentity | undefined> {
  const [row] = await sql<SessionIdentity[]>`
    SELECT personal_number_hash, names_sealed, email_sealed, shown_terms
    FROM session_identities
    WHERE session_uid = ${sessionUid}
      AND authenticated_at > now() - ${IDENTIFICATION_TTL_MINUTES} * interval '1 minute'`;
  return row;
}

/** The visitor started over (deregisterClient): who BankID identified no longer stands for the session. */
export async function forgetSessionIdentity(sql: Queryable, sessionUid: string): Promise<void> {
  await sql`
    DELETE FROM session_identities
    WHERE session_uid = ${sessionUid}`;
}

export async function rememberSessionEmail(
  sql: Queryable,
  sessionUid: string,
  emailSealed: string,
  shownTerms: ShownTerms,
): Promise<void> {
  await sql`
    UPDATE session_identities
    SET email_sealed = ${emailSealed},
        shown_terms = ${sql.json(shownTerms as never)}
    WHERE session_uid = ${sessionUid}`;
}

/**
 * The page went away (sendBeacon): the session's pending order is marked, not cancelled yet.
 * Answers the mark as exact text, to claim it later only if nothing changed it meanwhile.
 */
export async function markAbandoned(
  sql: Queryable,
  id: string,
  sessionUid: string,
  { unlessMarked = false }: { unlessMarked?: boolean } = {},
): Promise<string | undefined> {
  const [row] = await sql<{ stamp: string }[]>`
    UPDATE bankid_transactions
    SET abandoned_at = clock_timestamp()
    WHERE id = ${id}
      AND session_uid = ${sessionUid}
      AND status = 'pending'
      AND (${!unlessMarked} OR abandoned_at IS NULL)
    RETURNING abandoned_at::text AS stamp`;
  return row?.stamp;
}

/** A poll came: the page is alive (a reload, a page back from the back-forward cache), so the order is kept. */
export async function clearAbandoned(sql: Queryable, id: string): Promise<void> {
  await sql`
    UPDATE bankid_transactions
    SET abandoned_at = NULL
    WHERE id = ${id}
      AND abandoned_at IS NOT NULL`;
}

/**
 * The grace period passed: the mark is taken if it is still the one set then (no poll cleared it,
 * no later beacon replaced it) and the order still waits. Answers the order's session, or nothing.
 * Compared as text: a timestamptz parameter would pass through a JS Date and lose its microseconds.
 */
export async function claimAbandoned(
  sql: Queryable,
  id: string,
  stamp: string,
): Promise<{ sessionUid: string } | undefined> {
  const [row] = await sql<{ sessionUid: string }[]>`
    UPDATE bankid_transactions
    SET abandoned_at = NULL
    WHERE id = ${id}
      AND abandoned_at::text = ${stamp}
      AND status = 'pending'
    RETURNING session_uid`;
  return row;
}
