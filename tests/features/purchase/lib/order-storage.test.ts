import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PURCHASE_STORAGE_KEY,
  PURCHASE_STORAGE_VERSION,
  restorePurchase,
  savePurchase,
} from '../../../../src/features/purchase/lib/order-storage';
import {
  emptyReceipt,
  initialPurchaseState,
  type PurchaseState,
} from '../../../../src/features/purchase/lib/purchase-machine';
import { serverOrderFields } from '../../../../src/features/purchase/lib/server-order-ref';
import { rememberTransactionId } from '../../../../src/features/purchase/lib/used-transactions';
import { NOW, ORDER_ID, order, preparedReceipt } from './fixtures';

// The stores keep what they hold for a week from the clock's now: the fixtures' day, not the
// day the suite runs (it failed a week after they were written).
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
afterEach(() => vi.useRealTimers());

const roundTrip = (state: PurchaseState, now = NOW) => {
  savePurchase(state);
  return restorePurchase(now);
};

describe('order storage', () => {
  it('keeps a late upload open across a reload, long after the code expired', () => {
    const late: PurchaseState = {
      step: 'payment',
      order,
      receipt: emptyReceipt,
      interrupted: false,
      late: true,
    };
    expect(roundTrip(late, order.expiresAt + 60 * 60_000)).toEqual(late);
    const checking: PurchaseState = {
      step: 'verifying',
      order,
      receipt: preparedReceipt(),
      late: true,
    };
    expect(roundTrip(checking, order.expiresAt + 60_000)).toEqual({ ...late, interrupted: true });
    // Without the mark, the same order reads as expired.
    expect(roundTrip({ ...late, late: undefined }, order.expiresAt + 60_000).step).toBe('expired');
  });

  it('keeps a refused late upload late across a reload (Try Again returns to the upload)', () => {
    const refused: PurchaseState = {
      step: 'result',
      order,
      verification: { status: 'failed', reason: { code: 'idMissing' } },
      late: true,
    };
    expect(roundTrip(refused, order.expiresAt + 60_000)).toEqual(refused);
  });

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

  it('keeps a confirmed result across a reload', () => {
    rememberTransactionId('KBZ-0001234', NOW + 60_000);
    const state: PurchaseState = {
      step: 'result',
      order,
      verification: {
        status: 'confirmed',
        transactionId: 'KBZ-0001234',
        transactionTime: NOW - 60_000,
        verifiedAt: NOW + 60_000,
      },
    };
    expect(roundTrip(state, NOW + 2 * 60_000)).toEqual(state);
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

  it('in server mode keeps a running check across a reload: the server is asked, not the buyer (issue #24)', () => {
    const serverOrder = {
      ...order,
      ...serverOrderFields({ id: order.id, token: 'tok', mmqrPayload: '000201' }),
    };
    const checking: PurchaseState = {
      step: 'verifying',
      order: serverOrder,
      receipt: preparedReceipt('secret.png'),
    };
    expect(roundTrip(checking)).toEqual({ step: 'verifying', order: serverOrder, receipt: null });
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).not.toContain('secret.png');
    // Even after the code's time: the buyer has paid and the server decides.
    expect(roundTrip({ ...checking, late: true }, order.expiresAt + 60_000)).toEqual({
      step: 'verifying',
      order: serverOrder,
      receipt: null,
      late: true,
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

  // Finding 12 of the security review: sessionStorage can be edited; what it says is re-checked.
  describe('an edited order', () => {
    const store = (state: Record<string, unknown>) =>
      sessionStorage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify({ version: 1, state }));
    const payment = (change: Record<string, unknown>) => ({
      step: 'payment',
      order: { ...order, ...change },
      interrupted: false,
    });

    it.each<[string, Record<string, unknown>]>([
      ['a plan that is not for sale (35,000 MMK)', { planId: 'tourist-7' }],
      ['a contact with a line break', { contact: 'a@b.co\r\nBcc: evil@x.io' }],
      ['a contact with markup', { contact: '<img src=x onerror=alert(1)>@x.io' }],
      ['an email with a query', { contact: 'a@b.co?bcc=evil@x.io' }],
      ['a contact that is not a phone number', { contact: '09-NOT-A-PHONE' }],
      ['a contact in a form the shop never stores', { contact: '+95 9 123 456 789' }],
      ['a contact of the wrong kind', { contact: 'buyer@example.com', contactKind: 'phone' }],
      ['a contact over 254 characters', { contact: `${'a'.repeat(250)}@example.com` }],
      ['an order made in the future', { createdAt: NOW + 24 * 3_600_000 }],
      ['an order without an expiry', { expiresAt: 'tomorrow' }],
    ])('starts afresh for %s', (_name, change) => {
      store(payment(change));
      expect(restorePurchase(NOW)).toBe(initialPurchaseState);
    });

    it('keeps a normalised phone number of the phone kind', () => {
      store(payment({}));
      expect(restorePurchase(NOW)).toMatchObject({ step: 'payment', order });
    });

    it('cuts an expiry pushed 30 days ahead to one payment window from now', () => {
      store(payment({ expiresAt: NOW + 30 * 24 * 3_600_000 }));
      const later = NOW + 60_000;
      expect(restorePurchase(later)).toMatchObject({
        step: 'payment',
        order: { expiresAt: later + 10 * 60_000 },
      });
    });

    it('keeps the fresh window that Try Again gave an older order', () => {
      const retried = NOW + 30 * 60_000;
      store(payment({ expiresAt: retried + 10 * 60_000 }));
      expect(restorePurchase(retried + 60_000)).toMatchObject({
        step: 'payment',
        order: { createdAt: NOW, expiresAt: retried + 10 * 60_000 },
      });
    });
  });

  describe('an edited "Payment confirmed"', () => {
    const AFTER = NOW + 2 * 60_000;
    const confirmed = (change: Record<string, unknown> = {}) => ({
      step: 'result',
      order,
      verification: {
        status: 'confirmed',
        transactionId: 'KBZ-0001234',
        transactionTime: NOW - 60_000,
        verifiedAt: NOW + 60_000,
        ...change,
      },
    });
    const store = (state: Record<string, unknown>) =>
      sessionStorage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify({ version: 1, state }));

    it.each<[string, Record<string, unknown>, boolean]>([
      ['with no transaction id', { transactionId: 'N/A' }, true],
      ['with a placeholder id', { transactionId: '—' }, true],
      ['with an id never accepted on this device', { transactionId: 'KBZ-9999999' }, true],
      ['verified before the order was made', { verifiedAt: NOW - 60_000 }, true],
      ['verified in the future', { verifiedAt: AFTER + 60 * 60_000 }, true],
      ['of a payment made after the check', { transactionTime: NOW + 30 * 60_000 }, true],
      ['of a payment 13 hours before the check', { transactionTime: NOW - 13 * 3_600_000 }, true],
      ['without a time of verification', { verifiedAt: undefined }, true],
      ['with the id as a number', { transactionId: 1234567 }, true],
      ['the same, once the payment window is over', { transactionId: 'N/A' }, false],
    ])('is not shown as confirmed %s: the order goes back to payment', (_name, change, open) => {
      rememberTransactionId('KBZ-0001234', NOW + 60_000);
      store(confirmed(change));
      const now = open ? AFTER : order.expiresAt + 60_000;
      expect(restorePurchase(now)).toEqual(
        open
          ? { step: 'payment', order, receipt: emptyReceipt, interrupted: true }
          : { step: 'expired', order },
      );
    });

    it('is shown when it holds together', () => {
      rememberTransactionId('KBZ-0001234', NOW + 60_000);
      store(confirmed());
      expect(restorePurchase(AFTER)).toMatchObject({
        step: 'result',
        verification: { status: 'confirmed', transactionId: 'KBZ-0001234' },
      });
    });
  });

  describe('version 2, and version 1 read and converted', () => {
    const storedVersion = () =>
      (JSON.parse(sessionStorage.getItem(PURCHASE_STORAGE_KEY) ?? '{}') as { version?: number })
        .version;

    it('saves version 2', () => {
      savePurchase({ step: 'expired', order });
      expect(storedVersion()).toBe(PURCHASE_STORAGE_VERSION);
      expect(PURCHASE_STORAGE_VERSION).toBe(2);
    });

    it('keeps an order in progress stored by version 1 (no payment flag), and saves it as 2', () => {
      const { interrupted: _none, ...v1 } = { step: 'payment', order, interrupted: false };
      sessionStorage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify({ version: 1, state: v1 }));
      const restored = restorePurchase(NOW + 60_000);
      expect(restored).toEqual({
        step: 'payment',
        order,
        receipt: emptyReceipt,
        interrupted: false,
      });
      savePurchase(restored);
      expect(storedVersion()).toBe(2);
      expect(restorePurchase(NOW + 60_000)).toEqual(restored);
    });

    it('keeps a version 1 "Payment confirmed" without a transaction time, the time unknown', () => {
      rememberTransactionId('KBZ-0001234', NOW + 60_000);
      const verification = {
        status: 'confirmed',
        transactionId: 'KBZ-0001234',
        verifiedAt: NOW + 60_000,
      };
      sessionStorage.setItem(
        PURCHASE_STORAGE_KEY,
        JSON.stringify({ version: 1, state: { step: 'result', order, verification } }),
      );
      expect(restorePurchase(NOW + 120_000)).toEqual({
        step: 'result',
        order,
        verification: { ...verification, transactionTime: null },
      });
    });

    it('does not take a version 2 state that lacks a field version 1 could omit', () => {
      const { id: _id, ...withoutId } = order;
      sessionStorage.setItem(
        PURCHASE_STORAGE_KEY,
        JSON.stringify({ version: 2, state: { step: 'expired', order: withoutId } }),
      );
      expect(restorePurchase(NOW)).toBe(initialPurchaseState);
      expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
    });

    it.each<[string, Record<string, unknown>]>([
      ['notConfirmed', { code: 'notConfirmed', modelReason: 'Blurry.' }],
      ['amountMismatch', { code: 'amountMismatch', paid: 5, currency: 'MMK' }],
      ['reused', { code: 'reused', transactionId: 'KBZ-1' }],
      ['notSuccessful', { code: 'notSuccessful', status: 'PENDING' }],
      ...[
        'verificationFailed',
        'connectionProblem',
        'unreadable',
        'amountMissing',
        'idMissing',
        'timeMissing',
        'tooOld',
        'beforeOrder',
        'inFuture',
        'afterExpiry',
      ].map((code): [string, Record<string, unknown>] => [code, { code }]),
    ])('keeps a failed result for %s', (_code, reason) => {
      const state = { step: 'result', order, verification: { status: 'failed', reason } };
      expect(roundTrip(state as PurchaseState)).toEqual(state);
    });

    it('drops a failure whose fields do not match its code', () => {
      sessionStorage.setItem(
        PURCHASE_STORAGE_KEY,
        JSON.stringify({
          version: 2,
          state: {
            step: 'result',
            order,
            verification: { status: 'failed', reason: { code: 'reused' } },
          },
        }),
      );
      expect(restorePurchase(NOW)).toBe(initialPurchaseState);
    });
  });

  it('clears storage when the flow is back at the start', () => {
    savePurchase({ step: 'expired', order });
    savePurchase(initialPurchaseState);
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
  });
});
