import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PURCHASE_STORAGE_KEY } from '../../../../src/features/purchase/lib/order-storage';
import { apiServices } from '../../../../src/lib/services';
import { BuyPage } from '../../../../src/pages/buy-page';
import { server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';
import { SHOP_ORDER_ID, shopOrder } from '../../../support/shop-order';
import { withOrderNumber } from './order-text';
import { seedPayment } from './seed';

/** Issue #15 item 1 (decision 058): a way back from the payment step. */
const API = 'http://api.test';
const renderPage = (language: 'en' | 'my' = 'en', services = apiServices(undefined)) =>
  renderWithProviders(<BuyPage />, {
    language,
    namespaces: ['purchase'],
    route: '/buy-esim',
    services,
  });

const stored = () =>
  JSON.parse(sessionStorage.getItem(PURCHASE_STORAGE_KEY) ?? 'null') as {
    state: { step: string; order?: { contact: string; number: string }; draft?: unknown };
  };

/** A server order kept in this tab, with its token. */
function seedServerOrder() {
  const shop = shopOrder();
  return seedPayment({
    id: shop.id,
    number: shop.number,
    contact: shop.contact,
    server: { id: shop.id, token: 'order-token-1', mmqrPayload: shop.mmqrPayload },
  });
}

describe('changing the contact or cancelling on the payment step (static shop)', () => {
  it('says the order was kept, and corrects the contact on the same order', async () => {
    const user = userEvent.setup();
    const order = seedPayment({ contact: 'buyer@gmial.com' });
    await renderPage();
    expect(
      screen.getByText(
        withOrderNumber(
          `We kept your order ${order.number}. Pay before the time runs out, or cancel it below.`,
          order.number,
        ),
      ),
    ).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Change email or Viber number' }));
    const field = screen.getByLabelText('New email or Viber phone number');
    expect(field).toHaveValue('buyer@gmial.com');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save new contact' }));
    expect(
      screen.getByText('Please enter a valid email or Viber phone number (e.g., 09...).'),
    ).toBeInTheDocument();
    expect(stored().state.order?.contact).toBe('buyer@gmial.com');

    await user.clear(field);
    await user.type(field, 'buyer@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Save new contact' }));
    expect(
      await screen.findByText('Saved: we will send your eSIM to buyer@gmail.com.'),
    ).toBeInTheDocument();
    expect(screen.getByText('buyer@gmail.com', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.number);
    expect(stored().state.order).toMatchObject({
      contact: 'buyer@gmail.com',
      number: order.number,
    });
    expect(screen.getByRole('button', { name: 'Change email or Viber number' })).toHaveFocus();
  });

  it('keeps the order when the buyer thinks again, and cancels it after the confirmation', async () => {
    const user = userEvent.setup();
    const order = seedPayment();
    const { unmount } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    // Its heading never breaks the order number ("#NXR- / 20261125-074111").
    expect(
      within(dialog).getByText(withOrderNumber(`Cancel order ${order.number}?`, order.number)),
    ).toHaveProperty('tagName', 'H2');
    expect(dialog).toHaveTextContent(
      'Already paid? Do not cancel: keep this order and upload the screenshot of your payment below.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep my order' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay by MMQR' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }),
    );
    expect(await screen.findByRole('heading', { name: 'Choose your data plan' })).toBeVisible();
    expect(stored().state).toMatchObject({
      step: 'plan',
      draft: { planId: 'power-30', operatorId: 'mpt', contact: 'buyer@example.com' },
    });
    // The menu's "Buy eSIM" (a new visit of the page) no longer finds the old order.
    unmount();
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Choose your data plan' })).toBeInTheDocument();
    expect(screen.queryByText(order.number)).not.toBeInTheDocument();
  });

  it('offers the same in Burmese', async () => {
    const user = userEvent.setup();
    const order = seedPayment();
    await renderPage('my');
    expect(
      screen.getByText(
        withOrderNumber(new RegExp(`^သင့်အော်ဒါ ${order.number} ကို သိမ်းထားပါသည်။`), order.number),
      ),
    ).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'အော်ဒါ ပယ်ဖျက်ရန်' }));
    const dialog = screen.getByRole('dialog', { name: `အော်ဒါ ${order.number} ကို ပယ်ဖျက်မလား။` });
    // The heading keeps the order number on one line.
    expect(
      within(dialog).getByRole('heading', {
        name: `အော်ဒါ ${order.number} ကို ပယ်ဖျက်မလား။`,
      }),
    ).toContainElement(
      within(dialog).getByText(order.number, { selector: '.purchase-order-number' }),
    );
    await user.click(screen.getByRole('button', { name: 'အော်ဒါကို ဆက်ထားရန်' }));
    await user.click(screen.getByRole('button', { name: 'ပို့ရမည့်နေရာ ပြောင်းရန်' }));
    expect(screen.getByLabelText('အီးမေးလ် သို့မဟုတ် Viber ဖုန်းနံပါတ် အသစ်')).toBeInTheDocument();
  });
});

