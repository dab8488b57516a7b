import { currency, findOperator, findPlan, type OperatorId, type PlanId } from '#domain/catalogue';
import { PAYMENT_WINDOW_MS } from '#domain/payment-window';
import { checkContact, type ContactKind } from '#domain/contact';
import { createOrderNumber, isOrderId } from '#domain/order-number';
import type { PreparedReceipt, ReceiptProblem } from './receipt-image';
import type { FailureReason } from '#domain/receipt-rules';
import { readDelivery, type OrderDelivery } from '../../../lib/delivery';
import type { ShopOrder } from '../../../lib/api/client';

/**
 * The purchase flow as one reducer with named states and events (SPEC §4), whichever checkout
 * backend makes the orders and decides the receipts (decision 093). Pure: every event that needs
 * the time carries it, so each transition is tested without React or timers.
 */

/** What the buyer has chosen before an order exists. */
export type Draft = { planId: PlanId | null; operatorId: OperatorId | null; contact: string };

export type Order = {
  /**
   * The order's identity: a random UUID made with the order, the webhook's idempotency key (see
   * newOrderId), or the id its backend gave it.
   */
  id: string;
  /** `#NXR-YYYYMMDD-HHMMSS`, made when the buyer continues to payment. */
  number: string;
  planId: PlanId;
  operatorId: OperatorId;
  /** The normalised contact (email, or a phone number starting with 09). */
  contact: string;
  contactKind: ContactKind;
  price: number;
  currency: typeof currency;
  /** Epoch ms when the order was made. */
  createdAt: number;
  /** Epoch ms when the payment code expires; the countdown is computed from it. */
  expiresAt: number;
  /*
   * What the checkout backend that made the order says of it (decision 142). The flow and its
   * screens read these fields, never which backend made the order.
   */
  /** The MMQR payload the backend made (with its own merchant settings); absent: built here. */
  mmqrPayload?: string;
  /** The order's page where the backend keeps it (its link, a provider's checkout, the watch). */
  page?: OrderPage;
  /** A card or a provider's QR can pay it besides MMQR (the backend's payment methods, #40). */
  providers?: true;
  /**
   * The backend decides the order's receipts and keeps its payment window: a check outlives this
   * page, a verdict is the backend's to remember (not this device's), a reused receipt is one
   * any order of the shop used, and Try Again keeps the backend's expiry.
   */
  decidedByBackend?: true;
  /** Server mode, once paid: the eSIM's delivery as the server last told it (not stored). */
  delivery?: OrderDelivery;
};

/** Where the backend keeps an order, for this buyer alone: the order's id there and its token. */
export type OrderPage = { id: string; token: string };

export type Verification =
  | {
      status: 'confirmed';
      transactionId: string;
      /**
       * Epoch ms of the payment as the receipt shows it; null when this browser was not told it
       * (a payment the server recorded elsewhere, or an order kept in storage version 1).
       */
      transactionTime: number | null;
      verifiedAt: number;
      /**
       * Whether the receipt showed the shop as payee (issue #23); false: no payee was shown.
       * Absent where this browser was not told (a result stored before the check existed).
       */
      payeeShown?: boolean;
    }
  | { status: 'failed'; reason: FailureReason };

export type ReceiptSlot = {
  /** The prepared image, ready to send. */
  image: PreparedReceipt | null;
  /** Name of a file being decoded and downscaled. */
  preparing: string | null;
  /** Why the last chosen file was not taken (the previous image, if any, is kept). */
  problem: ReceiptProblem | null;
};

export type PurchaseState =
  | { step: 'plan'; draft: Draft }
  | { step: 'operator'; draft: Draft & { planId: PlanId } }
  | { step: 'contact'; draft: Draft & { planId: PlanId; operatorId: OperatorId } }
  | {
      step: 'payment';
      order: Order;
      receipt: ReceiptSlot;
      interrupted: boolean;
      /** Reopened from expiry to upload a receipt of a payment made in time (not timed out again). */
      late?: boolean;
    }
  | {
      step: 'verifying';
      order: Order;
      /**
       * The image being checked; null in server mode after a reload, while the server's own
       * check of the order runs on (the image is never stored): the flow asks the server until
       * the check settles (issue #24).
       */
      receipt: PreparedReceipt | null;
      late?: boolean;
    }
  | {
      step: 'result';
      order: Order;
      verification: Verification;
      /** A late upload was refused: Try Again returns to the late upload, not to a fresh code. */
      late?: boolean;
    }
  | { step: 'expired'; order: Order };

