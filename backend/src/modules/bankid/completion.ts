/**
 * A completed BankID order, recorded the moment it arrives and then applied exactly once from
 * that record (an identification binds the session; a sign runs applySign), however often polled.
 */
import type { BankIdStatus } from '@concert/shared/api';
import type { TransactionSql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { SEALED_AT } from '../../privacy/personal-data.js';
import type { BankIdServiceDeps } from './api.js';
import {
  bindSessionIdentity,
  lockRecordedCompletion,
  markApplied,
  recordCompletion,
  transactionOfSession,
  type BankIdTransactionRow,
  type CompletedUser,
  type RecordedCompletion,
  type SignRequest,
  type SignRequestPersonalPart,
  type StoredSignRequest,
} from './queries.js';
import { REFUSAL_STATUS, SignRefused, type ApplyRefusal } from './refusal.js';

/** Retries of the one write that cannot be redone later (recording a completion), within the poll. */
const RECORD_RETRY_MS = [100, 400, 1000];
/** Completions held in memory while the database is away; bounded, oldest dropped. */
const MAX_UNRECORDED = 10_000;

/** A completion as received from BankID: its user sealed, and whether the device address matched the order's. */
type Received = { completed: { sealed: string }; deviceIpMatches: boolean | null };

/** What recording and applying completions works with; `unrecorded` lives as long as the service. */
export interface Completions extends Pick<
  BankIdServiceDeps,
  'sql' | 'protector' | 'applySign' | 'onIdentified'
> {
  /**
   * Completions this process received but could not record yet (the database did not answer):
   * the next poll records them instead of collecting, since BankID will not answer `complete` again.
   */
  unrecorded: Map<string, Received>;
}

/** Who signs, their address and account: sealed while the order waits (bankid_transactions.sign_request). */
export function sealRequest(
  c: Completions,
  transactionId: string,
  { email, person, accountInfo, signerName, signedText, ...about }: SignRequest,
): StoredSignRequest {
  const personal: SignRequestPersonalPart = { email, person, accountInfo, signerName, signedText };
  return {
    ...about,
    sealed: c.protector.seal(JSON.stringify(personal), SEALED_AT.signRequest(transactionId)),
  };
}
function openRequest(
  c: Completions,
  transactionId: string,
  { sealed, ...about }: StoredSignRequest,
): SignRequest {
  return {
    ...about,
    ...(JSON.parse(
      c.protector.unseal(sealed, SEALED_AT.signRequest(transactionId)),
    ) as SignRequestPersonalPart),
  };
}

/** The user of a sealed record, and nothing else of it (the evidence never leaves the server). */
function recordedOf(
  c: Completions,
  row: Pick<BankIdTransactionRow, 'id' | 'completedUser'>,
): RecordedCompletion {
  return JSON.parse(
    c.protector.unseal(row.completedUser!.sealed, SEALED_AT.completedUser(row.id)),
  ) as RecordedCompletion;
}
export const userOf = ({ personalNumber, givenName, surname, name }: CompletedUser): CompletedUser => ({
  personalNumber,
  givenName,
  surname,
  name,
});

export function answerFor(
  c: Completions,
  row: Pick<BankIdTransactionRow, 'id' | 'status' | 'hintCode' | 'completedUser' | 'appliedOutcome'>,
): BankIdStatus {
  if (row.appliedOutcome && row.appliedOutcome !== 'applied') {
    const refusal = row.appliedOutcome as ApplyRefusal;
    throw new AppError(REFUSAL_STATUS[refusal] ?? 'ABORTED', refusal);
  }
  if (row.status === 'complete' && row.completedUser)
    return { status: 'complete', completionData: { user: userOf(recordedOf(c, row)) } };
  return {
    status: 'failed',
    hintCode: row.hintCode ?? (row.status === 'cancelled' ? 'cancelled' : undefined),
  };
}

/** The session's identity, then its hold bound to the person: issued together (one round trip), run in this order. */
async function identify(
  c: Completions,
  tx: TransactionSql,
  sessionUid: string,
  user: CompletedUser,
): Promise<void> {
  const personalNumberHash = c.protector.lookupHash(user.personalNumber);
  await Promise.all([
    bindSessionIdentity(tx, sessionUid, {
      personalNumberHash,
      namesSealed: c.protector.seal(
        JSON.stringify({ givenName: user.givenName, surname: user.surname }),
        SEALED_AT.sessionNames(sessionUid),
      ),
    }),
    c.onIdentified?.(tx, sessionUid, personalNumberHash),
  ]);
}

/**
 * Records a completion the moment it arrives, trying a few times within the poll: this is the
 * only write that cannot be redone later. False: the row had already moved on (another poll).
 */
export async function recordReceived(
  c: Completions,
  id: string,
  received: { completed: { sealed: string }; deviceIpMatches: boolean | null },
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      const recorded = await recordCompletion(c.sql, id, received.completed, received.deviceIpMatches);
      c.unrecorded.delete(id);
      return recorded;
    } catch (err) {
      if (attempt >= RECORD_RETRY_MS.length) {
        if (c.unrecorded.size >= MAX_UNRECORDED) c.unrecorded.delete(c.unrecorded.keys().next().value!);
        c.unrecorded.set(id, received);
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS[attempt]));
    }
  }
}

/**
 * Applies a recorded completion, exactly once: the record is locked, applied and marked in one
 * transaction; a concurrent poll waits for the lock and then finds it marked. If applying fails
 * (the database, a restart), the record stays unapplied and the next poll applies it.
 */
export async function applyRecorded(c: Completions, sessionUid: string, id: string): Promise<BankIdStatus> {
  /** The user, once this call's transaction has applied the completion and committed. */
  let applied: CompletedUser | undefined;
  try {
    await c.sql.begin(async (tx) => {
      const row = await lockRecordedCompletion(tx, id);
      if (!row || row.appliedOutcome) return;
      const recorded = recordedOf(c, row);
      const user = userOf(recorded);
      if (row.kind === 'auth') await identify(c, tx, sessionUid, user);
      else if (!recorded.evidence)
        throw new Error('a recorded sign has no evidence'); // recorded with it; never applied without
      else
        await c.applySign(tx, { id, sessionUid }, openRequest(c, row.id, row.signRequest!), {
          user,
          ...recorded.evidence,
        });
      if (await markApplied(tx, id, { appliedOutcome: 'applied', completedUser: sealUser(c, id, user) }))
        applied = user;
    });
  } catch (err) {
    // A refusal comes before markApplied: `applied` is still unset here.
    if (!(err instanceof SignRefused)) throw err;
    // The refused sign rolled back: nothing of it stays but the refusal.
    const row = await transactionOfSession(c.sql, id, sessionUid);
    if (row?.completedUser)
      await markApplied(c.sql, id, {
        appliedOutcome: err.refusal,
        completedUser: sealUser(c, id, userOf(recordedOf(c, row))),
      });
  }
  // Applied here: the answer is the record just written (answerFor of it), without reading it back.
  if (applied) return { status: 'complete', completionData: { user: applied } };
  return answerFor(c, (await transactionOfSession(c.sql, id, sessionUid))!);
}

export const sealUser = (c: Completions, id: string, user: CompletedUser | RecordedCompletion) => ({
  sealed: c.protector.seal(JSON.stringify(user), SEALED_AT.completedUser(id)),
});
