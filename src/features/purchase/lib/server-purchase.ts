import {
  emptyReceipt,
  purchaseReducer,
  resultOf,
  type Order,
  type PurchaseEvent,
  type PurchaseState,
  type Verification,
} from './purchase-machine';
import type { ShopOrder } from '../../../lib/api/client';
import { withDelivery } from './server-checkout';

/**
 * Server mode's events, on top of the purchase machine (which stays as it is for the static
 * shop): the server made the order, decided a receipt, refused an expired order, or told a
 * reloaded page how the order stands. Pure, like the machine.
 */
export type ServerPurchaseEvent =
  | { type: 'ORDER_CREATED'; order: Order }
  | { type: 'SERVER_VERIFIED'; order: Order; verification: Verification }
  | { type: 'SERVER_EXPIRED' }
  | { type: 'SERVER_SYNCED'; shop: ShopOrder; now: number };

export type FlowEvent = PurchaseEvent | ServerPurchaseEvent;

const sameOrder = (state: PurchaseState, id: string) =>
  'order' in state && state.order.server?.id === id;

export function flowReducer(state: PurchaseState, event: FlowEvent): PurchaseState {
  switch (event.type) {
    case 'ORDER_CREATED':
      if (state.step !== 'contact') return state;
      return { step: 'payment', order: event.order, receipt: emptyReceipt, interrupted: false };
    case 'SERVER_VERIFIED':
      if (state.step !== 'verifying' || !sameOrder(state, event.order.server?.id ?? '')) {
        return state;
      }
      return resultOf(state, event.order, event.verification);
    case 'SERVER_EXPIRED':
      if (state.step !== 'payment' && state.step !== 'verifying') return state;
      return { step: 'expired', order: state.order };
    case 'SERVER_SYNCED':
      return synced(state, event.shop, event.now);
    case 'TRY_AGAIN': {
      const next = purchaseReducer(state, event);
      // The server keeps its own payment window: the countdown shows that one, not a fresh one.
      // A late upload has no countdown: it goes back to the late upload as it is.
      if (next.step !== 'payment' || next.late || state.step !== 'result' || !state.order.server) {
        return next;
      }
      const order = { ...next.order, expiresAt: state.order.expiresAt };
      return event.now >= order.expiresAt ? { step: 'expired', order } : { ...next, order };
    }
    default:
      return purchaseReducer(state, event);
  }
}

/**
 * A reloaded page learns from the server, which is the truth (issue #24): paid (the eSIM), a
 * check still running (checking, asked again until it settles), a check that ended without a
 * payment (upload again), expired, or a new expiry. This page's own check in flight (an image in
 * hand) waits for its own answer instead.
 */
function synced(state: PurchaseState, shop: ShopOrder, now: number): PurchaseState {
  if (!('order' in state) || !sameOrder(state, shop.id)) return state;
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
