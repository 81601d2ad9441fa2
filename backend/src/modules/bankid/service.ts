import { randomUUID } from 'node:crypto';
import type { BankIdStart, BankIdStatus } from '@concert/shared/api';
import { BANKID_POLL_MS } from '@concert/shared/universal';
import { AppError } from '../../errors.js';
import { createQrFrames, ORDER_LIFETIME_MS } from './qr-frames.js';
import {
  claimAbandoned,
  clearAbandoned,
  insertTransaction,
  markAbandoned,
  recordEnded,
  recordPending,
  transactionOfSession,
  type BankIdTransactionRow,
  type RecordedCompletion,
  type SignRequest,
} from './queries.js';
import type { BankIdApi, BankIdOrder, BankIdServiceDeps } from './api.js';
import { bankIdRefusal } from './refusal.js';
import {
  answerFor,
  applyRecorded,
  recordReceived,
  sealRequest,
  sealUser,
  userOf,
  type Completions,
} from './completion.js';

export type { BankIdApi } from './api.js';

/** `::ffff:203.0.113.7` is 203.0.113.7: both sides compared in the same form (as http/client-address.ts). */
function plainAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/** How long a poll that BankID answered invalidParameters waits for a concurrent poll's record. */
const FORGOTTEN_REREAD_MS = [100, 200, 300, 400];
/**
 * How long a page that went away (abandonBankIDSession) has to come back before its order is
 * cancelled: a reload or a page restored from the back-forward cache polls again within a few
 * seconds (every 2 s; a slow phone network's reload, up to ~10 s), and a hidden tab's timers
 * still run at least once a second. Past it, nobody is waiting for the order.
 */
export const ABANDON_GRACE_MS = 15_000;

export function createBankIdService(deps: BankIdServiceDeps) {
  const { sql, bankId } = deps;
  const now = deps.now ?? Date.now;
  const abandonGraceMs = deps.abandonGraceMs ?? ABANDON_GRACE_MS;
  /** The QR code's frames, one a second, from memory (GET /api/getBankIdQr); a page showing one is watched. */
  const qrFrames = createQrFrames({ sql, qrData: deps.qrData, now, onShown: (id) => watchSilence(id) });
  /** Recording and applying completions (completion.ts), with the ones not yet recorded. */
  const c: Completions = {
    sql,
    protector: deps.protector,
    applySign: deps.applySign,
    onIdentified: deps.onIdentified,
    unrecorded: new Map(),
  };

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
              ...(returnUrl ? { returnUrl } : {}),
              userVisibleData: sign.userVisibleData,
              userVisibleDataFormat: 'simpleMarkdownV1',
            }),
          )
        : await called('auth', undefined, () =>
            bankId.auth({ endUserIp, requirement, ...(returnUrl ? { returnUrl } : {}) }),
          );
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
      signRequest: sign && sealRequest(c, id, sign.request),
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

  async function ownTransaction(sessionUid: string, transactionId: string): Promise<BankIdTransactionRow> {
    const row = /^[0-9a-f-]{36}$/i.test(transactionId)
      ? await transactionOfSession(sql, transactionId, sessionUid)
      : undefined;
    // Another session's transaction looks exactly like one that does not exist.
    if (!row) throw new AppError('PERMISSION_DENIED', 'invalidState');
    return row;
  }

  /**
   * BankID no longer knows the order (invalidParameters): it was completed and collected by
   * another poll that is recording it right now, or it ended at BankID behind our back (cancelled
   * elsewhere, or completed by a poll that died before recording it, which BankID never answers
   * again). Wait briefly for a concurrent record; otherwise the order has failed, and is recorded
   * so: BankID's guidelines say to stop collecting after invalidParameters (issue 39 §8), and no
   * later poll asks BankID about it again. The visitor sees RFA22 and may try again.
   */
  async function answerForgottenOrder(sessionUid: string, row: BankIdTransactionRow): Promise<BankIdStatus> {
    for (const wait of FORGOTTEN_REREAD_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const latest = (await transactionOfSession(sql, row.id, sessionUid))!;
      if (latest.status === 'complete' && !latest.appliedOutcome) return applyRecorded(c, sessionUid, row.id);
      if (latest.status !== 'pending') return answerFor(c, latest);
    }
    qrFrames.ended(row.id);
    const hintCode = now() - row.createdAt.getTime() > ORDER_LIFETIME_MS ? 'expiredTransaction' : undefined;
    if (!(await recordEnded(sql, row.id, { status: 'failed', hintCode: hintCode ?? null })))
      return answerFor(c, (await transactionOfSession(sql, row.id, sessionUid))!);
    return { status: 'failed', ...(hintCode ? { hintCode } : {}) };
  }

  /**
   * One collect: pending with a fresh QR, failed, or complete. A completion is recorded before
   * anything else happens, then applied from that record: exactly once however often, from
   * however many tabs, it is polled, and not lost if the applying fails.
   */
  async function checkStatus(sessionUid: string, transactionId: string): Promise<BankIdStatus> {
    const row = await ownTransaction(sessionUid, transactionId);
    if (row.status !== 'pending') qrFrames.ended(row.id);
    if (row.status === 'complete' && !row.appliedOutcome) return applyRecorded(c, sessionUid, row.id);
    if (row.status !== 'pending') return answerFor(c, row);
    // The page polls: it is alive (reloaded, or back from the back-forward cache), so it keeps its order.
    qrFrames.polled(row.id);
    if (row.abandonedAt) await clearAbandoned(sql, row.id);
    const held = c.unrecorded.get(row.id);
    if (held)
      return (await recordReceived(c, row.id, held))
        ? applyRecorded(c, sessionUid, row.id)
        : answerFor(c, (await transactionOfSession(sql, row.id, sessionUid))!);
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
    await recordReceived(c, row.id, { completed: sealUser(c, row.id, recorded), deviceIpMatches });
    return applyRecorded(c, sessionUid, row.id);
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
  async function abandon(
    sessionUid: string,
    transactionId: string,
    { unlessMarked = false }: { unlessMarked?: boolean } = {},
  ): Promise<void> {
    try {
      if (!/^[0-9a-f-]{36}$/i.test(transactionId)) return;
      const stamp = await markAbandoned(sql, transactionId, sessionUid, { unlessMarked });
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

  /**
   * A page showing the QR code asks for a frame every second while in view and polls every 2 s
   * even when hidden. Silent for ABANDON_GRACE_MS (and at least a poll's interval), it has gone
   * without a word: a tab closed on a busy phone before its pagehide beacon left, a browser
   * killed from the task switcher (the beacon is best effort). The order is then abandoned as a
   * beacon abandons it: cancelled a grace period later unless a poll comes, here or in another
   * process. An order opened in the BankID app on this device shows no QR code and is never
   * watched: its page is in the background, maybe frozen, while the visitor signs.
   */
  function watchSilence(id: string): void {
    const silentMs = Math.max(abandonGraceMs, BANKID_POLL_MS);
    // Marked once a silence: marking again would restart the grace period that is running.
    let markedSilence: number | undefined;
    const check = () => {
      const seen = qrFrames.lastAsked(id);
      if (!seen) return; // ended, run out, or forgotten
      const quiet = now() - seen.askedAt;
      if (quiet >= silentMs && markedSilence !== seen.askedAt) {
        markedSilence = seen.askedAt;
        // A beacon's mark already running is kept: marking again would restart its grace period.
        void abandon(seen.sessionUid, id, { unlessMarked: true });
      }
      setTimeout(check, quiet >= silentMs ? silentMs : silentMs - quiet).unref();
    };
    setTimeout(check, silentMs).unref();
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