export type PurchaseStep = PurchaseState['step'];

export type PurchaseEvent =
  | { type: 'SELECT_PLAN'; planId: string }
  | { type: 'SELECT_OPERATOR'; operatorId: string }
  | { type: 'EDIT_CONTACT'; contact: string }
  | { type: 'BACK' }
  /**
   * The browser's Forward after Back (issue #24): back to the step the buyer left, with what it
   * held, while that is still valid (the plan still on sale, the operator still known).
   */
  | { type: 'FORWARD' }
  /** Continue to payment: the checkout backend made the order (checkout.ts). */
  | { type: 'ORDER_CREATED'; order: Order }
  | { type: 'RECEIPT_PREPARING'; fileName: string }
  | { type: 'RECEIPT_READY'; image: PreparedReceipt }
  /** A chosen file was not taken (not an image, too large); an image being prepared goes on. */
  | { type: 'RECEIPT_REJECTED'; problem: ReceiptProblem }
  /** The image being prepared could not be decoded. */
  | { type: 'RECEIPT_FAILED'; problem: ReceiptProblem }
  | { type: 'RECEIPT_CLEARED' }
  | { type: 'SUBMIT_RECEIPT' }
  /** The backend's verdict on the receipt, with the order as it now stands. */
  | { type: 'VERIFICATION_DONE'; order: Order; verification: Verification }
  /** The backend refused the receipt: the order's code has expired. */
  | { type: 'ORDER_EXPIRED' }
  /**
   * How the order stands on the server (a reload, the watch, a refused change): the server is the
   * truth (issue #24); see synced.
   */
  | { type: 'ORDER_SYNCED'; shop: ShopOrder; now: number }
  | { type: 'TRY_AGAIN'; now: number }
  | { type: 'EXPIRE'; now: number }
  /** From expiry: the buyer paid in time and uploads now; the receipt rules decide. */
  | { type: 'UPLOAD_LATE' }
  /** On the payment step: the buyer corrects the contact; the same order (decision 058). */
  | { type: 'CHANGE_ORDER_CONTACT'; contact: string }
  /** The buyer cancels an unpaid order (confirmed) and starts again from the plans. */
  | { type: 'CANCEL_ORDER' }
  | { type: 'START_OVER' };

/** The step Forward returns to from `state` (with its draft), or null when there is none. */
export function forwardOf(state: PurchaseState): PurchaseState | null {
  if (state.step === 'plan') {
    const plan = state.draft.planId ? findPlan(state.draft.planId) : undefined;
    if (!plan?.isAvailable) return null;
    return { step: 'operator', draft: { ...state.draft, planId: plan.id } };
  }
  if (state.step === 'operator') {
    const operator = state.draft.operatorId ? findOperator(state.draft.operatorId) : undefined;
    if (!operator) return null;
    return { step: 'contact', draft: { ...state.draft, operatorId: operator.id } };
  }
  return null;
}

export const emptyDraft: Draft = { planId: null, operatorId: null, contact: '' };
export const initialPurchaseState: PurchaseState = { step: 'plan', draft: emptyDraft };
export const emptyReceipt: ReceiptSlot = { image: null, preparing: null, problem: null };

/** The five stepper positions; verifying is part of payment, expired has no position. */
export const stepperSteps = ['plan', 'operator', 'contact', 'payment', 'complete'] as const;
export type StepperStep = (typeof stepperSteps)[number];

/**
 * The stepper's current step, or null where it is hidden: it shows on steps 1-4 (verifying is
 * part of payment) and hides on the result, step 5, and on the expiry panel.
 */
export function stepperPosition(state: PurchaseState): StepperStep | null {
  switch (state.step) {
    case 'plan':
    case 'operator':
    case 'contact':
    case 'payment':
      return state.step;
    case 'verifying':
      return 'payment';
    case 'result':
    case 'expired':
      return null;
  }
}

/**
 * The order `id` for `draft` at `now`, or null when the draft is incomplete, the contact invalid
 * or the id not one newOrderId makes.
 */
