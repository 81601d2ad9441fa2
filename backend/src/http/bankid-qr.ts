import type { IncomingMessage, RequestListener } from 'node:http';
import Router from '@koa/router';
import type { Context } from 'koa';
import { invalidArgument } from '../errors.js';
import type { QrFrames } from '../modules/bankid/qr-frames.js';
import type { SessionTokens } from '../modules/session/tokens.js';
import { rateLimitAddressKey, takeOrRefuse, type RateLimiter } from './rate-limit.js';
import type { HeaderList } from './security-headers.js';
import { bearerOf } from './visitor-auth.js';

/** The limits of GET /api/getBankIdQr (http/rate-limit.ts RATE_LIMITS: bankIdQr*). */
export interface QrFrameLimits {
  /** Frames per session and per address: counted in this process's memory (a frame costs only CPU). */
  perSession: RateLimiter;
  perAddress: RateLimiter;
  /** Frames of an order this process does not know yet (one database read each): counted in the shared store. */
  lookupsPerSession: RateLimiter;
}

const FRAME_ID = /^[0-9a-f-]{36}$/i;

/**
 * GET /getBankIdQr?transactionId=… → the QR code's frame for this second (BankIdQrFrame), for the
 * session's own order; asked once a second by the page that shows the QR code. Another session's
 * order or none: 403 invalidState. No store, no database write; the first ask in a process that
 * did not start the order reads its row once (limited per session in the shared store).
 */
export function bankIdQrRoutes(
  frames: Pick<QrFrames, 'frame' | 'knows'>,
  tokens: SessionTokens,
  limits: QrFrameLimits,
  http: { requireVisitor: (ctx: Context, tokens: SessionTokens) => Promise<string> },
): Router {
  const router = new Router();
  router.get('/getBankIdQr', async (ctx) => {
    const sessionUid = await http.requireVisitor(ctx, tokens);
    const id = ctx.query.transactionId;
    if (typeof id !== 'string' || !FRAME_ID.test(id)) throw invalidArgument();
    await takeOrRefuse(limits.perSession, sessionUid);
    await takeOrRefuse(limits.perAddress, rateLimitAddressKey(ctx.ip));
    if (!frames.knows(id)) await takeOrRefuse(limits.lookupsPerSession, sessionUid);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await frames.frame(sessionUid, id);
  });
  return router;
}

/**
 * GET /api/getBankIdQr answered before Koa when this process knows the order (it started it, or
 * read it once): token check, two in-memory counters, one HMAC, the answer. Anything else (no
 * token, an order not in memory, a refusal) goes on to Koa, which answers it with the envelope.
 * The same idea as http/status-fast-path.ts: Koa's own per-request work costs about as much as
 * the frame.
 */
export function bankIdQrFastPath(
  frames: Pick<QrFrames, 'peek'>,
  tokens: SessionTokens,
  limits: Pick<QrFrameLimits, 'perSession' | 'perAddress'>,
  securityHeaders: HeaderList,
  addressOf: (req: IncomingMessage) => string,
  next: RequestListener,
): RequestListener {
  const headers = [
    ...securityHeaders,
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Cache-Control', 'no-store'],
  ] as const;
  const PREFIX = '/api/getBankIdQr?';
  return (req, res) => {
    const url = req.url;
    if (req.method !== 'GET' || !url?.startsWith(PREFIX)) return next(req, res);
    const id = new URLSearchParams(url.slice(PREFIX.length)).get('transactionId');
    const token = bearerOf(req.headers.authorization);
    if (!id || !FRAME_ID.test(id) || !token) return next(req, res);
    void (async () => {
      const sessionUid = await tokens.verify(token);
      const frame = sessionUid ? frames.peek(sessionUid, id) : undefined;
      if (
        !frame ||
        !(await limits.perSession.take(sessionUid!)).allowed ||
        !(await limits.perAddress.take(addressOf(req))).allowed
      )
        return next(req, res);
      const body = JSON.stringify(frame);
      for (const [name, value] of headers) res.setHeader(name, value);
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
    })().catch(() => {
      if (!res.headersSent) next(req, res);
    });
  };
}
