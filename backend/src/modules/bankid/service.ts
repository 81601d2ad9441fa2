import { randomUUID } from 'node:crypto';
import type { BankIdStart, BankIdStatus } from '@concert/shared/api';
import type { Queryable, Sql, TransactionSql } from '../../db/connect.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import { AppError } from '../../errors.js';
import { createQrFrames, ORDER_LIFETIME_MS } from './qr-frames.js';
import {
  bindSessionIdentity,
  claimAbandoned,
  clearAbandoned,
  insertTransaction,
  markAbandoned,
  lockRecordedCompletion,
  markApplied,
  recordCompletion,
  recordEnded,
  recordPending,
  transactionOfSession,
  type BankIdTransactionRow,
  type CompletedUser,
  type Completion,
  type RecordedCompletion,
  type SignRequest,
  type SignRequestPersonalPart,
  type StoredSignRequest,
} from './queries.js';

/** The part of the BankID RP API v6 client this service uses (integrations/bankid). */
export interface BankIdApi {
  auth(req: { endUserIp: string; requirement?: { personalNumber?: string } }): Promise<BankIdOrder>;
  sign(req: {
    endUserIp: string;
    requirement?: { personalNumber?: string };
    userVisibleData: string;
    userVisibleDataFormat?: 'simpleMarkdownV1';
  }): Promise<BankIdOrder>;
  collect(
    orderRef: string,
  ): Promise<{ status: 'pending' | 'failed' | 'complete'; hintCode?: string; completionData?: Completion }>;
  cancel(orderRef: string): Promise<void>;
}
export interface BankIdOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export interface BankIdServiceDeps {
  sql: Sql;
  bankId: BankIdApi;
  /** Where the same-device flow opens the BankID app (`https://app.bankid.com/`, or the simulator's page). */
  appUrl: string;
  qrData: (qrStartToken: string, qrStartSecret: string, seconds: number) => string;
  /** The same-device launch link; `returnUrl` (iOS) is where the app goes back to, else `redirect=null`. */
  sameDeviceUrl: (appUrl: string, autoStartToken: string, returnUrl?: string) => string;
  /** Applies a completed sign inside the transaction that records it; throws SignRefused to refuse. */
  applySign: (
    sql: Queryable,
    order: { id: string; sessionUid: string },
    request: SignRequest,
    completion: Completion,
  ) => Promise<void>;
  /** A completed identification, inside the transaction that records it: the session's hold becomes this person's. */
  onIdentified?: (sql: Queryable, sessionUid: string, personalNumberHash: string) => Promise<unknown>;
  /** Personal data at rest: the keyed hash of a personal number to compare, the rest sealed where it must be read back. */
  protector: Pick<PersonalDataProtector, 'lookupHash' | 'seal' | 'unseal'>;
  /** Every failed BankID call is logged here with its cause: BankID's code, or the network/TLS error. Never personal data. */
  log?: { warn(fields: object, message: string): void };
  now?: () => number;
  /** How long an abandoned order waits for the page to come back before it is cancelled (ABANDON_GRACE_MS). */
  abandonGraceMs?: number;
}
export type ApplyRefusal =
  'ticketExpired' | 'registrationFailed' | 'noMembershipFound' | 'userExistsWithTicket';

/** A completed sign that cannot be applied: what it wrote is undone, the refusal is recorded and shown. */
export class SignRefused extends Error {
  constructor(readonly refusal: ApplyRefusal) {
    super(refusal);
  }
}

const REFUSAL_STATUS: Record<ApplyRefusal, AppError['status']> = {
  ticketExpired: 'ABORTED',
  registrationFailed: 'ALREADY_EXISTS',
  noMembershipFound: 'NOT_FOUND',
  userExistsWithTicket: 'ALREADY_EXISTS',
};

/** `::ffff:203.0.113.7` is 203.0.113.7: both sides compared in the same form (as http/client-address.ts). */
function plainAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/** Retries of the one write that cannot be redone later (recording a completion), within the poll. */
const RECORD_RETRY_MS = [100, 400, 1000];
/** Completions held in memory while the database is away; bounded, oldest dropped. */
const MAX_UNRECORDED = 10_000;
/** How long a poll that BankID answered invalidParameters waits for a concurrent poll's record. */
const FORGOTTEN_REREAD_MS = [100, 200, 300, 400];
/**
 * How long a page that went away (abandonBankIDSession) has to come back before its order is
 * cancelled: a reload or a page restored from the back-forward cache polls again within a few
 * seconds (every 2 s; a slow phone network's reload, up to ~10 s), and a hidden tab's timers
 * still run at least once a second. Past it, nobody is waiting for the order.
 */
