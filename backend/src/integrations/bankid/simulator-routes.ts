import Router from '@koa/router';
import type { Context } from 'koa';
import { RP_API_VERSION_PATH, type CollectResponse, type OrderResponse } from './rp-api.js';
import {
  STYLESHEET,
  approvalHref,
  approvalPage,
  listPath,
  missingOrderPage,
  pendingOrdersPage,
  type PagePaths,
  type ReturnTo,
} from './simulator-pages.js';
import { RpRefusal, readBody, rpMethod, sendRefusal } from './simulator-rp.js';
import type { SimulatedOrder } from './simulator-store.js';

export type ApprovalOutcome = 'approved' | 'notFound' | 'notPending' | 'personalNumberNeeded';
export type CancelOutcome = 'cancelled' | 'notFound' | 'notPending';

/** What the simulator's routes ask of its orders (simulator.ts). */
export interface OrderDesk {
  startOrder(kind: 'auth' | 'sign', body: unknown): OrderResponse;
  collect(body: unknown): CollectResponse;
  cancelByRelyingParty(body: unknown): Record<string, never>;
  approve(orderRef: string, personalNumber?: string, deviceIp?: string): ApprovalOutcome;
  cancelOrder(orderRef: string): CancelOutcome;
  /** The order a launch link's autostart token names, now opened in "the app". */
  openInApp(autoStartToken: string): SimulatedOrder | undefined;
  /** An order settled to now (undefined once forgotten). */
  findOrder(orderRef: string): SimulatedOrder | undefined;
  /** An order as stored, not settled. */
  storedOrder(orderRef: string): SimulatedOrder | undefined;
  /** The pending orders, oldest first. */
  pendingOrders(): SimulatedOrder[];
}

/**
 * The simulator's HTTP face, relative to its mount path: the RP API under /rp/v6.0, the approval
 * page ("the BankID app") under /app, the list of pending orders at /. Every route waits for `ready`.
 */
export function simulatorRouter(desk: OrderDesk, paths: PagePaths, ready: Promise<void>): Router {
  const router = new Router();
  router.use(async (_ctx, next) => {
    await ready;
    await next();
  });
  router.post(
    `${RP_API_VERSION_PATH}/auth`,
    rpMethod((body) => desk.startOrder('auth', body)),
  );
  router.post(
    `${RP_API_VERSION_PATH}/sign`,
    rpMethod((body) => desk.startOrder('sign', body)),
  );
  router.post(`${RP_API_VERSION_PATH}/collect`, rpMethod(desk.collect));
  router.post(`${RP_API_VERSION_PATH}/cancel`, rpMethod(desk.cancelByRelyingParty));
  router.all(`${RP_API_VERSION_PATH}/{*rest}`, (ctx) => {
    const known = /\/rp\/v6\.0\/(auth|sign|collect|cancel)$/.test(ctx.path);
    sendRefusal(
      ctx,
      known
        ? new RpRefusal(405, 'methodNotAllowed', 'Use POST')
        : new RpRefusal(404, 'notFound', 'No such method'),
    );
  });

  router.get('/sim.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = STYLESHEET;
  });

  router.get('/app', (ctx) => {
    const token = typeof ctx.query.autostarttoken === 'string' ? ctx.query.autostarttoken : '';
    const order = desk.openInApp(token);
    if (!order) return sendPage(ctx, 404, missingOrderPage(paths));
    sendPage(ctx, 200, approvalPage(order, paths, undefined, wayBack(ctx, order, ctx.query.redirect)));
  });

  router.post('/app/approve', async (ctx) => {
    const form = await readForm(ctx);
    const personalNumber = form.get('personalNumber')?.replace(/[\s-]/g, '') || undefined;
    const outcome = desk.approve(form.get('orderRef') ?? '', personalNumber, ctx.ip);
    if (outcome === 'personalNumberNeeded')
      return answerDecisionProblem(ctx, form, 'Enter a personal number of 12 digits.');
    decided(ctx, form, outcome);
  });

  router.post('/app/cancel', async (ctx) => {
    const form = await readForm(ctx);
    decided(ctx, form, desk.cancelOrder(form.get('orderRef') ?? ''));
  });

  router.get('/', (ctx) => {
    sendPage(ctx, 200, pendingOrdersPage(desk.pendingOrders(), paths));
  });

  /** After a decision, back to where it was taken (post/redirect/get), so a reload does not decide again. */
  function decided(ctx: Context, form: URLSearchParams, outcome: ApprovalOutcome | CancelOutcome): void {
    const order = desk.storedOrder(form.get('orderRef') ?? '');
    if (outcome === 'notFound' || !order) return sendPage(ctx, 404, missingOrderPage(paths));
    ctx.status = 303;
    // Like BankID's app on iOS: once decided, back to the order's returnUrl, else the address the launch link named.
    const back = returnTo(form) === 'app' ? wayBack(ctx, order, form.get('redirect')) : undefined;
    ctx.redirect(back ?? (returnTo(form) === 'list' ? listPath(paths) : approvalHref(order, paths)));
  }

  /**
   * Where "the app" goes once decided: the order's own `returnUrl` (the relying party sent it over
   * the RP API; BankID then ignores the launch link's `redirect`), else the link's `redirect`.
   */
  function wayBack(ctx: Context, order: SimulatedOrder, redirect: unknown): string | undefined {
    return order.returnUrl ?? returnAddressOf(ctx, redirect);
  }

  /** A launch link's `redirect` the simulator follows: an http(s) address on the site that serves it, never `null` or elsewhere. */
  function returnAddressOf(ctx: Context, value: unknown): string | undefined {
    if (typeof value !== 'string' || value === 'null') return undefined;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === ctx.host
        ? url.href
        : undefined;
    } catch {
      return undefined;
    }
  }

  function answerDecisionProblem(ctx: Context, form: URLSearchParams, problem: string): void {
    const order = desk.findOrder(form.get('orderRef') ?? '');
    if (!order) return sendPage(ctx, 404, missingOrderPage(paths));
    sendPage(
      ctx,
      400,
      returnTo(form) === 'list'
        ? pendingOrdersPage(desk.pendingOrders(), paths, problem)
        : approvalPage(order, paths, problem),
    );
  }

  return router;
}

function returnTo(form: URLSearchParams): ReturnTo {
  return form.get('returnTo') === 'list' ? 'list' : 'app';
}

async function readForm(ctx: Context): Promise<URLSearchParams> {
  try {
    return new URLSearchParams(await readBody(ctx));
  } catch {
    return new URLSearchParams();
  }
}

function sendPage(ctx: Context, status: number, page: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  ctx.body = page;
}
