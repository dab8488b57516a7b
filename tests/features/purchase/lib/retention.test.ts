import { describe, expect, it } from 'vitest';
import {
  enqueueOrder,
  WEBHOOK_QUEUE_KEY,
} from '../../../../src/features/purchase/lib/webhook-queue';
import { pruneStoredOrders } from '../../../../src/features/purchase/lib/retention';
import {
  rememberTransactionId,
  USED_TRANSACTIONS_KEY,
} from '../../../../src/features/purchase/lib/used-transactions';

const T0 = Date.parse('2026-11-21T15:00:00Z');
const WEEK = 7 * 24 * 60 * 60_000;

describe('pruneStoredOrders (run on every start)', () => {
  it('removes an undelivered order and the used ids once they are a week old', () => {
    enqueueOrder(
      {
        orderId: '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f',
        orderNumber: '#NXR-20261121-214501',
        planId: 'power-30',
        planName: 'Power User',
        operatorId: 'mpt',
        operatorName: 'MPT',
        contact: 'buyer@example.com',
        contactKind: 'email',
        price: 80_000,
        currency: 'MMK',
        transactionId: 'KBZ-1',
        transactionTime: null,
        verifiedBy: 'gemini',
        payeeShown: true,
        language: 'en',
        orderedAt: '2026-11-21T15:00:00.000Z',
        verifiedAt: '2026-11-21T15:05:00.000Z',
      },
      T0,
    );
    rememberTransactionId('KBZ-100001', T0);
    pruneStoredOrders(T0 + WEEK - 1);
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toContain('buyer@example.com');
    expect(localStorage.getItem(USED_TRANSACTIONS_KEY)).toContain('KBZ100001');
    pruneStoredOrders(T0 + WEEK);
    expect(localStorage.getItem(WEBHOOK_QUEUE_KEY)).toBeNull();
    expect(localStorage.getItem(USED_TRANSACTIONS_KEY)).toBeNull();
  });
});