export const ABANDON_GRACE_MS = 15_000;

/**
 * What the visitor is told when BankID refuses a call, as BankID's guidelines say (RFA numbers):
 * - maintenance (503): BankID may be retried → UNAVAILABLE, which the client retries; no answer
 *   at all (network, our timeout) too: nothing reached BankID, or a collect, which is harmless;
 * - alreadyInProgress: RFA4, not retried (BankID has cancelled both orders; the visitor starts again);
 * - requestTimeout, internalError: RFA5, must not be retried automatically;
 * - invalidParameters, unauthorized, notFound, methodNotAllowed, unsupportedMediaType and an
 *   answer we could not read: our own fault, not shown as a BankID error → internal;
 * - an error code BankID added later: RFA22 (bankIdFailed).
 */
export function bankIdRefusal(err: unknown): AppError {
  switch ((err as { errorCode?: string }).errorCode) {
    case 'maintenance':
    case 'unreachable':
      return new AppError('UNAVAILABLE', 'timeout', { 'Retry-After': '3' });
    case 'alreadyInProgress':
      return new AppError('ABORTED', 'bankIdAlreadyInProgress');
    case 'requestTimeout':
    case 'internalError':
      return new AppError('INTERNAL', 'bankIdInternalError');
    case 'invalidParameters':
    case 'unauthorized':
    case 'notFound':
    case 'methodNotAllowed':
    case 'unsupportedMediaType':
    case 'invalidResponse':
      return new AppError('INTERNAL', 'internal');
    default:
      return new AppError('FAILED_PRECONDITION', 'bankIdFailed');
  }
}

