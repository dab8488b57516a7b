import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serverCheckout } from '../../../../src/features/purchase/lib/server-checkout';
import { serverOrderFields } from '../../../../src/features/purchase/lib/server-order-ref';
import { server } from '../../../support/msw-server';
import { SHOP_ORDER_ID, shopOrder } from '../../../support/shop-order';
import { order, preparedReceipt } from './fixtures';

const API = 'http://api.test';

/** The server order's receipt, sent through the server's checkout. */
const sendReceipt = () =>
  serverCheckout(API).submitReceipt(
    {
      ...order,
      id: SHOP_ORDER_ID,
      ...serverOrderFields({ id: SHOP_ORDER_ID, token: 'order-token-1', mmqrPayload: 'x' }),
    },
    preparedReceipt(),
    'en',
    new AbortController().signal,
  );

/** Issue #23 item 4: a receipt the server's limits refuse tells the buyer how long to wait. */
describe('a receipt over the server’s limits (429)', () => {
  it('is a refusal that says how long to wait, not "could not verify"', async () => {
    server.use(
      http.post(`${API}/api/orders/:id/receipt`, () =>
        HttpResponse.json(
          {
            error: { code: 'rate_limited', message: 'Too many receipts were sent for this order.' },
          },
          { status: 429, headers: { 'Retry-After': '540' } },
        ),
      ),
    );
    const outcome = await sendReceipt();
    expect(outcome).toMatchObject({
      kind: 'decided',
      verification: {
        status: 'failed',
        reason: { code: 'tooManyAttempts', retryAfterSeconds: 540 },
      },
    });
  });
});

/** Decision 087: a Viber order is delivered in the payment's answer, its contact already dropped. */
describe('a receipt whose answer delivers the eSIM', () => {
  it('keeps the contact the buyer gave, so a reload can restore the result', async () => {
    server.use(
      http.post(`${API}/api/orders/:id/receipt`, () =>
        HttpResponse.json({
          order: shopOrder({ status: 'paid', contact: '', transactionId: '0123456789' }),
          verification: {
            status: 'confirmed',
            transactionId: '0123456789',
            transactionTime: Date.now() - 60_000,
            verifiedAt: Date.now(),
          },
        }),
      ),
    );
    const outcome = await sendReceipt();
    expect(outcome).toMatchObject({
      kind: 'decided',
      order: { contact: '09123456789', contactKind: 'phone' },
      verification: { status: 'confirmed' },
    });
  });
});