export function createOrder(draft: Draft, now: number, id: string): Order | null {
  const plan = draft.planId ? findPlan(draft.planId) : undefined;
  const operator = draft.operatorId ? findOperator(draft.operatorId) : undefined;
  const contact = checkContact(draft.contact);
  if (!plan?.isAvailable || !operator || !contact.valid || !isOrderId(id)) return null;
  return {
    id,
    number: createOrderNumber(new Date(now)),
    planId: plan.id,
    operatorId: operator.id,
    contact: contact.value,
    contactKind: contact.kind,
    price: plan.price,
    currency,
    createdAt: now,
    expiresAt: now + PAYMENT_WINDOW_MS,
  };
}

/**
 * The upload of a receipt after the order's code expired (decision 044): no new code, the receipt
 * rules decide whether the payment was made in time.
 */
const lateUpload = (order: Order): PurchaseState => ({
  step: 'payment',
  order,
  receipt: emptyReceipt,
  interrupted: false,
  late: true,
});

export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'SELECT_PLAN': {
      const plan = findPlan(event.planId);
      if (state.step !== 'plan' || !plan?.isAvailable) return state;
      return { step: 'operator', draft: { ...state.draft, planId: plan.id } };
    }
    case 'SELECT_OPERATOR': {
      const operator = findOperator(event.operatorId);
      if (state.step !== 'operator' || !operator) return state;
      return { step: 'contact', draft: { ...state.draft, operatorId: operator.id } };
    }
    case 'EDIT_CONTACT':
      if (state.step !== 'contact') return state;
      return { ...state, draft: { ...state.draft, contact: event.contact } };
    case 'BACK':
      if (state.step === 'operator') return { step: 'plan', draft: state.draft };
      if (state.step === 'contact') return { step: 'operator', draft: state.draft };
      return state;
    case 'FORWARD':
      return forwardOf(state) ?? state;
    case 'ORDER_CREATED':
      if (state.step !== 'contact') return state;
      return { step: 'payment', order: event.order, receipt: emptyReceipt, interrupted: false };
    case 'RECEIPT_PREPARING':
      if (state.step !== 'payment') return state;
      return {
        ...state,
        receipt: { ...state.receipt, preparing: event.fileName, problem: null },
        interrupted: false,
      };
    case 'RECEIPT_READY':
      if (state.step !== 'payment') return state;
      return { ...state, receipt: { image: event.image, preparing: null, problem: null } };
    case 'RECEIPT_REJECTED':
      if (state.step !== 'payment') return state;
      return { ...state, receipt: { ...state.receipt, problem: event.problem } };
    case 'RECEIPT_FAILED':
      if (state.step !== 'payment') return state;
      return { ...state, receipt: { ...state.receipt, preparing: null, problem: event.problem } };
    case 'RECEIPT_CLEARED':
      if (state.step !== 'payment') return state;
      return { ...state, receipt: emptyReceipt };
    case 'SUBMIT_RECEIPT': {
      if (state.step !== 'payment') return state;
      const { image, preparing } = state.receipt;
      if (!image || preparing) return state;
      return {
        step: 'verifying',
        order: state.order,
        receipt: image,
        ...(state.late ? { late: true } : {}),
      };
    }
    case 'VERIFICATION_DONE': {
      if (state.step !== 'verifying' || state.order.id !== event.order.id) {
        return state;
      }
      // The receipt image is dropped here: the result holds no reference to it.
      const late = state.late && event.verification.status === 'failed';
      return {
        step: 'result',
        order: event.order,
        verification: event.verification,
        ...(late ? { late: true } : {}),
      };
    }
    case 'ORDER_EXPIRED':
      if (state.step !== 'payment' && state.step !== 'verifying') return state;
      return { step: 'expired', order: state.order };
    case 'ORDER_SYNCED':
      return synced(state, event.shop, event.now);
    case 'TRY_AGAIN':
      if (state.step !== 'result' || state.verification.status !== 'failed') return state;
      // After a refused late upload the code stays expired: the late upload again, no new code.
      if (state.late) return lateUpload(state.order);
      // A backend that keeps its own payment window: the countdown shows that one, not a fresh one.
      if (state.order.decidedByBackend) {
        const { order } = state;
        if (event.now >= order.expiresAt) return { step: 'expired', order };
        return { step: 'payment', order, receipt: emptyReceipt, interrupted: false };
      }
      return {
        step: 'payment',
        order: { ...state.order, expiresAt: event.now + PAYMENT_WINDOW_MS },
        receipt: emptyReceipt,
        interrupted: false,
      };
    case 'EXPIRE':
      // A receipt being verified is not cut off: the buyer has paid and is waiting.
      if (state.step !== 'payment' || state.late || event.now < state.order.expiresAt) return state;
      return { step: 'expired', order: state.order };
    case 'UPLOAD_LATE':
      if (state.step !== 'expired') return state;
      return lateUpload(state.order);
    case 'CHANGE_ORDER_CONTACT': {
      if (state.step !== 'payment') return state;
      const contact = checkContact(event.contact);
      if (!contact.valid) return state;
      return {
        ...state,
        order: { ...state.order, contact: contact.value, contactKind: contact.kind },
      };
    }
    case 'CANCEL_ORDER':
      // Back to the plans with the choices kept, so a buyer who only mistyped goes on quickly.
      if (state.step !== 'payment') return state;
      return {
        step: 'plan',
        draft: {
          planId: state.order.planId,
          operatorId: state.order.operatorId,
          contact: state.order.contact,
        },
      };
    case 'START_OVER':
      // The way out of expiry (and of its late upload); "buy another" after a confirmed order; a
      // new order after a refusal that no receipt can mend (failure-remedy.ts). An order whose
      // code still runs is left by CANCEL_ORDER, with its confirmation, not here.
      if (state.step === 'expired' || state.step === 'result') return initialPurchaseState;
      if (state.step === 'payment' && state.late) return initialPurchaseState;
      return state;
  }
}

