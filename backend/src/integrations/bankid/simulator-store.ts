import type { CompletionData, FailedHintCode } from './rp-api.js';

/** One order as the simulated BankID service remembers it. */
export interface SimulatedOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  kind: 'auth' | 'sign';
  endUserIp: string;
  /** requirement.personalNumber: only this person may complete the order. */
  personalNumber?: string;
  /** Base64, exactly as the relying party sent it (the signature holds it that way too). */
  userVisibleData?: string;
  userVisibleDataFormat?: 'simpleMarkdownV1';
  userNonVisibleData?: string;
  /** The relying party's way back (RP API v6 `returnUrl`): the app goes there once decided, whatever the launch link said. */
  returnUrl?: string;
  startedAt: number;
  /** When the approval page (the "app") first showed the order. */
  openedAt?: number;
  /** When the relying party collected it complete: from then on the RP API no longer knows it (the approval page still shows it). */
  collectedAt?: number;
  state: OrderState;
}

export type OrderState =
  | { status: 'pending' }
  | { status: 'complete'; endedAt: number; completionData: CompletionData }
  | { status: 'failed'; endedAt: number; hintCode: FailedHintCode };

/** Where the simulator keeps its orders; a Map in memory is enough for one demo process. */
export interface OrderStore {
  get(orderRef: string): SimulatedOrder | undefined;
  put(order: SimulatedOrder): void;
  delete(orderRef: string): void;
  all(): SimulatedOrder[];
}

export function memoryOrderStore(): OrderStore {
  const orders = new Map<string, SimulatedOrder>();
  return {
    get: (orderRef) => orders.get(orderRef),
    put: (order) => void orders.set(order.orderRef, order),
    delete: (orderRef) => void orders.delete(orderRef),
    all: () => [...orders.values()],
  };
}
