import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PURCHASE_STORAGE_KEY } from '../../../../src/features/purchase/lib/order-storage';
import { BuyPage } from '../../../../src/pages/buy-page';
import { pngClaiming } from '../../../support/image-headers';
import { GEMINI, server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';
import { geminiJson, geminiText } from '../lib/gemini-answers';
import { screenshot, seedPayment } from './seed';

const renderPage = () =>
  renderWithProviders(<BuyPage />, { namespaces: ['purchase'], route: '/buy-esim' });

const reading = (change: Record<string, unknown> = {}) => ({
  isPaymentConfirmed: true,
  reason: 'The payment succeeded.',
  transactionId: 'WAVE-123',
  amount: 80_000,
  currency: 'MMK',
  transactionTime: new Date(Date.now() - 60_000).toISOString(),
  status: 'SUCCESS',
  ...change,
});

async function submitReceipt(user = userEvent.setup()) {
  await user.upload(screen.getByLabelText('Choose screenshot'), screenshot());
  await screen.findByText(/Ready to send/);
  await user.click(screen.getByRole('button', { name: 'Upload and verify' }));
  return user;
}

const DEFAULT_MESSAGE =
  'Verification failed. Our AI could not confirm the payment from the screenshot. Please ensure it is a clear, recent, and successful payment receipt.';

describe('the payment step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ignores a file that is not an image, with a visible hint', async () => {
    const user = userEvent.setup({ applyAccept: false });
    seedPayment();
    await renderPage();
    await user.upload(
      screen.getByLabelText('Choose screenshot'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(
      screen.getByText(
        'That file is not an image, so it was ignored. Please choose a screenshot (PNG or JPEG).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload and verify' })).toBeDisabled();
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
  });

  it('refuses an image over 20 MB before anything is sent', async () => {
    const user = userEvent.setup();
    let requests = 0;
    server.use(http.post(`${GEMINI}/*`, () => (requests++, geminiJson(reading()))));
    seedPayment();
    await renderPage();
    await user.upload(
      screen.getByLabelText('Choose screenshot'),
      new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(screen.getByText(/larger than 20 MB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload and verify' })).toBeDisabled();
    expect(requests).toBe(0);
  });

  it.each([
    ['en', 'That image has more than 40 megapixels'],
    ['my', 'မဂ်ဂါပစ်ဇယ် ၄၀ ထက် ကြီးသဖြင့်'],
  ] as const)('refuses a 20000×20000 image without decoding it (%s)', async (language, text) => {
    const user = userEvent.setup();
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    seedPayment();
    await renderWithProviders(<BuyPage />, {
      language,
      namespaces: ['purchase'],
      route: '/buy-esim',
    });
    await user.upload(
      screen.getByLabelText(language === 'en' ? 'Choose screenshot' : 'ဖန်သားပြင်ဓာတ်ပုံ ရွေးရန်'),
      new File([pngClaiming(20_000, 20_000)], 'bomb.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    expect(decode).not.toHaveBeenCalled();
  });

  it('takes a dropped image and lets the buyer remove it', async () => {
    const user = userEvent.setup();
    seedPayment();
    await renderPage();
    const zone = screen.getByTestId('receipt-dropzone');
    const dataTransfer = {
      files: [screenshot('dropped.png')],
      types: ['Files'],
      dropEffect: 'none',
    };
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByText(/Ready to send: dropped\.png/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Upload and verify' })).toBeDisabled();
  });

  it('disables the upload while verifying and shows progress', async () => {
    let answer: ((response: Response) => void) | undefined;
    server.use(
      http.post(`${GEMINI}/*`, () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    seedPayment();
    await renderPage();
    await submitReceipt();
    expect(await screen.findByRole('heading', { name: 'Checking your payment…' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Upload and verify' })).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(geminiJson(reading()));
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
  });

  it('drops the receipt image from memory once verification ends', async () => {
    let made = 0;
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      const url = `blob:receipt-${++made}`;
      created.push(url);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    server.use(http.post(`${GEMINI}/*`, () => geminiJson(reading())));
    seedPayment();
    await renderPage();
    await submitReceipt();
    await screen.findByRole('heading', { name: 'Payment confirmed' });
    expect(created.length).toBeGreaterThan(0);
    expect(revoked.sort()).toEqual(created.sort());
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).not.toContain('receipt.png');
  });

  it.each<[string, () => Response, string]>([
    [
      'the model reason when it does not confirm',
      () =>
        geminiJson(
          reading({ isPaymentConfirmed: false, reason: 'The transfer is still pending.' }),
        ),
      'The transfer is still pending.',
    ],
    [
      'the default message when it does not confirm and gives no reason',
      () => geminiJson(reading({ isPaymentConfirmed: false, reason: '' })),
      DEFAULT_MESSAGE,
    ],
    ['the default message for an empty answer', () => geminiText(''), DEFAULT_MESSAGE],
    [
      'the default message for a failed call',
      () => HttpResponse.json({ error: { code: 500 } }, { status: 500 }),
      DEFAULT_MESSAGE,
    ],
    [
      'the unreadable message for an answer that is not JSON',
      () => geminiText('Sure, looks paid!'),
      'AI verification failed. The response was unreadable. Please try again.',
    ],
    [
      'the amount read and the price when a confirmed amount is wrong',
      () => geminiJson(reading({ amount: 8_000 })),
      'The receipt shows 8,000 MMK, but your plan costs 80,000 MMK. If you paid a different amount, message us on Viber with your order number; otherwise upload the receipt of this payment.',
    ],
    [
      'the age limit for a receipt 13 hours old',
      () =>
        geminiJson(
          reading({ transactionTime: new Date(Date.now() - 13 * 3_600_000).toISOString() }),
        ),
      'This receipt is more than 12 hours old. Please upload the receipt of the payment you made for this order.',
    ],
    [
      'the clock message for a receipt from the future',
      () =>
        geminiJson(reading({ transactionTime: new Date(Date.now() + 3_600_000).toISOString() })),
      'The time on the receipt is later than now. Check the date and time of your phone, then upload the receipt again.',
    ],
    [
      'the missing amount',
      () => geminiJson(reading({ amount: null })),
      'We could not read the amount on the screenshot. Please upload a screenshot that shows the whole receipt, including the amount.',
    ],
    [
      'the missing time',
      () => geminiJson(reading({ transactionTime: null })),
      'We could not read the date and time of the payment. Please upload a screenshot that shows them.',
    ],
  ])('shows %s', async (_name, response, message) => {
    server.use(http.post(`${GEMINI}/*`, response));
    seedPayment();
    await renderPage();
    await submitReceipt();
    expect(await screen.findByRole('heading', { name: 'Payment not confirmed' })).toHaveFocus();
    expect(screen.getByTestId('failure-reason')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('refuses a transaction id already used on this device', async () => {
    server.use(http.post(`${GEMINI}/*`, () => geminiJson(reading())));
    localStorage.setItem(
      'esim-shop.used-transactions',
      JSON.stringify([{ id: 'WAVE-123', at: Date.now() - 60_000 }]),
    );
    seedPayment();
    await renderPage();
    await submitReceipt();
    expect(await screen.findByTestId('failure-reason')).toHaveTextContent(
      'This receipt (transaction WAVE-123) was already used for an order on this device.',
    );
  });

  it('Try Again returns to payment with the receipt cleared and the timer at 10:00', async () => {
    server.use(
      http.post(
        `${GEMINI}/*`,
        () => geminiJson(reading({ isPaymentConfirmed: false, reason: 'Blurry.' })),
        { once: true },
      ),
      http.post(`${GEMINI}/*`, () => geminiJson(reading())),
    );
    const order = seedPayment({ expiresAt: Date.now() + 90_000 });
    await renderPage();
    expect(screen.getByRole('timer')).toHaveTextContent(/^01:(2\d|30)$/);
    const user = await submitReceipt();
    await screen.findByText('Blurry.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(screen.getByRole('heading', { name: 'Pay by MMQR' })).toHaveFocus();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|09:5\d)$/);
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.number);
    expect(screen.getByRole('button', { name: 'Upload and verify' })).toBeDisabled();
    expect(screen.queryByText(/Ready to send/)).not.toBeInTheDocument();

    await submitReceipt(user);
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
  });

  it('expires at 00:00; offers a late upload for a payment made in time, and Start Over clears everything', async () => {
    const user = userEvent.setup();
    // Expires while the page is open (with room for a slow first render on a loaded machine).
    seedPayment({ expiresAt: Date.now() + 2_500 });
    await renderPage();
    const heading = await screen.findByRole('heading', { name: 'Payment code expired' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(
        'For security, your MMQR payment code has expired. Please restart the purchase to generate a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload and verify' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Purchase steps' })).not.toBeInTheDocument();
    const buttons = within(heading.closest('section')!).getAllByRole('button');
    // Paid before the code expired? The screenshot is still taken; the receipt rules decide.
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Upload payment screenshot',
      'Start Over',
    ]);

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(screen.getByRole('heading', { name: 'Choose your data plan' })).toHaveFocus();
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
    await user.click(screen.getByRole('button', { name: 'MPT' }));
    expect(screen.getByLabelText('Email or Viber phone number')).toHaveValue('');
  });

  it('opens expired after a reload past the expiry', async () => {
    seedPayment({ expiresAt: Date.now() - 1 });
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Payment code expired' })).toBeInTheDocument();
  });

  it('asks for the screenshot again after a reload during verification', async () => {
    seedPayment({}, { interrupted: true });
    await renderPage();
    expect(
      screen.getByText('The check of your screenshot was interrupted. Please upload it again.'),
    ).toBeInTheDocument();
  });

  it('keeps the order number and the remaining time across a reload', async () => {
    const order = seedPayment({ expiresAt: Date.now() + 4 * 60_000 + 30_500 });
    await renderPage();
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.number);
    expect(screen.getByRole('timer')).toHaveTextContent(/^04:(2\d|3[01])$/);
    expect(screen.getByText('4 minutes left to pay.')).toBeInTheDocument();
  });
});
