import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { PURCHASE_STORAGE_KEY } from '../../../../src/features/purchase/lib/order-storage';
import { BuyPage } from '../../../../src/pages/buy-page';
import { GEMINI, server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';
import { geminiJson } from '../lib/gemini-answers';
import { withOrderNumber } from './order-text';
import { screenshot, seedPayment } from './seed';

/**
 * After the payment code expired: the expired panel, the late upload (no QR, no countdown) and
 * the screens after it (screenshot review s21, issue #15 item 6).
 */
const renderPage = (language: 'en' | 'my' = 'en') =>
  renderWithProviders(<BuyPage />, { language, namespaces: ['purchase'], route: '/buy-esim' });

const MINUTE = 60_000;
/** An order whose code expired 20 minutes ago, reopened for a late upload (as after a reload). */
const seedLate = () => {
  const now = Date.now();
  return seedPayment(
    { createdAt: now - 30 * MINUTE, expiresAt: now - 20 * MINUTE },
    { late: true },
  );
};

const reading = (change: Record<string, unknown> = {}) => ({
  isPaymentConfirmed: true,
  reason: 'The payment succeeded.',
  transactionId: 'WAVE-123',
  amount: 80_000,
  currency: 'MMK',
  transactionTime: new Date(Date.now() - MINUTE).toISOString(),
  status: 'SUCCESS',
  ...change,
});

async function uploadReceipt(user: ReturnType<typeof userEvent.setup>, language = 'en') {
  await user.upload(
    screen.getByLabelText(language === 'en' ? 'Choose screenshot' : 'ဖန်သားပြင်ဓာတ်ပုံ ရွေးရန်'),
    screenshot(),
  );
  await screen.findByText(/Ready to send|ပို့ရန် အသင့်/);
  await user.click(
    screen.getByRole('button', { name: language === 'en' ? 'Upload and verify' : /တင်ပြီး/ }),
  );
}

const CLEARER = /clearer screenshot/;

describe('the expired panel', () => {
  it('makes Start Over the main action and the late upload a secondary one', async () => {
    const order = seedPayment({ expiresAt: Date.now() - 1 });
    await renderPage();
    const panel = screen.getByRole('heading', { name: 'Payment code expired' }).closest('section')!;
    const startOver = within(panel).getByRole('button', { name: 'Start Over' });
    const uploadLate = within(panel).getByRole('button', { name: 'Upload payment screenshot' });
    expect(startOver).toHaveClass('button--primary');
    expect(uploadLate).not.toHaveClass('button--primary');
    expect(
      within(panel)
        .getAllByRole('button')
        .filter((b) => b.matches('.button--primary')),
    ).toEqual([startOver]);
    // The offer of the late upload comes first, right under the notice.
    expect(
      within(panel)
        .getAllByRole('paragraph')
        .map((p) => p.textContent)
        .slice(0, 2),
    ).toEqual([
      'For security, your MMQR payment code has expired. Please restart the purchase to generate a new one.',
      'Paid before the code expired? Upload your screenshot — we accept payments made within the 10 minutes.',
    ]);
    expect(
      screen.getByText(
        withOrderNumber(
          `Paid after the code expired? Do not pay again: message us on Viber with order number ${order.number} and your payment screenshot.`,
          order.number,
        ),
      ),
    ).toBeInTheDocument();
  });
});

describe('the late upload', () => {
  it('shows no QR, no Save QR and no countdown: a notice, the order, the amount and the upload', async () => {
    const user = userEvent.setup();
    const order = seedPayment({ expiresAt: Date.now() - 1 });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Upload payment screenshot' }));

    expect(screen.getByRole('heading', { name: 'Paid before the code expired?' })).toHaveFocus();
    expect(screen.queryByRole('img', { name: /MMQR payment code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save QR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByText('How to pay')).not.toBeInTheDocument();
    // An expired order is neither changed nor cancelled here.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'The payment code of this order has expired: do not pay it now. We can accept only a screenshot of a payment made before it expired.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.number);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('80,000 MMK');
    expect(screen.getByLabelText('Choose screenshot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload and verify' })).toBeDisabled();
  });

  it('is the same after a reload, in Burmese, and leads to a new order', async () => {
    const user = userEvent.setup();
    const order = seedLate();
    await renderPage('my');
    expect(
      screen.getByRole('heading', { name: 'ကုဒ် သက်တမ်းမကုန်မီ ငွေပေးချေပြီးပါသလား။' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /MMQR/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.number);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('၈၀,၀၀၀ ကျပ်');
    // No "we kept your order, pay before the time runs out": there is no time to pay.
    expect(screen.queryByRole('status', { name: /သိမ်းထားပါသည်/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/အချိန်မကုန်မီ ငွေပေးချေပါ/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'အော်ဒါအသစ် ပြုလုပ်ရန်' }));
    expect(screen.getByRole('heading', { name: /ဒေတာအစီအစဉ်/ })).toHaveFocus();
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
  });

  it('refused as paid after expiry: Start a new order, Viber, and no clearer-screenshot hint', async () => {
    const user = userEvent.setup();
    server.use(http.post(`${GEMINI}/*`, () => geminiJson(reading())));
    const order = seedLate();
    await renderPage();
    await uploadReceipt(user);

    expect(await screen.findByRole('heading', { name: 'Payment not confirmed' })).toHaveFocus();
    expect(screen.getByTestId('failure-reason')).toHaveTextContent(
      /after this order's payment code expired/,
    );
    const section = screen
      .getByRole('heading', { name: 'Payment not confirmed' })
      .closest('section')!;
    expect(within(section).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    const newOrder = within(section).getByRole('button', { name: 'Start a new order' });
    expect(newOrder).toHaveClass('button--primary');
    expect(within(section).getByRole('link', { name: 'Message us on Viber' })).toBeInTheDocument();
    expect(within(section).queryByText(CLEARER)).not.toBeInTheDocument();
    expect(
      within(section).getByText(
        withOrderNumber(
          `A new order gets a new payment code and 10 minutes to pay. If money was already taken for order ${order.number}, message us on Viber before you pay again.`,
          order.number,
        ),
      ),
    ).toBeInTheDocument();

    await user.click(newOrder);
    expect(screen.getByRole('heading', { name: 'Choose your data plan' })).toHaveFocus();
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
  });

  it('says the same in Burmese', async () => {
    const user = userEvent.setup();
    server.use(http.post(`${GEMINI}/*`, () => geminiJson(reading())));
    seedLate();
    await renderPage('my');
    await uploadReceipt(user, 'my');
    await screen.findByRole('heading', { name: 'ငွေပေးချေမှုကို အတည်မပြုနိုင်ပါ' });
    expect(screen.getByRole('button', { name: 'အော်ဒါအသစ် ပြုလုပ်ရန်' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ထပ်ကြိုးစားရန်' })).not.toBeInTheDocument();
    expect(screen.queryByText(/ပိုမိုရှင်းလင်းသော ဖန်သားပြင်ဓာတ်ပုံ/)).not.toBeInTheDocument();
  });

  it('refused for an unreadable screenshot: Try Again returns to the late upload, not to a new code', async () => {
    const user = userEvent.setup();
    // Paid in time (25 minutes ago, the code expired 20 minutes ago), the amount unreadable.
    const paidInTime = new Date(Date.now() - 25 * MINUTE).toISOString();
    server.use(
      http.post(`${GEMINI}/*`, () =>
        geminiJson(reading({ amount: null, transactionTime: paidInTime })),
      ),
    );
    seedLate();
    await renderPage();
    await uploadReceipt(user);
    await screen.findByRole('heading', { name: 'Payment not confirmed' });
    // A clearer screenshot can help here.
    expect(screen.getByText(CLEARER)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('heading', { name: 'Paid before the code expired?' })).toHaveFocus();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /MMQR payment code/ })).not.toBeInTheDocument();
  });
});

describe('the failure help, by what can still help', () => {
  it('says Try Again without the clearer-screenshot hint where a clearer picture cannot help', async () => {
    const user = userEvent.setup();
    server.use(http.post(`${GEMINI}/*`, () => geminiJson(reading({ amount: 8_000 }))));
    const order = seedPayment();
    await renderPage();
    await uploadReceipt(user);
    await screen.findByRole('heading', { name: 'Payment not confirmed' });
    expect(screen.getByRole('button', { name: 'Try Again' })).toHaveClass('button--primary');
    expect(screen.queryByText(CLEARER)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        withOrderNumber(
          `If you have already paid, do not pay again. Try again, or message us on Viber with your order number ${order.number}.`,
          order.number,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('keeps the clearer-screenshot hint where it helps, the order number on one line', async () => {
    const user = userEvent.setup();
    server.use(http.post(`${GEMINI}/*`, () => geminiJson(reading({ amount: null }))));
    const order = seedPayment();
    await renderPage();
    await uploadReceipt(user);
    await screen.findByRole('heading', { name: 'Payment not confirmed' });
    expect(
      screen.getByText(
        withOrderNumber(
          `If you have already paid, do not pay again. Try again with a clearer screenshot, or message us on Viber with your order number ${order.number}.`,
          order.number,
        ),
      ),
    ).toBeInTheDocument();
  });
});