export function createBankIdService(deps: BankIdServiceDeps) {
  const { sql, bankId } = deps;
  const now = deps.now ?? Date.now;
  const abandonGraceMs = deps.abandonGraceMs ?? ABANDON_GRACE_MS;
  /** The QR code's frames, one a second, from memory (GET /api/getBankIdQr). */
  const qrFrames = createQrFrames({ sql, qrData: deps.qrData, now });

  /** A BankID call; a failure is logged with its cause (BankIdError.reason holds no request data) and rethrown. */
  async function called<T>(
    method: 'auth' | 'sign' | 'collect' | 'cancel',
    transactionId: string | undefined,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const e = err as { errorCode?: string; httpStatus?: number; reason?: string; message?: string };
      deps.log?.warn(
        {
          method,
          transactionId,
          errorCode: e.errorCode ?? 'internal',
          httpStatus: e.httpStatus,
          cause: e.reason ?? e.message,
        },
        `BankID ${method} failed: ${e.reason ?? e.message}`,
      );
      throw err;
    }
  }

  function qrFor(row: { qrStartToken: string; qrStartSecret: string; createdAt: Date }): string {
    const seconds = Math.max(0, Math.floor((now() - row.createdAt.getTime()) / 1000));
    return deps.qrData(row.qrStartToken, row.qrStartSecret, seconds);
  }

  async function start(
    sessionUid: string,
    kind: 'auth' | 'sign',
    personalNumber: string,
    endUserIp: string,
    sign?: { request: SignRequest; userVisibleData: string },
    returnUrl?: string,
  ): Promise<BankIdStart> {
    let order: BankIdOrder;
    try {
      const requirement = { personalNumber };
      order = sign
        ? await called('sign', undefined, () =>
            bankId.sign({
              endUserIp,
              requirement,
              userVisibleData: sign.userVisibleData,
              userVisibleDataFormat: 'simpleMarkdownV1',
            }),
          )
        : await called('auth', undefined, () => bankId.auth({ endUserIp, requirement }));
    } catch (err) {
      throw bankIdRefusal(err);
    }
    // The id is chosen here: the sealed request is bound to its row.
    const id = randomUUID();
    const row = await insertTransaction(sql, {
      id,
      sessionUid,
      kind,
      personalNumberHash: deps.protector.lookupHash(personalNumber),
      endUserIpHash: deps.protector.lookupHash(plainAddress(endUserIp)),
      signRequest: sign && sealRequest(id, sign.request),
      ...order,
    });
    qrFrames.remember(row.id, {
      sessionUid,
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
      createdAt: row.createdAt.getTime(),
    });
    return {
      url: deps.sameDeviceUrl(deps.appUrl, order.autoStartToken, returnUrl),
      transactionId: row.id,
      qrData: qrFor({ ...order, createdAt: row.createdAt }),
    };
  }

  /** Who signs, their address and account: sealed while the order waits (bankid_transactions.sign_request). */
  function sealRequest(
    transactionId: string,
    { email, person, accountInfo, signerName, signedText, ...about }: SignRequest,
  ): StoredSignRequest {
    const personal: SignRequestPersonalPart = { email, person, accountInfo, signerName, signedText };
    return {
      ...about,
      sealed: deps.protector.seal(JSON.stringify(personal), SEALED_AT.signRequest(transactionId)),
    };
  }
  function openRequest(transactionId: string, { sealed, ...about }: StoredSignRequest): SignRequest {
    return {
      ...about,
      ...(JSON.parse(
        deps.protector.unseal(sealed, SEALED_AT.signRequest(transactionId)),
      ) as SignRequestPersonalPart),
    };
  }

  async function ownTransaction(sessionUid: string, transactionId: string): Promise<BankIdTransactionRow> {
    const row = /^[0-9a-f-]{36}$/i.test(transactionId)
      ? await transactionOfSession(sql, transactionId, sessionUid)
      : undefined;
    // Another session's transaction looks exactly like one that does not exist.
    if (!row) throw new AppError('PERMISSION_DENIED', 'invalidState');
    return row;
  }

  /** The user of a sealed record, and nothing else of it (the evidence never leaves the server). */
  function recordedOf(row: Pick<BankIdTransactionRow, 'id' | 'completedUser'>): RecordedCompletion {
    return JSON.parse(
      deps.protector.unseal(row.completedUser!.sealed, SEALED_AT.completedUser(row.id)),
    ) as RecordedCompletion;
  }
  const userOf = ({ personalNumber, givenName, surname, name }: CompletedUser): CompletedUser => ({
    personalNumber,
    givenName,
    surname,
    name,
  });

  function answerFor(
    row: Pick<BankIdTransactionRow, 'id' | 'status' | 'hintCode' | 'completedUser' | 'appliedOutcome'>,
  ): BankIdStatus {
    if (row.appliedOutcome && row.appliedOutcome !== 'applied') {
      const refusal = row.appliedOutcome as ApplyRefusal;
      throw new AppError(REFUSAL_STATUS[refusal] ?? 'ABORTED', refusal);
    }
    if (row.status === 'complete' && row.completedUser)
      return { status: 'complete', completionData: { user: userOf(recordedOf(row)) } };
    return {
      status: 'failed',
      hintCode: row.hintCode ?? (row.status === 'cancelled' ? 'cancelled' : undefined),
    };
  }

  /** The session's identity, then its hold bound to the person: issued together (one round trip), run in this order. */
  async function identify(tx: TransactionSql, sessionUid: string, user: CompletedUser): Promise<void> {
    const personalNumberHash = deps.protector.lookupHash(user.personalNumber);
    await Promise.all([
      bindSessionIdentity(tx, sessionUid, {
        personalNumberHash,
        namesSealed: deps.protector.seal(
          JSON.stringify({ givenName: user.givenName, surname: user.surname }),
          SEALED_AT.sessionNames(sessionUid),
        ),
      }),
      deps.onIdentified?.(tx, sessionUid, personalNumberHash),
    ]);
  }

  /**
   * Completions this process received but could not record yet (the database did not answer):
   * the next poll records them instead of collecting, since BankID will not answer `complete` again.
   */
  const unrecorded = new Map<string, { completed: { sealed: string }; deviceIpMatches: boolean | null }>();

  /**
   * Records a completion the moment it arrives, trying a few times within the poll: this is the
   * only write that cannot be redone later. False: the row had already moved on (another poll).
   */
  async function recordReceived(
    id: string,
    received: { completed: { sealed: string }; deviceIpMatches: boolean | null },
  ): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        const recorded = await recordCompletion(sql, id, received.completed, received.deviceIpMatches);
        unrecorded.delete(id);
        return recorded;
      } catch (err) {
        if (attempt >= RECORD_RETRY_MS.length) {
          if (unrecorded.size >= MAX_UNRECORDED) unrecorded.delete(unrecorded.keys().next().value!);
          unrecorded.set(id, received);
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
  async function applyRecorded(sessionUid: string, id: string): Promise<BankIdStatus> {
    try {
      await sql.begin(async (tx) => {
        const row = await lockRecordedCompletion(tx, id);
        if (!row || row.appliedOutcome) return;
        const recorded = recordedOf(row);
        const user = userOf(recorded);
        if (row.kind === 'auth') await identify(tx, sessionUid, user);
        else if (!recorded.evidence)
          throw new Error('a recorded sign has no evidence'); // recorded with it; never applied without
        else
          await deps.applySign(tx, { id, sessionUid }, openRequest(row.id, row.signRequest!), {
            user,
            ...recorded.evidence,
          });
        await markApplied(tx, id, { appliedOutcome: 'applied', completedUser: sealUser(id, user) });
      });
    } catch (err) {
      if (!(err instanceof SignRefused)) throw err;
      // The refused sign rolled back: nothing of it stays but the refusal.
      const row = await transactionOfSession(sql, id, sessionUid);
      if (row?.completedUser)
        await markApplied(sql, id, {
          appliedOutcome: err.refusal,
          completedUser: sealUser(id, userOf(recordedOf(row))),
        });
    }
    return answerFor((await transactionOfSession(sql, id, sessionUid))!);
  }

  const sealUser = (id: string, user: CompletedUser | RecordedCompletion) => ({
    sealed: deps.protector.seal(JSON.stringify(user), SEALED_AT.completedUser(id)),
  });

  /**
   * BankID no longer knows the order (invalidParameters): it was completed and collected, by
   * another poll that is recording it right now, or by one that died before recording it. Wait
   * briefly for the record; while BankID's order could still be alive, keep the visitor waiting.
   */
  async function answerForgottenOrder(sessionUid: string, row: BankIdTransactionRow): Promise<BankIdStatus> {
    for (const wait of FORGOTTEN_REREAD_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const latest = (await transactionOfSession(sql, row.id, sessionUid))!;
      if (latest.status === 'complete' && !latest.appliedOutcome) return applyRecorded(sessionUid, row.id);
      if (latest.status !== 'pending') return answerFor(latest);
    }
    if (now() - row.createdAt.getTime() > ORDER_LIFETIME_MS) {
      qrFrames.ended(row.id);
      await recordEnded(sql, row.id, { status: 'failed', hintCode: 'expiredTransaction' });
      return { status: 'failed', hintCode: 'expiredTransaction' };
    }
    return { status: 'pending', hintCode: row.hintCode ?? undefined, qrData: qrFor(row) };
  }

  /**
   * One collect: pending with a fresh QR, failed, or complete. A completion is recorded before
   * anything else happens, then applied from that record: exactly once however often, from
   * however many tabs, it is polled, and not lost if the applying fails.
   */
  async function checkStatus(sessionUid: string, transactionId: string): Promise<BankIdStatus> {
    const row = await ownTransaction(sessionUid, transactionId);
    if (row.status !== 'pending') qrFrames.ended(row.id);
    if (row.status === 'complete' && !row.appliedOutcome) return applyRecorded(sessionUid, row.id);
    if (row.status !== 'pending') return answerFor(row);
    // The page polls: it is alive (reloaded, or back from the back-forward cache), so it keeps its order.
    if (row.abandonedAt) await clearAbandoned(sql, row.id);
    const held = unrecorded.get(row.id);
    if (held)
      return (await recordReceived(row.id, held))
        ? applyRecorded(sessionUid, row.id)
        : answerFor((await transactionOfSession(sql, row.id, sessionUid))!);
    let collected: Awaited<ReturnType<BankIdApi['collect']>>;
    try {
      collected = await called('collect', row.id, () => bankId.collect(row.orderRef));
    } catch (err) {
      if ((err as { errorCode?: string }).errorCode === 'invalidParameters')
        return answerForgottenOrder(sessionUid, row);
      throw bankIdRefusal(err);
    }
    if (collected.status === 'pending') {
      if (collected.hintCode !== row.hintCode) await recordPending(sql, row.id, collected.hintCode ?? null);
      return { status: 'pending', hintCode: collected.hintCode, qrData: qrFor(row) };
    }
    qrFrames.ended(row.id);
    if (collected.status === 'failed') {
      await recordEnded(sql, row.id, { status: 'failed', hintCode: collected.hintCode });
      return { status: 'failed', hintCode: collected.hintCode };
    }
    const completion = collected.completionData;
    const user = completion?.user;
    // Only completionData is trusted: it must be the person the order required.
    if (!completion || !user || deps.protector.lookupHash(user.personalNumber) !== row.personalNumberHash) {
      await recordEnded(sql, row.id, { status: 'failed', hintCode: 'startFailed' });
      return { status: 'failed', hintCode: 'startFailed' };
    }
    const { user: _user, ...evidence } = completion;
    const recorded: RecordedCompletion = { ...userOf(user), evidence };
    const deviceIpMatches = row.endUserIpHash
      ? deps.protector.lookupHash(plainAddress(completion.device.ipAddress)) === row.endUserIpHash
      : null;
    if (deviceIpMatches === false) {
      // No address in the log (personal data): which order, to look at beside the access log.
      deps.log?.warn(
        { transactionId: row.id, kind: row.kind, review: 'deviceAddress' },
        'BankID was approved from another address than the order was started from: expected when the QR code was scanned on another device; review if not',
      );
    }
    // Not recorded: another poll recorded it first; its record is the answer.
    await recordReceived(row.id, { completed: sealUser(row.id, recorded), deviceIpMatches });
    return applyRecorded(sessionUid, row.id);
  }

  /**
   * The visitor cancels or leaves. An order BankID already completed is not thrown away: the
   * donor signed, so it is recorded and applied like a poll would (`cancelled: false`).
   */
  async function cancel(sessionUid: string, transactionId: string): Promise<{ cancelled: boolean }> {
    const row = await ownTransaction(sessionUid, transactionId);
    if (row.status !== 'pending') return { cancelled: false };
    const status = await checkStatus(sessionUid, transactionId).catch(() => undefined);
    if (status && status.status !== 'pending') return { cancelled: false };
    qrFrames.ended(row.id);
    await called('cancel', row.id, () => bankId.cancel(row.orderRef)).catch(() => undefined); // already ended at BankID: nothing to cancel
    return { cancelled: await recordEnded(sql, row.id, { status: 'cancelled', hintCode: 'cancelled' }) };
  }

  /**
   * The page went away (sendBeacon on pagehide): the order is marked, and cancelled like the
   * visitor would cancel it once ABANDON_GRACE_MS passed without a poll; a poll in between (a
   * reload, a page back from the back-forward cache) keeps it. The timer lives in this process:
   * if the process stops first, BankID ends the order by itself within 3 minutes. Never fails
   * the beacon.
   */
  async function abandon(sessionUid: string, transactionId: string): Promise<void> {
    try {
      if (!/^[0-9a-f-]{36}$/i.test(transactionId)) return;
      const stamp = await markAbandoned(sql, transactionId, sessionUid);
      if (!stamp) return;
      const timer = setTimeout(() => void finishAbandon(transactionId, stamp), abandonGraceMs);
      timer.unref();
    } catch (err) {
      deps.log?.warn(
        { transactionId, error: (err as Error).message },
        'marking a BankID order abandoned failed',
      );
    }
  }

  async function finishAbandon(transactionId: string, stamp: string): Promise<void> {
    try {
      const claimed = await claimAbandoned(sql, transactionId, stamp);
      if (claimed) await cancel(claimed.sessionUid, transactionId);
    } catch (err) {
      if (!(err instanceof AppError))
        deps.log?.warn(
          {
            transactionId: /^[0-9a-f-]{36}$/i.test(transactionId) ? transactionId : undefined,
            error: (err as Error).message,
          },
          'abandoning a BankID order failed',
        );
    }
  }

  return {
    abandon,
    qrFrames,
    startAuth: (sessionUid: string, personalNumber: string, endUserIp: string, returnUrl?: string) =>
      start(sessionUid, 'auth', personalNumber, endUserIp, undefined, returnUrl),
    startSign: (
      sessionUid: string,
      personalNumber: string,
      endUserIp: string,
      request: SignRequest,
      userVisibleData: string,
      returnUrl?: string,
    ) =>
      start(
        sessionUid,
        'sign',
        personalNumber,
        endUserIp,
        { request: { ...request, signedText: userVisibleData }, userVisibleData },
        returnUrl,
      ),
    checkStatus,
    cancel,
  };
}
export type BankIdService = ReturnType<typeof createBankIdService>;
