import { describe, expect, it } from 'vitest';
import {
  PURCHASE_STORAGE_KEY,
  restorePurchase,
  savePurchase,
} from '../../../../src/features/purchase/lib/order-storage';
import {
  emptyReceipt,
  initialPurchaseState,
  type PurchaseState,
} from '../../../../src/features/purchase/lib/purchase-machine';
import { NOW, ORDER_ID, order, preparedReceipt } from './fixtures';

const roundTrip = (state: PurchaseState, now = NOW) => {
  savePurchase(state);
  return restorePurchase(now);
};

describe('order storage', () => {
  it('starts afresh when nothing is stored', () => {
    expect(restorePurchase(NOW)).toBe(initialPurchaseState);
  });

  it.each<[string, PurchaseState]>([
    [
      'the plan step',
      { step: 'plan', draft: { planId: 'power-30', operatorId: null, contact: '' } },
    ],
    [
      'the operator step',
      { step: 'operator', draft: { planId: 'power-30', operatorId: null, contact: '' } },
    ],
    [
      'the contact step with what was typed',
      { step: 'contact', draft: { planId: 'power-30', operatorId: 'ooredoo', contact: '09 12' } },
    ],
    ['payment', { step: 'payment', order, receipt: emptyReceipt, interrupted: false }],
    [
      'a confirmed result',
      {
        step: 'result',
        order,
        verification: { status: 'confirmed', transactionId: 'T-1', verifiedAt: NOW },
      },
    ],
    [
      'a failed result with the model reason',
      {
        step: 'result',
        order,
        verification: { status: 'failed', reason: { code: 'notConfirmed', modelReason: 'No.' } },
      },
    ],
    [
      'a failed result for a wrong amount',
      {
        step: 'result',
        order,
        verification: {
          status: 'failed',
          reason: { code: 'amountMismatch', paid: 1, currency: null },
        },
      },
    ],
    ['the expiry panel', { step: 'expired', order }],
  ])('keeps %s across a reload', (_name, state) => {
    expect(roundTrip(state)).toEqual(state);
  });

  it('keeps the order number and the absolute expiry, so the time left continues', () => {
    const restored = roundTrip(
      { step: 'payment', order, receipt: emptyReceipt, interrupted: false },
      NOW + 4 * 60_000,
    );
    expect(restored).toMatchObject({
      step: 'payment',
      order: { number: order.number, expiresAt: order.expiresAt },
    });
  });

  it('never stores the receipt image', () => {
    savePurchase({
      step: 'payment',
      order,
      receipt: { image: preparedReceipt('secret.png'), preparing: null, problem: null },
      interrupted: false,
    });
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).not.toContain('secret.png');
  });

  it('asks for the receipt again after a reload during verification', () => {
    expect(roundTrip({ step: 'verifying', order, receipt: preparedReceipt() })).toEqual({
      step: 'payment',
      order,
      receipt: emptyReceipt,
      interrupted: true,
    });
  });

  it('shows the expiry panel when the payment window ended while the page was closed', () => {
    expect(
      roundTrip(
        { step: 'payment', order, receipt: emptyReceipt, interrupted: false },
        order.expiresAt,
      ),
    ).toEqual({ step: 'expired', order });
  });

  it('gives an order stored before orders had ids an id, which the next save keeps', () => {
    for (const id of [undefined, 'order-1']) {
      sessionStorage.setItem(
        PURCHASE_STORAGE_KEY,
        JSON.stringify({ version: 1, state: { step: 'expired', order: { ...order, id } } }),
      );
      const restored = restorePurchase(NOW);
      if (restored.step !== 'expired') throw new Error(`restored ${restored.step}`);
      expect(restored.order.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab]/);
      expect(restored.order.id).not.toBe(ORDER_ID);
      expect(roundTrip(restored)).toEqual(restored);
    }
  });

  it('takes the price from the catalogue, not from storage', () => {
    sessionStorage.setItem(
      PURCHASE_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { step: 'expired', order: { ...order, price: 1 } } }),
    );
    expect(restorePurchase(NOW)).toEqual({ step: 'expired', order });
  });

  it.each([
    ['not JSON', '{oops'],
    ['another version', JSON.stringify({ version: 99, state: { step: 'expired', order } })],
    ['an unknown step', JSON.stringify({ version: 1, state: { step: 'dance' } })],
    [
      'an unknown plan',
      JSON.stringify({
        version: 1,
        state: { step: 'expired', order: { ...order, planId: 'gold-99' } },
      }),
    ],
    [
      'a bad order number',
      JSON.stringify({ version: 1, state: { step: 'expired', order: { ...order, number: 'x' } } }),
    ],
    [
      'an unknown failure',
      JSON.stringify({
        version: 1,
        state: { step: 'result', order, verification: { status: 'failed', reason: { code: '?' } } },
      }),
    ],
  ])('starts afresh when storage holds %s', (_name, stored) => {
    sessionStorage.setItem(PURCHASE_STORAGE_KEY, stored);
    expect(restorePurchase(NOW)).toBe(initialPurchaseState);
  });

  it('clears storage when the flow is back at the start', () => {
    savePurchase({ step: 'expired', order });
    savePurchase(initialPurchaseState);
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
  });
});
