import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PURCHASE_STORAGE_KEY } from '../../../../src/features/purchase/lib/order-storage';
import { apiServices } from '../../../../src/lib/services';
import { BuyPage } from '../../../../src/pages/buy-page';
import { server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';
import {
  SHOP_ORDER_ID,
  shopOrder as serverOrder,
  type WireShopOrder,
} from '../../../support/shop-order';
import { screenshot } from './seed';

/** Issue #17: in server mode the result step shows the eSIM the server assigned at payment. */
const API = 'http://api.test';
const CODE = 'LPA:1$smdp.example.com$K2-1A2B3C-4D5E6F';
const ID = SHOP_ORDER_ID;

const delivery = {
  state: 'assigned',
  esim: {
    iccid: '8995000000000000001',
    activationCode: CODE,
    smdpAddress: 'smdp.example.com',
    matchingId: 'K2-1A2B3C-4D5E6F',
  },
  promisedBy: null,
  email: { state: 'queued', attempts: 0 },
};

/** A server order before payment: nothing to deliver yet. */
const shopOrder = (change: Partial<WireShopOrder> = {}): WireShopOrder =>
  serverOrder({
    delivery: {
      state: 'none',
      esim: null,
      promisedBy: null,
      email: { state: 'not_applicable', attempts: 0 },
    },
    ...change,
  });

const paid = () =>
  shopOrder({ status: 'paid', transactionId: '0123456789', paidAt: Date.now(), delivery });

const renderPage = () =>
  renderWithProviders(<BuyPage />, {
    namespaces: ['purchase', 'delivery'],
    route: '/buy-esim',
    services: apiServices(API),
  });

describe('the result step in server mode', () => {
  it('shows the assigned eSIM and the order page link as soon as the payment is confirmed', async () => {
    // The server's order as the page may read it while it waits (its watch asks now and then, so
    // a slow machine asks more often before the test is done): unpaid until the receipt is in.
    let receiptIn = false;
    server.use(
      http.post(`${API}/api/orders`, () =>
        HttpResponse.json({ order: shopOrder(), token: 'order-token-1' }, { status: 201 }),
      ),
      http.get(`${API}/api/orders/:id`, () =>
        HttpResponse.json({ order: receiptIn ? paid() : shopOrder() }),
      ),
      http.post(`${API}/api/orders/:id/receipt`, () => {
        receiptIn = true;
        return HttpResponse.json({
          order: paid(),
          verification: {
            status: 'confirmed',
            transactionId: '0123456789',
            transactionTime: Date.now() - 60_000,
            verifiedAt: Date.now(),
          },
        });
      }),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
    await user.click(screen.getByRole('button', { name: 'MPT' }));
    await user.type(screen.getByLabelText('Email or Viber phone number'), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await user.upload(await screen.findByLabelText('Choose screenshot'), screenshot());
    await screen.findByText(/Ready to send: receipt\.png/);
    await user.click(screen.getByRole('button', { name: 'Upload and verify' }));

    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your eSIM' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'eSIM QR code of order #NXR-20261123-163000' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('SM-DP+ address')).toHaveValue('smdp.example.com');
    expect(screen.getByRole('link', { name: 'order #NXR-20261123-163000' })).toHaveAttribute(
      'href',
      `#/order/${ID}?token=order-token-1&lang=en`,
    );
    // The activation code is shown, not kept: the stored flow does not carry it.
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).not.toContain('K2-1A2B3C-4D5E6F');
  });

  it('asks the server again after a reload and shows the eSIM once more', async () => {
    sessionStorage.setItem(
      PURCHASE_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          step: 'result',
          order: {
            id: ID,
            number: '#NXR-20261123-163000',
            planId: 'power-30',
            operatorId: 'mpt',
            contact: 'buyer@example.com',
            contactKind: 'email',
            price: 80_000,
            currency: 'MMK',
            createdAt: Date.now() - 60_000,
            expiresAt: Date.now() + 500_000,
            server: { id: ID, token: 'order-token-1', mmqrPayload: 'x' },
          },
          verification: {
            status: 'confirmed',
            transactionId: '0123456789',
            verifiedAt: Date.now() - 1000,
          },
        },
      }),
    );
    server.use(
      http.get(`${API}/api/orders/:id`, ({ request }) =>
        request.headers.get('x-order-token') === 'order-token-1'
          ? HttpResponse.json({ order: paid() })
          : HttpResponse.json({ error: { code: 'not_found', message: 'No' } }, { status: 404 }),
      ),
    );
    await renderPage();
    expect(
      await screen.findByRole('img', { name: 'eSIM QR code of order #NXR-20261123-163000' }),
    ).toBeInTheDocument();
  });

  it('keeps today’s result step when the server has no eSIM to show', async () => {
    server.use(
      http.post(`${API}/api/orders`, () =>
        HttpResponse.json(
          { order: shopOrder({ delivery: undefined }), token: 't' },
          { status: 201 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
    await user.click(screen.getByRole('button', { name: 'MPT' }));
    await user.type(screen.getByLabelText('Email or Viber phone number'), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Pay by MMQR' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your eSIM' })).not.toBeInTheDocument();
  });
});
