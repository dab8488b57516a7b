import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PURCHASE_STORAGE_KEY } from '../../../../src/features/purchase/lib/order-storage';
import { apiServices } from '../../../../src/lib/services';
import { BuyPage } from '../../../../src/pages/buy-page';
import { server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';
import { shopOrder } from '../../../support/shop-order';
import { screenshot } from './seed';

const API = 'http://api.test';
const renderPage = (language: 'en' | 'my' = 'en') =>
  renderWithProviders(<BuyPage />, {
    language,
    namespaces: ['purchase'],
    route: '/buy-esim',
    services: apiServices(API),
  });

async function toContactStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
  await user.click(screen.getByRole('button', { name: 'MPT' }));
  await user.type(screen.getByLabelText('Email or Viber phone number'), 'buyer@example.com');
}

describe('the purchase flow in server mode', () => {
  beforeEach(() => {
    // The payment step's watch reads the order every 1.5 s, so a slow machine reads it before
    // the test is done: unpaid, as the server has it, unless a test says otherwise.
    server.use(http.get(`${API}/api/orders/:id`, () => HttpResponse.json({ order: shopOrder() })));
  });

  it('has the server make the order and decide the receipt, and keeps its token across a reload', async () => {
    const seen: { path: string; headers: Headers; body: unknown }[] = [];
    let receiptIn = false;
    server.use(
      http.post(`${API}/api/orders`, async ({ request }) => {
        seen.push({ path: '/api/orders', headers: request.headers, body: await request.json() });
        return HttpResponse.json({ order: shopOrder(), token: 'order-token-1' }, { status: 201 });
      }),
      http.post(`${API}/api/orders/:id/receipt`, async ({ request, params }) => {
        receiptIn = true;
        seen.push({
          path: `/api/orders/${String(params.id)}/receipt`,
          headers: request.headers,
          body: await request.json(),
        });
        return HttpResponse.json({
          order: shopOrder({ status: 'paid', transactionId: '0123456789', paidAt: Date.now() }),
          verification: {
            status: 'confirmed',
            transactionId: '0123456789',
            transactionTime: Date.now() - 60_000,
            verifiedAt: Date.now(),
          },
        });
      }),
      http.get(`${API}/api/orders/:id`, ({ request }) =>
        request.headers.get('x-order-token') === 'order-token-1'
          ? HttpResponse.json({
              order: receiptIn
                ? shopOrder({ status: 'paid', transactionId: '0123456789', paidAt: 1 })
                : shopOrder(),
            })
          : HttpResponse.json({ error: { code: 'not_found', message: 'No' } }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    const { unmount } = await renderPage();
    await toContactStep(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByRole('heading', { name: 'Pay by MMQR' })).toHaveFocus();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#NXR-20261123-163000');
    expect(seen[0]!.body).toEqual({
      planId: 'power-30',
      operatorId: 'mpt',
      contact: 'buyer@example.com',
      language: 'en',
    });
    expect(seen[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    const stored = JSON.parse(sessionStorage.getItem(PURCHASE_STORAGE_KEY) ?? '{}') as {
      state: { order: { server?: unknown } };
    };
    expect(stored.state.order.server).toEqual({
      id: shopOrder().id,
      token: 'order-token-1',
      mmqrPayload: shopOrder().mmqrPayload,
    });

    await user.upload(screen.getByLabelText('Choose screenshot'), screenshot());
    await screen.findByText(/Ready to send: receipt\.png/);
    await user.click(screen.getByRole('button', { name: 'Upload and verify' }));

    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    const receipt = seen[1]!;
    expect(receipt.path).toBe(`/api/orders/${shopOrder().id}/receipt`);
    expect(receipt.headers.get('x-order-token')).toBe('order-token-1');
    expect(receipt.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(receipt.body).toEqual({
      image: { mimeType: 'image/png', base64: expect.stringMatching(/^[A-Za-z0-9+/=]+$/) },
      language: 'en',
    });
    // The server has the paid order: no send-it-yourself panel.
    expect(screen.getByText('Your order has reached our team.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send by email' })).not.toBeInTheDocument();

    unmount();
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
  });

  it('says the order could not be made when the server is down, and keeps the contact', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/api/orders`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'database_unavailable', message: 'Down' } },
              { status: 503 },
            )
          : HttpResponse.json({ order: shopOrder(), token: 't' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderPage();
    await toContactStep(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your order could not be created. Check your connection and try again.',
    );
    expect(screen.getByLabelText('Email or Viber phone number')).toHaveValue('buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Pay by MMQR' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Continue to payment', 'Please wait 5 min, then try again.'],
    ['my', 'ငွေပေးချေရန် ဆက်သွားမည်', '၅ မိနစ် စောင့်ပြီးမှ ထပ်ကြိုးစားပါ။'],
  ] as const)(
    'tells a buyer stopped by the order limit (429) to wait, not to check a connection that works (%s)',
    async (language, continueLabel, wait) => {
      server.use(
        http.post(`${API}/api/orders`, () =>
          HttpResponse.json(
            { error: { code: 'rate_limited', message: 'Too many orders from this address.' } },
            { status: 429, headers: { 'Retry-After': '300' } },
          ),
        ),
      );
      const user = userEvent.setup();
      await renderPage(language);
      await user.click(
        screen.getByRole('button', {
          name: language === 'en' ? 'Buy Power User' : 'ဒေတာ အသုံးများသူ အစီအစဉ် ဝယ်မည်',
        }),
      );
      await user.click(screen.getByRole('button', { name: 'MPT' }));
      await user.type(screen.getByRole('textbox'), 'buyer@example.com');
      await user.click(screen.getByRole('button', { name: continueLabel }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(wait);
      expect(alert).not.toHaveTextContent(
        language === 'en' ? 'Check your connection' : 'အင်တာနက် ချိတ်ဆက်မှုကို စစ်ဆေး',
      );
    },
  );

  it.each([
    [503, 'database_unavailable', 'Verification failed.'],
    [409, 'order_expired', null],
  ])('maps a receipt answered %i %s to the existing screen', async (status, code, message) => {
    server.use(
      http.post(`${API}/api/orders`, () =>
        HttpResponse.json({ order: shopOrder(), token: 't' }, { status: 201 }),
      ),
      http.post(`${API}/api/orders/:id/receipt`, () =>
        HttpResponse.json({ error: { code, message: 'No' } }, { status }),
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    await toContactStep(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await user.upload(await screen.findByLabelText('Choose screenshot'), screenshot());
    await screen.findByText(/Ready to send: receipt\.png/);
    await user.click(screen.getByRole('button', { name: 'Upload and verify' }));
    if (message) {
      expect(await screen.findByRole('heading', { name: 'Payment not confirmed' })).toBeVisible();
      expect(screen.getByTestId('failure-reason')).toHaveTextContent(message);
    } else {
      expect(await screen.findByRole('heading', { name: 'Payment code expired' })).toBeVisible();
    }
  });

  it.each([
    [
      'en' as const,
      { choose: 'Choose screenshot', submit: 'Upload and verify' },
      'This receipt (transaction 0123456789) was already used to pay for another order. Please upload the receipt of the payment for this order.',
    ],
    [
      'my' as const,
      { choose: 'ဖန်သားပြင်ဓာတ်ပုံ ရွေးရန်', submit: 'တင်ပြီး စစ်ဆေးမည်' },
      'ဤပြေစာ (ငွေလွှဲအမှတ် 0123456789) ကို အခြားအော်ဒါတစ်ခုအတွက် ငွေပေးချေရာတွင် အသုံးပြုပြီး ဖြစ်ပါသည်။ ဤအော်ဒါအတွက် ငွေပေးချေမှု ပြေစာကို တင်ပါ။',
    ],
  ])(
    'says a payment the server saw on another order was used for another order, not on this device (%s)',
    async (language, labels, message) => {
      server.use(
        http.get(`${API}/api/orders/:id`, () => HttpResponse.json({ order: shopOrder() })),
        http.post(`${API}/api/orders/:id/receipt`, () =>
          HttpResponse.json({
            order: shopOrder(),
            verification: {
              status: 'failed',
              reason: { code: 'reused', transactionId: '0123456789' },
            },
          }),
        ),
      );
      sessionStorage.setItem(
        PURCHASE_STORAGE_KEY,
        JSON.stringify({
          version: 1,
          state: {
            step: 'payment',
            interrupted: false,
            order: {
              number: shopOrder().number,
              planId: 'power-30',
              operatorId: 'mpt',
              contact: 'buyer@example.com',
              contactKind: 'email',
              price: 80_000,
              currency: 'MMK',
              createdAt: Date.now(),
              expiresAt: Date.now() + 600_000,
              server: { id: shopOrder().id, token: 't', mmqrPayload: shopOrder().mmqrPayload },
            },
          },
        }),
      );
      const user = userEvent.setup();
      await renderPage(language);
      await user.upload(await screen.findByLabelText(labels.choose), screenshot());
      await user.click(await screen.findByRole('button', { name: labels.submit }));
      expect(await screen.findByTestId('failure-reason')).toHaveTextContent(message);
    },
  );

  it('tells a reloaded page that the order was paid elsewhere, from the server', async () => {
    const now = Date.now();
    sessionStorage.setItem(
      PURCHASE_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          step: 'payment',
          interrupted: false,
          order: {
            number: '#NXR-20261123-163000',
            planId: 'power-30',
            operatorId: 'mpt',
            contact: 'buyer@example.com',
            contactKind: 'email',
            price: 80_000,
            currency: 'MMK',
            createdAt: now,
            expiresAt: now + 600_000,
            server: { id: shopOrder().id, token: 'tok', mmqrPayload: shopOrder().mmqrPayload },
          },
        },
      }),
    );
    server.use(
      http.get(`${API}/api/orders/:id`, ({ request }) =>
        request.headers.get('x-order-token') === 'tok'
          ? HttpResponse.json({
              order: shopOrder({ status: 'paid', transactionId: 'TX-777', paidAt: now }),
            })
          : HttpResponse.json({ error: { code: 'not_found', message: 'No' } }, { status: 404 }),
      ),
    );
    await renderPage();
    const heading = await screen.findByRole('heading', { name: 'Payment confirmed' });
    const result = heading.closest('section')!;
    expect(within(result).getByText('TX-777')).toBeInTheDocument();
  });

  it('after a reload during the check, shows checking and asks the server until it settles (issue #24)', async () => {
    const now = Date.now();
    sessionStorage.setItem(
      PURCHASE_STORAGE_KEY,
      JSON.stringify({
        version: 2,
        state: {
          step: 'verifying',
          order: {
            id: '7d6f2a10-4c1b-4e8a-9a57-2f1e0b9c3d44',
            number: '#NXR-20261123-163000',
            planId: 'power-30',
            operatorId: 'mpt',
            contact: 'buyer@example.com',
            contactKind: 'email',
            createdAt: now,
            expiresAt: now + 600_000,
            server: { id: shopOrder().id, token: 'tok', mmqrPayload: shopOrder().mmqrPayload },
          },
        },
      }),
    );
    let asked = 0;
    server.use(
      http.get(`${API}/api/orders/:id`, () => {
        asked += 1;
        return HttpResponse.json({
          order:
            asked < 2
              ? shopOrder({ status: 'verifying' })
              : shopOrder({ status: 'paid', transactionId: 'TX-778', paidAt: now }),
        });
      }),
    );
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Checking your payment…' })).toBeVisible();
    // Never the payment step meanwhile: no payment code, no upload.
    expect(screen.queryByRole('button', { name: 'Upload and verify' })).not.toBeInTheDocument();
    const heading = await screen.findByRole('heading', { name: 'Payment confirmed' });
    expect(within(heading.closest('section')!).getByText('TX-778')).toBeInTheDocument();
    expect(asked).toBe(2);
  }, 10_000);
});
