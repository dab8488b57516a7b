import type { OperatorId, PlanId } from '#domain/catalogue';
import { newOrderId } from '#domain/order-number';
import { env } from '../../../config/env';
import type { AiSettings } from '../../../lib/ai/client';
import type { ShopOrder } from '../../../lib/api/client';
import type { Language } from '../../../lib/i18n/languages';
import { toOrderRecord } from './order-record';
import type { FailureReason } from '#domain/receipt-rules';
import type { OrderDelivery } from '../../../lib/delivery';
import {
  createOrder,
  type Draft,
  type Order,
  type OrderPage,
  type Verification,
} from './purchase-machine';
import type { PreparedReceipt } from './receipt-image';
import { rememberTransactionId } from './used-transactions';
import { verifyPayment } from './verify-payment';
import { submitOrder } from './webhook-queue';

/** GET /api/availability: per plan and operator, whether an eSIM is ready now (issue #24). */
export type StockAvailability = {
  /** `operatorId/planId` of each pair with an eSIM in stock. */
  ready: ReadonlySet<string>;
  /** `operatorId/planId` of each pair the server answered for. */
  known: ReadonlySet<string>;
  /** Not ready: staff send the eSIM this many minutes after payment. */
  promiseMinutes: number;
  /** The server sends email: an email contact also gets the eSIM by email (issue #44). */
  emailDelivery: boolean;
};

/** What the operator step says of one operator for a plan: ready now, not ready, or unknown. */
export function operatorStock(
  availability: StockAvailability | null,
  operatorId: string,
  planId: string,
): 'ready' | 'notReady' | null {
  const key = `${operatorId}/${planId}`;
  if (!availability?.known.has(key)) return null;
  return availability.ready.has(key) ? 'ready' : 'notReady';
}

type Signal = AbortSignal;
type Confirmed = Extract<Verification, { status: 'confirmed' }>;
/** A draft ready to order: plan and operator chosen. */
export type OrderDraft = Draft & { planId: PlanId; operatorId: OperatorId };

/** What the backend said of a receipt: a verification (with the order as it now is), or expiry. */
export type ReceiptOutcome =
  { kind: 'decided'; order: Order; verification: Verification } | { kind: 'expired' };

type Paid = { transactionId: string; verifiedAt: number };

/**
 * A verdict as the result screen shows it, as the backend reads it (decision 142): its kind
 * chooses the screen, and each kind carries what its screen needs.
 */
export type CheckoutResult =
  /** Paid, and the backend hands over the eSIM: the eSIM (or its honest state) comes first. */
  | (Paid & { kind: 'esim'; delivery: OrderDelivery; page: OrderPage | null })
  /** Paid: the order's details and what happens next (the shop sends the eSIM). */
  | (Paid & { kind: 'nextSteps' })
  /**
   * Refused: why. A reused receipt was seen on an order of this device, or of the whole shop
   * where the backend knows every order.
   */
  | { kind: 'refused'; reason: FailureReason; reusedOn: 'device' | 'shop' };

/**
 * Where the purchase flow's orders are made and its receipts decided (decision 093): in this
 * browser (the static shop, browserCheckout) or on the shop's server (serverCheckout). Chosen once
 * when the app starts (useCheckout, from the services); the flow never asks which. Every call
 * stops when its signal aborts.
 */
export type CheckoutBackend = {
  /** Continue to payment: the order. A draft sent again carries the same `key` (one order). */
  createOrder(draft: OrderDraft, language: Language, key: string, signal: Signal): Promise<Order>;
  /** Upload and verify: resolves with the decision (every fault is a refusal) unless aborted. */
  submitReceipt(
    order: Order,
    receipt: PreparedReceipt,
    language: Language,
    signal: Signal,
  ): Promise<ReceiptOutcome>;
  /** The unpaid order's new contact, as kept; rejects (an ApiError 409: closed) to change nothing. */
  changeContact(order: Order, contact: string, signal: Signal): Promise<string>;
  cancel(order: Order, signal: Signal): Promise<void>;
  /** How the order stands where it is kept; null when this browser holds the only copy. */
  orderNow(order: Order, signal: Signal): Promise<ShopOrder> | null;
  /** Which operators have an eSIM ready now; null when the backend cannot say. */
  availability(signal: Signal): Promise<StockAvailability | null>;
  /** A payment this browser confirmed (confirmedBy): what it sets off, once. */
  onConfirmed(order: Order, verification: Confirmed, language: Language): void;
  /** Whether a confirmed order is recorded by the backend itself (no webhook hand-off to watch). */
  recordsOrders: boolean;
  /** The result screen's kind for the backend's verdict on the order. */
  resultOf(order: Order, verification: Verification): CheckoutResult;
};

/**
 * The static shop: the order is made here, the receipt read by the AI in this browser and
 * decided by the receipt rules, and a confirmed order handed to the webhook queue.
 */
export const browserCheckout = (ai: AiSettings): CheckoutBackend => ({
  createOrder: async (draft) => {
    const order = createOrder(draft, Date.now(), newOrderId());
    if (!order) throw new Error('The draft cannot be ordered');
    return order;
  },
  submitReceipt: async (order, receipt, language, signal) => ({
    kind: 'decided',
    order,
    verification: await verifyPayment({ ai, order, receipt, language, signal }),
  }),
  changeContact: async (_order, contact) => contact,
  cancel: async () => undefined,
  orderNow: () => null,
  availability: async () => null,
  onConfirmed: (order, verification, language) => {
    rememberTransactionId(verification.transactionId, verification.verifiedAt);
    // A demo order (no payment was checked) is never sent: submitOrder refuses it too.
    if (env.orderWebhookUrl && ai.mode !== 'demo') {
      const record = toOrderRecord(order, verification, language, ai.mode);
      void submitOrder(record, { url: env.orderWebhookUrl, now: Date.now() });
    }
  },
  recordsOrders: false,
  // The browser hands the order to the webhook; it knows only the receipts used on this device.
  resultOf: (_order, verification) =>
    verification.status === 'failed'
      ? { kind: 'refused', reason: verification.reason, reusedOn: 'device' }
      : { kind: 'nextSteps', ...paidOf(verification) },
});

/** What the result screen shows of a confirmed payment. */
export const paidOf = ({ transactionId, verifiedAt }: Confirmed): Paid => ({
  transactionId,
  verifiedAt,
});
