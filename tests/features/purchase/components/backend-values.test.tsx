import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PaymentQr } from '../../../../src/features/purchase/components/payment-qr';
import { ResultFailure } from '../../../../src/features/purchase/components/result-failure';
import { ResultSuccess } from '../../../../src/features/purchase/components/result-success';
import {
  browserCheckout,
  type CheckoutBackend,
  type CheckoutResult,
  type OrderDraft,
} from '../../../../src/features/purchase/lib/checkout';
import {
  PURCHASE_STORAGE_KEY,
  restorePurchase,
  savePurchase,
} from '../../../../src/features/purchase/lib/order-storage';
import {
  createQrMatrix,
  orderPayload,
  qrPath,
} from '../../../../src/features/purchase/lib/payment-qr';
import {
  confirmedBy,
  purchaseReducer,
  type Order,
  type PurchaseState,
} from '../../../../src/features/purchase/lib/purchase-machine';
import { serverCheckout } from '../../../../src/features/purchase/lib/server-checkout';
import { env } from '../../../../src/config/env';
import { PAYMENT_WINDOW_MS } from '#domain/payment-window';
import { apiServices } from '../../../../src/lib/services';
import { server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';
import { shopOrder } from '../../../support/shop-order';
import { preparedReceipt } from '../lib/fixtures';

/**
 * Issue #39 point 7: the mode stays in the checkout backends. Each backend makes its order, and
 * the same screens, reducer and storage give each the right behaviour from the values the
 * backend set (and the result kind it returns), never from asking which backend it is.
 */

const API = 'http://api.test';
const TOKEN = 'order-token-1';
const draft: OrderDraft = { planId: 'power-30', operatorId: 'mpt', contact: 'buyer@example.com' };
const signal = () => new AbortController().signal;

type Made = { name: string; checkout: CheckoutBackend; order: Order; services: object };

/** The static shop's order, made in this browser. */
async function browserMade(): Promise<Made> {
  const checkout = browserCheckout({ ...env.ai, mode: 'demo' });
  const order = await checkout.createOrder(draft, 'en', 'key-1', signal());
  return { name: 'browser', checkout, order, services: apiServices(undefined) };
}

/** The server's order, made by POST /api/orders. */
async function serverMade(): Promise<Made> {
  server.use(
    http.post(`${API}/api/orders`, () =>
      HttpResponse.json({ order: shopOrder(), token: TOKEN }, { status: 201 }),
    ),
  );
  const checkout = serverCheckout(API);
  const order = await checkout.createOrder(draft, 'en', 'key-1', signal());
  return { name: 'server', checkout, order, services: apiServices(API) };
}

const reused = {
  status: 'failed',
  reason: { code: 'reused', transactionId: '0123456789' },
} as const;
const confirmed = {
  status: 'confirmed',
  transactionId: '0123456789',
  transactionTime: null,
  verifiedAt: Date.now(),
} as const;

const verifying = (order: Order): PurchaseState => ({
  step: 'verifying',
  order,
  receipt: preparedReceipt(),
});

describe('an order carries what its backend says of it, not which backend made it', () => {
  it('has no mode to test: the Order type holds no server reference', () => {
    expectTypeOf<Order>().not.toHaveProperty('server');
  });
});

describe.each([
  ['the static shop', browserMade],
  ['the server', serverMade],
])('the same screens and rules, from the values of %s', (_label, make) => {
  it('draws the payment QR of the payload the backend chose (the server’s own, else built here)', async () => {
    const { name, order, services } = await make();
    const expected = name === 'server' ? shopOrder().mmqrPayload : orderPayload(order);
    await renderWithProviders(<PaymentQr order={order} amountLabel="80,000 MMK" />, {
      namespaces: ['purchase'],
      services,
    });
    const path = await waitFor(() => {
      const drawn = screen.getByTestId('payment-qr').querySelector('path');
      expect(drawn).not.toBeNull();
      return drawn!.getAttribute('d');
    });
    expect(path).toBe(qrPath(await createQrMatrix(expected), 1));
  });

  it('says where a reused receipt was seen, from the backend’s refusal', async () => {
    const { name, checkout, order, services } = await make();
    const state = purchaseReducer(verifying(order), {
      type: 'VERIFICATION_DONE',
      order,
      verification: reused,
    });
    if (state.step !== 'result') throw new Error('no result');
    const result = checkout.resultOf(state.order, state.verification);
    if (result.kind !== 'refused') throw new Error(`a refusal, not ${result.kind}`);
    await renderWithProviders(
      <ResultFailure
        order={state.order}
        result={result}
        focusOnMount={false}
        onTryAgain={() => {}}
        onStartOver={() => {}}
      />,
      { namespaces: ['purchase'], services },
    );
    const text = screen.getByTestId('failure-reason');
    if (name === 'server') {
      expect(text).toHaveTextContent('was already used to pay for another order');
    } else {
      expect(text).toHaveTextContent('was already used for an order on this device');
    }
  });

  it('shows the paid result its backend’s kind chooses: the eSIM first, or what happens next', async () => {
    const { name, checkout, order, services } = await make();
    // The static shop decides here; the server says so when asked (with the eSIM it assigned).
    const paid =
      name === 'server'
        ? purchaseReducer(
            { step: 'verifying', order, receipt: null },
            {
              type: 'ORDER_SYNCED',
              now: Date.now(),
              shop: shopOrder({
                status: 'paid',
                transactionId: '0123456789',
                paidAt: Date.now(),
                delivery: {
                  state: 'delivered',
                  esim: {
                    iccid: '8995000000000000001',
                    activationCode: 'LPA:1$smdp.example.com$K2-1A2B3C-4D5E6F',
                    smdpAddress: 'smdp.example.com',
                    matchingId: 'K2-1A2B3C-4D5E6F',
                  },
                  promisedBy: null,
                  email: { state: 'sent', attempts: 1 },
                },
              }) as never,
            },
          )
        : purchaseReducer(verifying(order), {
            type: 'VERIFICATION_DONE',
            order,
            verification: confirmed,
          });
    if (paid.step !== 'result') throw new Error('no result');
    const result = checkout.resultOf(paid.order, paid.verification);
    expect(result.kind).toBe(name === 'server' ? 'esim' : 'nextSteps');
    await renderWithProviders(
      <ResultSuccess
        order={paid.order}
        result={result as Exclude<CheckoutResult, { kind: 'refused' }>}
        focusOnMount={false}
        onBuyAnother={() => {}}
      />,
      { namespaces: ['purchase', 'delivery'], services },
    );
    if (name === 'server') {
      expect(screen.getByRole('heading', { name: 'Your eSIM' })).toBeInTheDocument();
      const link = screen.getByRole('link', { name: /#NXR-20261123-163000/ });
      expect(link.getAttribute('href')).toContain(
        `/order/${shopOrder().id}?token=${encodeURIComponent(TOKEN)}`,
      );
      expect(screen.queryByRole('link', { name: 'Send by Viber' })).not.toBeInTheDocument();
    } else {
      expect(screen.queryByRole('heading', { name: 'Your eSIM' })).toBeNull();
      // No webhook in tests: the buyer sends the order by hand.
      expect(screen.getByRole('link', { name: 'Send by Viber' })).toBeInTheDocument();
    }
  });

  it('Try Again keeps the backend’s payment window, or opens a fresh one here', async () => {
    const { name, order } = await make();
    const refused: PurchaseState = { step: 'result', order, verification: reused };
    const now = order.createdAt + 60_000;
    const again = purchaseReducer(refused, { type: 'TRY_AGAIN', now });
    expect(again.step).toBe('payment');
    if (again.step !== 'payment') return;
    expect(again.order.expiresAt).toBe(
      name === 'server' ? order.expiresAt : now + PAYMENT_WINDOW_MS,
    );
  });

  it('keeps a running check across a reload only where the backend runs it', async () => {
    const { name, order } = await make();
    savePurchase(verifying(order));
    const restored = restorePurchase(Date.now());
    if (name === 'server') {
      expect(restored).toMatchObject({ step: 'verifying', receipt: null });
      // The reference is stored as before (a buyer's open tab may hold it).
      const stored = JSON.parse(sessionStorage.getItem(PURCHASE_STORAGE_KEY)!);
      expect(stored.state.order.server).toEqual({
        id: shopOrder().id,
        token: TOKEN,
        mmqrPayload: shopOrder().mmqrPayload,
      });
    } else {
      expect(restored).toMatchObject({ step: 'payment', interrupted: true });
    }
    expect('order' in restored && restored.order).toEqual(order);
  });

  it('hands a confirmation this browser decided to the backend, and only that', async () => {
    const { name, order } = await make();
    const done = purchaseReducer(verifying(order), {
      type: 'VERIFICATION_DONE',
      order,
      verification: confirmed,
    });
    const handed = confirmedBy(verifying(order), done);
    if (name === 'server') expect(handed).toBeNull();
    else expect(handed).toEqual({ order, verification: confirmed });
  });
});
