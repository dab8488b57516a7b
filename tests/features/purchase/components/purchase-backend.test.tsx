import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutProvider } from '../../../../src/features/purchase/hooks/use-checkout';
import type {
  CheckoutBackend,
  CheckoutResult,
} from '../../../../src/features/purchase/lib/checkout';
import type { Order } from '../../../../src/features/purchase/lib/purchase-machine';
import { serverOrderFields } from '../../../../src/features/purchase/lib/server-order-ref';
import type { ShopOrder } from '../../../../src/lib/api/client';
import { BuyPage } from '../../../../src/pages/buy-page';
import { renderWithProviders } from '../../../support/render';
import { shopOrder } from '../../../support/shop-order';
import { order } from '../lib/fixtures';
import { screenshot } from './seed';

/** The fake backend's order: not one this browser would make (its own number). */
const backendOrder = (): Order => ({
  ...order,
  number: '#NXR-20200101-000001',
  createdAt: Date.now(),
  expiresAt: Date.now() + 600_000,
});
const paid = { status: 'confirmed', transactionId: '0123456789', verifiedAt: 1 } as const;

/** A backend object, no server behind it: every answer is the test's. */
const fakeBackend = (change: Partial<CheckoutBackend> = {}): CheckoutBackend => ({
  createOrder: vi.fn(async () => backendOrder()),
  submitReceipt: vi.fn(async (order: Order) => ({
    kind: 'decided' as const,
    order,
    verification: { ...paid, transactionTime: null },
  })),
  changeContact: vi.fn(async (_order: Order, contact: string) => contact),
  cancel: vi.fn(async () => undefined),
  orderNow: vi.fn(() => null),
  availability: vi.fn(async () => ({
    ready: new Set(['mpt/power-30']),
    known: new Set(['mpt/power-30']),
    promiseMinutes: 120,
    emailDelivery: true,
  })),
  onConfirmed: vi.fn(),
  recordsOrders: true,
  resultOf: (_order, verification) =>
    verification.status === 'failed'
      ? { kind: 'refused', reason: verification.reason, reusedOn: 'shop' }
      : { kind: 'nextSteps', ...verification },
  ...change,
});

// No API URL: a flow that still chose its way by the URL would make its own order and read the
// receipt itself, and never ask this backend.
const renderPage = (checkout: CheckoutBackend) =>
  renderWithProviders(
    <CheckoutProvider checkout={checkout}>
      <BuyPage />
    </CheckoutProvider>,
    { namespaces: ['purchase'], route: '/buy-esim', services: { apiUrl: undefined } },
  );

async function toPayment(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
  expect(await screen.findByTestId('stock-mpt')).toHaveTextContent(/eSIM ready now/);
  await user.click(screen.getByRole('button', { name: 'MPT' }));
  await user.type(screen.getByLabelText('Email or Viber phone number'), 'buyer@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  expect(await screen.findByRole('heading', { name: 'Pay by MMQR' })).toBeInTheDocument();
}

/** Issue #26 point 3 (decision 093): the flow knows only the backend given to it at start. */
describe('the purchase flow against the checkout backend it is given', () => {
  it('has the backend tell the stock, make the order and decide the receipt', async () => {
    const checkout = fakeBackend();
    const user = userEvent.setup();
    await renderPage(checkout);
    await toPayment(user);
    expect(checkout.availability).toHaveBeenCalled();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#NXR-20200101-000001');
    expect(checkout.createOrder).toHaveBeenCalledWith(
      { planId: 'power-30', operatorId: 'mpt', contact: 'buyer@example.com' },
      'en',
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.any(AbortSignal),
    );

    await user.upload(screen.getByLabelText('Choose screenshot'), screenshot());
    await screen.findByText(/Ready to send: receipt\.png/);
    await user.click(screen.getByRole('button', { name: 'Upload and verify' }));
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(checkout.submitReceipt).toHaveBeenCalledTimes(1);
    // A backend that records orders: the result says the shop has it.
    expect(screen.getByText('Your order has reached our team.')).toBeInTheDocument();
    // The confirmation this browser decided is handed to the backend, once.
    expect(checkout.onConfirmed).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ number: '#NXR-20200101-000001' }),
      expect.objectContaining({ transactionId: '0123456789' }),
      'en',
    );
  });

  // Issue #39 point 7: the screen follows the backend's result kind, whatever the order holds.
  it('shows the result screen of the kind the backend returns, not one read from the order', async () => {
    const checkout = fakeBackend({
      resultOf: vi.fn((): CheckoutResult => ({
        kind: 'refused',
        reason: { code: 'reused', transactionId: '0123456789' },
        reusedOn: 'shop',
      })),
    });
    const user = userEvent.setup();
    await renderPage(checkout);
    await toPayment(user);
    await user.upload(screen.getByLabelText('Choose screenshot'), screenshot());
    await screen.findByText(/Ready to send: receipt\.png/);
    await user.click(screen.getByRole('button', { name: 'Upload and verify' }));
    // The verdict said confirmed; the backend's kind (a refusal seen shop-wide) is what shows.
    expect(await screen.findByTestId('failure-reason')).toHaveTextContent(
      'was already used to pay for another order',
    );
    expect(checkout.resultOf).toHaveBeenCalledWith(
      expect.objectContaining({ number: '#NXR-20200101-000001' }),
      expect.objectContaining({ status: 'confirmed' }),
    );
  });

  // Issue #44: the server says whether it sends email; without a mail server nothing promises it.
  it.each([false, true])(
    'promises email at the contact step only when the server sends it (%s)',
    async (emailDelivery) => {
      const answer = { ready: new Set<string>(), known: new Set<string>(), promiseMinutes: 120 };
      const checkout = fakeBackend({
        availability: vi.fn(async () => ({ ...answer, emailDelivery })),
      });
      const user = userEvent.setup();
      await renderPage(checkout);
      await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
      await user.click(await screen.findByRole('button', { name: 'MPT' }));
      const field = screen.getByLabelText('Email or Viber phone number');
      const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!);
      if (emailDelivery) {
        expect(hint).not.toHaveTextContent(/this shop sends no email/);
      } else {
        expect(hint).toHaveTextContent(/stays on its order page.*this shop sends no email/);
        expect(hint!.textContent).not.toMatch(/gets it by email|send.*by email/i);
      }
    },
  );

  it('follows the order where the backend keeps it: paid elsewhere, the result shows', async () => {
    const shop = shopOrder({ status: 'paid', transactionId: '0123456789', paidAt: 1 });
    const checkout = fakeBackend({
      createOrder: vi.fn(async () => ({
        ...backendOrder(),
        id: shop.id,
        ...serverOrderFields({ id: shop.id, token: 'token-1', mmqrPayload: shop.mmqrPayload }),
      })),
      orderNow: vi.fn(async () => shop as ShopOrder),
    });
    const user = userEvent.setup();
    await renderPage(checkout);
    await toPayment(user);
    expect(
      await screen.findByRole('heading', { name: 'Payment confirmed' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(checkout.orderNow).toHaveBeenCalled();
    expect(checkout.submitReceipt).not.toHaveBeenCalled();
  });
});
