import type { BankIdQrFrame } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';
import { AppError } from '../../errors.js';

/** BankID's orders live 3 minutes at most; past this no frame is made (the order has ended). */
export const ORDER_LIFETIME_MS = 210_000;
/** Orders whose frames this process keeps in memory; the oldest is dropped first (≈300 bytes each). */
const MAX_ORDERS = 50_000;

export interface QrOrder {
  sessionUid: string;
  qrStartToken: string;
  qrStartSecret: string;
  createdAt: number;
  ended: boolean;
  /** When the page last asked about the order (a frame or a collect), once it has shown the QR code. */
  askedAt?: number;
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The animated QR code's frames, one a second (BankID: "the QR code must be refreshed every
 * second"), computed here so `qrStartSecret` never leaves the server. Cheap enough to be asked
 * by every waiting page once a second in a rush: an order's token, secret and start are kept in
 * this process's memory from the moment it started (or from the one read of its row when another
 * process started it), so a frame reads no database and writes nothing; it is an HMAC of the
 * seconds since the order started. A frame tells nothing that the QR code on the screen does not.
 */
export function createQrFrames(deps: {
  sql: Queryable;
  qrData: (qrStartToken: string, qrStartSecret: string, seconds: number) => string;
  now: () => number;
  maxOrders?: number;
  /** The page asked this order's first frame in this process: it shows the QR code (service.ts watches it). */
  onShown?: (id: string) => void;
}) {
  const orders = new Map<string, QrOrder>();
  const maxOrders = deps.maxOrders ?? MAX_ORDERS;

  function remember(id: string, order: Omit<QrOrder, 'ended'> & { ended?: boolean }): void {
    orders.delete(id);
    // Oldest first (insertion order): drop the expired ones, then, if still full, the oldest.
    for (const [key, o] of orders) {
      if (orders.size < maxOrders && deps.now() - o.createdAt < ORDER_LIFETIME_MS) break;
      orders.delete(key);
    }
    orders.set(id, { ...order, ended: order.ended ?? false });
  }

  /** The order ended (collected, failed, cancelled): its frames stop at once in this process. */
  function ended(id: string): void {
    const order = orders.get(id);
    if (order) order.ended = true;
  }

  /** A frame asked: the page shows the QR code; from now on its silence is watched (`lastAsked`). */
  function frameOf(id: string, order: QrOrder): BankIdQrFrame {
    const shown = order.askedAt !== undefined;
    order.askedAt = deps.now();
    if (!shown && !order.ended) deps.onShown?.(id);
    const elapsed = deps.now() - order.createdAt;
    if (order.ended || elapsed >= ORDER_LIFETIME_MS) return { status: 'ended' };
    const ms = Math.max(0, elapsed);
    return {
      status: 'pending',
      qrData: deps.qrData(order.qrStartToken, order.qrStartSecret, Math.floor(ms / 1000)),
      nextInMs: 1000 - (ms % 1000),
    };
  }

  /**
   * The frame from memory only (the fast path): undefined when this process does not know the
   * order, or it is another session's (then `frame` answers, with the refusal).
   */
  function peek(sessionUid: string, id: string): BankIdQrFrame | undefined {
    const order = orders.get(id);
    return order && order.sessionUid === sessionUid ? frameOf(id, order) : undefined;
  }

  /** The order is not in memory (`peek` found nothing): whether reading its row is needed. */
  const knows = (id: string) => orders.has(id);

  /**
   * The frame of the session's order; on the first ask in this process, one read of the order's
   * row. Another session's order, or none, looks the same: PERMISSION_DENIED invalidState.
   */
  async function frame(sessionUid: string, id: string): Promise<BankIdQrFrame> {
    if (!isUuid(id)) throw new AppError('PERMISSION_DENIED', 'invalidState');
    let order = orders.get(id);
    if (!order) {
      const [row] = await deps.sql<
        {
          sessionUid: string;
          qrStartToken: string;
          qrStartSecret: string;
          createdAt: Date;
          status: string;
        }[]
      >`
        SELECT session_uid, qr_start_token, qr_start_secret, created_at, status
        FROM bankid_transactions
        WHERE id = ${id}`;
      if (!row) throw new AppError('PERMISSION_DENIED', 'invalidState');
      remember(id, {
        sessionUid: row.sessionUid,
        qrStartToken: row.qrStartToken,
        qrStartSecret: row.qrStartSecret,
        createdAt: row.createdAt.getTime(),
        ended: row.status !== 'pending',
      });
      order = orders.get(id)!;
    }
    if (order.sessionUid !== sessionUid) throw new AppError('PERMISSION_DENIED', 'invalidState');
    return frameOf(id, order);
  }

  /** The page polled the order's status: alive, if it is one that shows the QR code. */
  function polled(id: string): void {
    const order = orders.get(id);
    if (order?.askedAt !== undefined) order.askedAt = deps.now();
  }

  /**
   * When the page showing the order's QR code last asked about it, while the order may still be
   * waiting; undefined when it has ended, run out, or was never shown as a QR code in this process.
   */
  function lastAsked(id: string): { sessionUid: string; askedAt: number } | undefined {
    const order = orders.get(id);
    if (!order || order.ended || order.askedAt === undefined) return undefined;
    if (deps.now() - order.createdAt >= ORDER_LIFETIME_MS) return undefined;
    return { sessionUid: order.sessionUid, askedAt: order.askedAt };
  }

  return { remember, ended, peek, knows, frame, polled, lastAsked, size: () => orders.size };
}
export type QrFrames = ReturnType<typeof createQrFrames>;