/**
 * The order this step confirms, when `before` → `after` is the one transition to a confirmed
 * result that this browser decided (a check of its own, not the server's, not a reload): what it
 * sets off (remember the transaction, queue the order) happens once, here. Null otherwise.
 */
export function confirmedBy(
  before: PurchaseState,
  after: PurchaseState,
): { order: Order; verification: Extract<Verification, { status: 'confirmed' }> } | null {
  if (before.step !== 'verifying' || after.step !== 'result') return null;
  if (after.order.decidedByBackend) return null;
  const { verification } = after;
  return verification.status === 'confirmed' ? { order: after.order, verification } : null;
}

/** The order's eSIM delivery, once there is one to show (paid: waiting, assigned, withdrawn). */
export function withDelivery(shop: ShopOrder): { delivery?: OrderDelivery } {
  const delivery = readDelivery(shop.delivery);
  return delivery && delivery.state !== 'none' ? { delivery } : {};
}

/**
 * A reloaded page learns from the server, which is the truth (issue #24): paid (the eSIM), a
 * check still running (checking, asked again until it settles), a check that ended without a
 * payment (upload again), expired, or a new expiry. This page's own check in flight (an image in
 * hand) waits for its own answer instead.
 */
function synced(state: PurchaseState, shop: ShopOrder, now: number): PurchaseState {
  if (!('order' in state) || state.order.id !== shop.id) return state;
  if (state.step === 'verifying' && state.receipt) return state;
  const order = { ...state.order, expiresAt: shop.expiresAt, ...withDelivery(shop) };
  const late = 'late' in state && state.late ? { late: true } : {};
  if (shop.status === 'paid' && shop.transactionId) {
    // Already shown as paid: only the eSIM's delivery may be news (it is not stored).
    if (state.step === 'result' && state.verification.status === 'confirmed') {
      return { ...state, order: { ...state.order, ...withDelivery(shop) } };
    }
    return {
      step: 'result',
      order,
      verification: {
        status: 'confirmed',
        transactionId: shop.transactionId,
        transactionTime: null,
        verifiedAt: shop.paidAt ?? now,
      },
    };
  }
  if (shop.status === 'verifying' && (state.step === 'payment' || state.step === 'verifying')) {
    // A check runs on the server (from before the reload, or another device): wait for it.
    if (state.step === 'verifying') return state;
    return { step: 'verifying', order, receipt: null, ...late };
  }
  if (state.step === 'verifying') {
    // The server's check ended without a payment, or was cut off: the receipt again.
    if (shop.status === 'awaiting_payment' || (shop.status === 'expired' && state.late)) {
      return { step: 'payment', order, receipt: emptyReceipt, interrupted: true, ...late };
    }
    return { step: 'expired', order };
  }
  if (state.step !== 'payment') return state;
  if (shop.status === 'expired' || shop.status === 'cancelled' || now >= order.expiresAt) {
    return { step: 'expired', order };
  }
  return { ...state, order };
}