describe('changing the contact or cancelling on the payment step (server mode)', () => {
  it('asks the server to change the contact, with the order token, and shows its answer', async () => {
    const seen: { method: string; path: string; token: string | null; body: unknown }[] = [];
    server.use(
      http.get(`${API}/api/orders/:id`, () => HttpResponse.json({ order: shopOrder() })),
      http.patch(`${API}/api/orders/:id`, async ({ request, params }) => {
        const body = await request.json();
        seen.push({
          method: 'PATCH',
          path: String(params.id),
          token: request.headers.get('x-order-token'),
          body,
        });
        return HttpResponse.json({ order: shopOrder({ contact: 'new@example.com' }) });
      }),
    );
    const user = userEvent.setup();
    seedServerOrder();
    await renderPage('en', apiServices(API));
    await user.click(screen.getByRole('button', { name: 'Change email or Viber number' }));
    const field = screen.getByLabelText('New email or Viber phone number');
    await user.clear(field);
    await user.type(field, ' new@example.com ');
    await user.click(screen.getByRole('button', { name: 'Save new contact' }));
    expect(
      await screen.findByText('Saved: we will send your eSIM to new@example.com.'),
    ).toBeInTheDocument();
    expect(seen).toEqual([
      {
        method: 'PATCH',
        path: SHOP_ORDER_ID,
        token: 'order-token-1',
        body: { contact: ' new@example.com ' },
      },
    ]);
    expect(stored().state.order?.contact).toBe('new@example.com');
  });

  it('changes nothing when the server cannot be reached, and says so', async () => {
    server.use(
      http.get(`${API}/api/orders/:id`, () => HttpResponse.json({ order: shopOrder() })),
      http.patch(`${API}/api/orders/:id`, () => HttpResponse.error()),
      http.post(`${API}/api/orders/:id/cancel`, () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    seedServerOrder();
    await renderPage('en', apiServices(API));
    await user.click(screen.getByRole('button', { name: 'Change email or Viber number' }));
    const field = screen.getByLabelText('New email or Viber phone number');
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save new contact' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That did not work, and nothing was changed. Check your connection and try again.',
    );
    expect(stored().state.order?.contact).toBe('buyer@example.com');
    expect(field).toHaveValue('new@example.com');

    await user.click(screen.getByRole('button', { name: 'Keep the current one' }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That did not work');
    expect(stored().state.step).toBe('payment');
  });

  it('cancels on the server, then starts again from the plans', async () => {
    const cancelled: (string | null)[] = [];
    server.use(
      http.get(`${API}/api/orders/:id`, () => HttpResponse.json({ order: shopOrder() })),
      http.post(`${API}/api/orders/:id/cancel`, ({ request }) => {
        cancelled.push(request.headers.get('x-order-token'));
        return HttpResponse.json({ order: shopOrder({ status: 'cancelled' }) });
      }),
    );
    const user = userEvent.setup();
    seedServerOrder();
    await renderPage('en', apiServices(API));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }),
    );
    expect(await screen.findByRole('heading', { name: 'Choose your data plan' })).toBeVisible();
    expect(cancelled).toEqual(['order-token-1']);
    expect(stored().state.step).toBe('plan');
  });

  it('shows a paid order as paid when the server refuses to cancel it (409)', async () => {
    let paid = false;
    server.use(
      http.get(`${API}/api/orders/:id`, () =>
        HttpResponse.json({
          order: paid
            ? shopOrder({ status: 'paid', transactionId: '0123456789', paidAt: Date.now() })
            : shopOrder(),
        }),
      ),
      http.post(`${API}/api/orders/:id/cancel`, () => {
        paid = true;
        return HttpResponse.json(
          {
            error: {
              code: 'order_closed',
              message: 'This order is no longer waiting for payment.',
            },
          },
          { status: 409 },
        );
      }),
    );
    const user = userEvent.setup();
    seedServerOrder();
    await renderPage('en', apiServices(API));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
