import { describe, expect, it } from 'vitest';
import {
  purchaseReducer,
  type Order,
  type PurchaseState,
} from '../../../../src/features/purchase/lib/purchase-machine';
import { serverOrderFields } from '../../../../src/features/purchase/lib/server-order-ref';
import type { ShopOrder } from '../../../../src/lib/api/client';

const T = Date.parse('2026-11-23T10:00:00Z');
const order: Order = {
  // A server order's identity is the server's id.
  id: 'order-1',
  number: '#NXR-20261123-163000',
  planId: 'power-30',
  operatorId: 'mpt',
  contact: 'buyer@example.com',
  contactKind: 'email',
  price: 80_000,
  currency: 'MMK',
  createdAt: T,
  expiresAt: T + 600_000,
  ...serverOrderFields({ id: 'order-1', token: 'tok', mmqrPayload: '000201' }),
};
const shop = (change: Partial<ShopOrder> = {}): ShopOrder => ({
  id: 'order-1',
  number: order.number,
  planId: 'power-30',
  operatorId: 'mpt',
  contact: order.contact,
  contactKind: 'email',
  price: 80_000,
  currency: 'MMK',
  createdAt: T,
  expiresAt: T + 600_000,
  mmqrPayload: '000201',
  status: 'awaiting_payment',
  transactionId: null,
  paidAt: null,
  delivery: {
    state: 'none',
    esim: null,
    promisedBy: null,
    reason: null,
    email: { state: 'not_applicable', attempts: 0 },
  },
  ...change,
});
const payment: PurchaseState = {
  step: 'payment',
  order,
  receipt: { image: null, preparing: null, problem: null },
  interrupted: true,
};

describe('server mode events on the purchase flow', () => {
  it('moves from contact to payment with the order the server made', () => {
    const contact: PurchaseState = {
      step: 'contact',
      draft: { planId: 'power-30', operatorId: 'mpt', contact: 'buyer@example.com' },
    };
    expect(purchaseReducer(contact, { type: 'ORDER_CREATED', order })).toEqual({
      ...payment,
      interrupted: false,
    });
    // Anywhere else the event changes nothing.
    expect(purchaseReducer(payment, { type: 'ORDER_CREATED', order })).toBe(payment);
  });

  it('shows the expiry panel when the server refuses an expired order', () => {
    const verifying: PurchaseState = {
      step: 'verifying',
      order,
      receipt: {
        blob: new Blob(),
        mimeType: 'image/png',
        width: 1,
        height: 1,
        fileName: 'r.png',
        originalSize: 1,
      } as never,
    };
    expect(purchaseReducer(verifying, { type: 'ORDER_EXPIRED' })).toEqual({
      step: 'expired',
      order,
    });
  });

  it('keeps the server’s payment window on Try again instead of a fresh one', () => {
    const failed: PurchaseState = {
      step: 'result',
      order,
      verification: { status: 'failed', reason: { code: 'unreadable' } },
    };
    const again = purchaseReducer(failed, { type: 'TRY_AGAIN', now: T + 300_000 });
    expect(again.step).toBe('payment');
    expect('order' in again && again.order.expiresAt).toBe(order.expiresAt);
    expect(purchaseReducer(failed, { type: 'TRY_AGAIN', now: T + 600_000 })).toEqual({
      step: 'expired',
      order,
    });
  });

  it('keeps a refused late upload late: the server’s verdict, then Try Again to the upload', () => {
    const verifying: PurchaseState = {
      step: 'verifying',
      order,
      receipt: { blob: new Blob() } as never,
      late: true,
    };
    const verification = { status: 'failed', reason: { code: 'idMissing' } } as const;
    const refused = purchaseReducer(verifying, { type: 'VERIFICATION_DONE', order, verification });
    expect(refused).toEqual({ step: 'result', order, verification, late: true });
    // Long after the server's window: back to the late upload, not to the expiry panel.
    expect(purchaseReducer(refused, { type: 'TRY_AGAIN', now: T + 3_600_000 })).toEqual({
      step: 'payment',
      order,
      receipt: { image: null, preparing: null, problem: null },
      interrupted: false,
      late: true,
    });
  });

  it('learns on reload that the order was paid, expired, or given a new expiry', () => {
    expect(
      purchaseReducer(payment, {
        type: 'ORDER_SYNCED',
        shop: shop({ status: 'paid', transactionId: 'TX1', paidAt: T + 5 }),
        now: T + 10,
      }),
    ).toEqual({
      step: 'result',
      order,
      verification: {
        status: 'confirmed',
        transactionId: 'TX1',
        transactionTime: null,
        verifiedAt: T + 5,
      },
    });
    expect(
      purchaseReducer(payment, { type: 'ORDER_SYNCED', shop: shop({ status: 'expired' }), now: T }),
    ).toEqual({ step: 'expired', order });
    const later = purchaseReducer(payment, {
      type: 'ORDER_SYNCED',
      shop: shop({ expiresAt: T + 900_000 }),
      now: T,
    });
    expect('order' in later && later.order.expiresAt).toBe(T + 900_000);
    // Another order's answer is ignored.
    expect(
      purchaseReducer(payment, { type: 'ORDER_SYNCED', shop: shop({ id: 'other' }), now: T }),
    ).toBe(payment);
  });

  describe('a reload while the server checks a receipt (issue #24)', () => {
    const checking: PurchaseState = { step: 'verifying', order, receipt: null };
    const synced = (state: PurchaseState, change: Partial<ShopOrder>, now = T + 10) =>
      purchaseReducer(state, { type: 'ORDER_SYNCED', shop: shop(change), now });

    it('shows checking while the server still checks, and stays there as it asks again', () => {
      expect(synced(payment, { status: 'verifying' })).toEqual(checking);
      expect(synced(checking, { status: 'verifying' })).toBe(checking);
    });

    it('shows the paid order (its eSIM) once the server confirmed it, never the payment step', () => {
      const paid = synced(checking, { status: 'paid', transactionId: 'TX1', paidAt: T + 5 });
      expect(paid).toMatchObject({
        step: 'result',
        verification: { status: 'confirmed', transactionId: 'TX1', verifiedAt: T + 5 },
      });
    });

    it('asks for the receipt again when the check ended without a payment, or expiry when the code ran out', () => {
      expect(synced(checking, { status: 'awaiting_payment' })).toEqual(payment);
      expect(synced(checking, { status: 'expired' })).toEqual({ step: 'expired', order });
      // A late upload's check goes back to the late upload.
      expect(synced({ ...checking, late: true }, { status: 'expired' })).toEqual({
        ...payment,
        late: true,
      });
    });

    it('leaves this page’s own check (an image in hand) to its own answer', () => {
      const own: PurchaseState = {
        step: 'verifying',
        order,
        receipt: { blob: new Blob() } as never,
      };
      expect(synced(own, { status: 'awaiting_payment' })).toBe(own);
    });
  });
});
