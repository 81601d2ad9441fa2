import { randomBytes, randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { DEMO_PERSONS, type DemoPerson } from '../demo-fixtures.js';
import type {
  CollectResponse,
  CompletionData,
  FailedHintCode,
  OrderResponse,
  PendingHintCode,
} from './rp-api.js';
import type { PagePaths } from './simulator-pages.js';
import { PERSONAL_NUMBER, RpRefusal, noSuchOrder, validOrderRef, validOrderRequest } from './simulator-rp.js';
import { simulatorRouter, type ApprovalOutcome, type CancelOutcome } from './simulator-routes.js';
import { memoryOrderStore, type OrderStore, type SimulatedOrder } from './simulator-store.js';
import { createSimulatedSigner, signatureXml, type SimulatedSigner } from './simulated-signature.js';

export type { OrderStore, SimulatedOrder } from './simulator-store.js';

export interface BankIdSimulatorOptions {
  now?: () => number;
  /** A fixture person's order ends by itself this long after it starts. */
  autoCompleteMs?: number;
  /** A pending order fails with expiredTransaction after this long (BankID: 3 minutes). */
  orderTtlMs?: number;
  /** An ended order can still be collected this long; then it is forgotten. */
  forgetAfterMs?: number;
  fixtures?: readonly DemoPerson[];
  /** Load drills: every order that names a personal number completes by itself like a fixture's. */
  autoApproveAll?: boolean;
  /** Absolute path of the approval page ("the BankID app"), e.g. `/sim/bankid/app`. */
  appPath: string;
  /** Absolute path the router is mounted under; defaults to appPath without its last segment. */
  mountPath?: string;
  store?: OrderStore;
  /** How often ended orders are swept out even when nobody asks (unref'd timer). */
  sweepEveryMs?: number;
  /** The key and certificate the completion's XML signature is made with; made at start if not given. */
  signer?: SimulatedSigner;
  /** Where the made signer keeps its root and bank CA across restarts (demo: in DATA_DIR), so `verify-mandate` can check older signatures. */
  caFile?: string;
}

export type { ApprovalOutcome, CancelOutcome } from './simulator-routes.js';

export interface BankIdSimulator {
  /** Routes relative to the mount path: the RP API under /rp/v6.0, the approval page under /app, the order list at /. */
  router: Router;
  /** As if the user approved in the app (on the device at `deviceIp`); an order without requirement.personalNumber needs one. */
  approve(orderRef: string, personalNumber?: string, deviceIp?: string): ApprovalOutcome;
  /** As if the user pressed Cancel in the app (failed/userCancel). */
  cancelOrder(orderRef: string): CancelOutcome;
  /** Every remembered order, settled to now. */
  orders(): SimulatedOrder[];
  /** Stops the sweep timer. */
  stop(): void;
  /** Resolves once the signing key exists (every route waits for it). */
  ready: Promise<void>;
}

/**
 * The BankID RP API v6.0 as a demo service on our own server, so the backend talks to it through
 * the same client as to the real BankID. Orders for fixture persons end by themselves; any other
 * order waits for a person to approve or cancel it on the approval page.
 */
export function createBankIdSimulator(options: BankIdSimulatorOptions): BankIdSimulator {
  const now = options.now ?? Date.now;
  const autoCompleteMs = options.autoCompleteMs ?? 2_000;
  const orderTtlMs = options.orderTtlMs ?? 180_000;
  const forgetAfterMs = options.forgetAfterMs ?? 300_000;
  const fixtures = options.fixtures ?? DEMO_PERSONS;
  const store = options.store ?? memoryOrderStore();
  const appPath = options.appPath.replace(/\/+$/, '');
  const paths: PagePaths = {
    appPath,
    mountPath: (options.mountPath ?? appPath.replace(/\/[^/]*$/, '')).replace(/\/+$/, ''),
  };

  const fixtureOf = (personalNumber: string | undefined) =>
    fixtures.find((p) => p.personalNumber === personalNumber);
  let signer: SimulatedSigner | undefined = options.signer;
  const ready = signer
    ? Promise.resolve()
    : createSimulatedSigner({ caFile: options.caFile }).then((made) => void (signer = made));
  const signerNow = () => {
    if (!signer) throw new Error('the simulator is still making its signing key');
    return signer;
  };

  /** Brings an order up to now: expiry and a fixture's own ending happen lazily, on access. Undefined once forgotten. */
  function settled(order: SimulatedOrder | undefined): SimulatedOrder | undefined {
    if (!order) return undefined;
    const at = now();
    if (order.state.status === 'pending') {
      const expiresAt = order.startedAt + orderTtlMs;
      const fixture = fixtureOf(order.personalNumber);
      const endsByItself = fixture || (options.autoApproveAll && order.personalNumber);
      const endsByItselfAt = order.startedAt + autoCompleteMs;
      if (endsByItself && endsByItselfAt <= at && endsByItselfAt < expiresAt) {
        end(
          order,
          fixture?.bankId === 'userCancel'
            ? fail('userCancel', endsByItselfAt)
            : complete(order, order.personalNumber!, endsByItselfAt),
        );
      } else if (expiresAt <= at) {
        end(order, fail('expiredTransaction', expiresAt));
      }
    }
    if (order.state.status !== 'pending' && at - order.state.endedAt >= forgetAfterMs) {
      store.delete(order.orderRef);
      return undefined;
    }
    return order;
  }

  function end(order: SimulatedOrder, state: SimulatedOrder['state']): void {
    order.state = state;
    store.put(order);
  }

  function fail(hintCode: FailedHintCode, endedAt = now()): SimulatedOrder['state'] {
    return { status: 'failed', hintCode, endedAt };
  }

  /** `deviceIp`: the address of the device that approved (the approval page's visitor); else the order's endUserIp. */
  function complete(
    order: SimulatedOrder,
    personalNumber: string,
    endedAt = now(),
    deviceIp?: string,
  ): SimulatedOrder['state'] {
    return {
      status: 'complete',
      endedAt,
      completionData: completionData(
        signerNow(),
        order,
        personalNumber,
        fixtureOf(personalNumber),
        endedAt,
        deviceIp,
      ),
    };
  }

  /**
   * Settles only the orders `which` picks: settling ends due orders, and a completion is signed
   * (RSA), so settling every order in the store on each call would sign hundreds at once in a rush.
   */
  const settledWhere = (which: (order: SimulatedOrder) => boolean) =>
    store
      .all()
      .filter(which)
      .flatMap((o) => settled(o) ?? []);
  const allSettled = () => settledWhere(() => true);
  const findOrder = (orderRef: string) => settled(store.get(orderRef));

  /**
   * Real BankID: a new order for someone with one pending is refused, and the pending one is
   * cancelled too. Not for the fixture persons, who end their orders by themselves: everyone
   * trying the demo (people and test suites, side by side) shares them, and one tester's order
   * must not cancel another's. Any other personal number follows the real rule.
   */
  function refuseWhileInProgress(personalNumber: string | undefined): void {
    if (!personalNumber || fixtureOf(personalNumber)) return;
    const running = settledWhere((o) => o.personalNumber === personalNumber).filter(
      (o) => o.state.status === 'pending',
    );
    if (!running.length) return;
    for (const order of running) end(order, fail('cancelled'));
    throw new RpRefusal(400, 'alreadyInProgress', 'Order already in progress for pno');
  }

  function startOrder(kind: 'auth' | 'sign', body: unknown): OrderResponse {
    const request = validOrderRequest(kind, body);
    refuseWhileInProgress(request.personalNumber);
    const order: SimulatedOrder = {
      ...request,
      kind,
      orderRef: randomUUID(),
      autoStartToken: randomUUID(),
      qrStartToken: randomUUID(),
      qrStartSecret: randomUUID(),
      startedAt: now(),
      state: { status: 'pending' },
    };
    store.put(order);
    const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
    return { orderRef, autoStartToken, qrStartToken, qrStartSecret };
  }

  function pendingHint(order: SimulatedOrder): PendingHintCode {
    // Opened in the "app": with a required person it is on the signing screen, without one the app has no identity yet.
    if (order.openedAt !== undefined) return order.personalNumber ? 'userSign' : 'started';
    if (fixtureOf(order.personalNumber) && now() - order.startedAt >= autoCompleteMs / 2) return 'userSign';
    return 'outstandingTransaction';
  }

  /**
   * As the real service: `complete` is answered once, with the completionData; the order is then
   * gone, and a later collect (or one for an order never made) is 400 invalidParameters.
   */
  function collect(body: unknown): CollectResponse {
    const order = findOrder(validOrderRef(body));
    if (!order || order.collectedAt !== undefined) throw noSuchOrder();
    const state = order.state;
    if (state.status === 'pending')
      return { orderRef: order.orderRef, status: 'pending', hintCode: pendingHint(order) };
    if (state.status === 'failed')
      return { orderRef: order.orderRef, status: 'failed', hintCode: state.hintCode };
    order.collectedAt = now();
    store.put(order);
    return { orderRef: order.orderRef, status: 'complete', completionData: state.completionData };
  }

  /** The relying party's cancel: the order is gone, as at BankID; one BankID does not know is invalidParameters. */
  function cancelByRelyingParty(body: unknown): Record<string, never> {
    const order = findOrder(validOrderRef(body));
    if (!order || order.collectedAt !== undefined) throw noSuchOrder();
    store.delete(order.orderRef);
    return {};
  }

  function approve(orderRef: string, personalNumber?: string, deviceIp?: string): ApprovalOutcome {
    const order = findOrder(orderRef);
    if (!order) return 'notFound';
    if (order.state.status !== 'pending') return 'notPending';
    const who = order.personalNumber ?? personalNumber;
    if (!who || !PERSONAL_NUMBER.test(who)) return 'personalNumberNeeded';
    end(order, complete(order, who, now(), deviceIp));
    return 'approved';
  }

  function cancelOrder(orderRef: string): CancelOutcome {
    const order = findOrder(orderRef);
    if (!order) return 'notFound';
    if (order.state.status !== 'pending') return 'notPending';
    end(order, fail('userCancel'));
    return 'cancelled';
  }

  const pendingOrders = () =>
    allSettled()
      .filter((o) => o.state.status === 'pending')
      .sort((a, b) => a.startedAt - b.startedAt);

  /** Opened in "the app": with a required person it is on the signing screen (pendingHint). */
  function openInApp(autoStartToken: string): SimulatedOrder | undefined {
    const [order] = settledWhere((o) => o.autoStartToken === autoStartToken);
    if (order?.state.status === 'pending' && order.openedAt === undefined) {
      order.openedAt = now();
      store.put(order);
    }
    return order;
  }

  const router = simulatorRouter(
    {
      startOrder,
      collect,
      cancelByRelyingParty,
      approve,
      cancelOrder,
      openInApp,
      findOrder,
      storedOrder: (orderRef) => store.get(orderRef),
      pendingOrders,
    },
    paths,
    ready,
  );

  function sweep(): void {
    allSettled();
  }
  const sweeper = setInterval(sweep, options.sweepEveryMs ?? Math.min(orderTtlMs, 60_000));
  sweeper.unref();

  return {
    router,
    approve,
    cancelOrder,
    orders: () => allSettled().map((o) => ({ ...o })),
    stop: () => clearInterval(sweeper),
    ready,
  };
}

/** What the app would report on completion: the person, the device and a signature holding exactly what was shown. */
function completionData(
  signer: SimulatedSigner,
  order: SimulatedOrder,
  personalNumber: string,
  person: DemoPerson | undefined,
  at: number,
  deviceIp = order.endUserIp,
): CompletionData {
  const givenName = person?.givenName ?? 'Test';
  const surname = person?.surname ?? 'Testsson';
  const xml = signatureXml(signer, {
    userVisibleData: order.userVisibleData,
    userVisibleDataFormat: order.userVisibleDataFormat,
    userNonVisibleData: order.userNonVisibleData,
    funcId: order.kind === 'sign' ? 'Signing' : 'Identification',
    at,
  });
  return {
    user: { personalNumber, name: `${givenName} ${surname}`, givenName, surname },
    device: { ipAddress: deviceIp, uhi: randomBytes(18).toString('base64url') },
    bankIdIssueDate: new Date(at - 365 * 86_400_000).toISOString().slice(0, 10),
    signature: Buffer.from(xml, 'utf8').toString('base64'),
    ocspResponse: signer.ocspResponse,
  };
}
