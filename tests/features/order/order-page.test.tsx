import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { orderWatchPolicy } from '../../../src/lib/order-watch';
import { apiServices } from '../../../src/lib/services';
import { OrderPage } from '../../../src/pages/order-page';
import { server } from '../../support/msw-server';

// The order page asks through the one order watch (its cadences: lib/order-watch.ts).
const WAITING_REFRESH_MS = orderWatchPolicy.stock.every;
const HELD_REFRESH_MS = orderWatchPolicy.bank.every;
const PROGRESS_REFRESH_MS = orderWatchPolicy.progress.every;
import { renderWithProviders } from '../../support/render';

const API = 'http://api.test';
const ID = '5b0f3f0e-1d1c-4c55-9d0a-0c1f4d2b7a11';
const TOKEN = 'order-token-1';
const CODE = 'LPA:1$smdp.example.com$K2-1A2B3C-4D5E6F';

const paidOrder = (delivery: Record<string, unknown>) => ({
  id: ID,
  number: '#NXR-20261123-163000',
  planId: 'power-30',
  operatorId: 'mpt',
  contact: 'buyer@example.com',
  contactKind: 'email',
  price: 80_000,
  currency: 'MMK',
  createdAt: 1,
  expiresAt: 2,
  mmqrPayload: 'x',
  status: 'paid',
  transactionId: '0123456789',
  paidAt: 1,
  delivery,
});

const assigned = {
  state: 'delivered',
  esim: {
    iccid: '8995000000000000001',
    activationCode: CODE,
    smdpAddress: 'smdp.example.com',
    matchingId: 'K2-1A2B3C-4D5E6F',
  },
  promisedBy: null,
  email: { state: 'sent', attempts: 1 },
};

const open = (route: string, language: 'en' | 'my' = 'en', services = apiServices(API)) =>
  renderWithProviders(<OrderPage />, {
    services,
    language,
    namespaces: ['delivery'],
    route,
    path: '/order/:id',
  });

/** The API: the order answers only with its token. */
function serveOrder(seen: Headers[] = []) {
  server.use(
    http.get(`${API}/api/orders/:id`, ({ request, params }) => {
      seen.push(request.headers);
      return params.id === ID && request.headers.get('x-order-token') === TOKEN
        ? HttpResponse.json({ order: paidOrder(assigned) })
        : HttpResponse.json(
            { error: { code: 'not_found', message: 'No such order' } },
            { status: 404 },
          );
    }),
  );
  return seen;
}

describe('the order page', () => {
  it('shows the order and its eSIM to the link with the right token, sent only in a header', async () => {
    const seen = serveOrder();
    await open(`/order/${ID}?token=${TOKEN}`);
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#NXR-20261123-163000');
    expect(screen.getByText('Power User')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'eSIM QR code of order #NXR-20261123-163000' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('eSIM code (LPA)')).toHaveValue(CODE);
    expect(screen.getByText('Sent to your email.')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.get('x-order-token')).toBe(TOKEN);
    expect(document.title).toBe('Your eSIM order - eSIM Myanmar');
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
  });

  it('opens in the language the link carries, and keeps it (issue #24)', async () => {
    serveOrder();
    await open(`/order/${ID}?token=${TOKEN}&lang=my`, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'သင့်အော်ဒါ' })).toBeInTheDocument();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#NXR-20261123-163000');
    expect(localStorage.getItem('esim-shop.language')).toBe('my');
    // The link on the page keeps the language too.
    expect(screen.getByRole('link', { name: /#NXR-20261123-163000/ }).getAttribute('href')).toMatch(
      /&lang=my$/,
    );
  });

  it('explains a link without a token, and asks the server nothing', async () => {
    const seen = serveOrder();
    await open(`/order/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/This link is incomplete/);
    expect(seen).toHaveLength(0);
  });

  it('says a wrong token finds no order, without a retry that cannot help', async () => {
    serveOrder();
    await open(`/order/${ID}?token=wrong`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not find this order/);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says when the server cannot be reached, and tries again on request', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/api/orders/:id`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ order: paidOrder(assigned) });
      }),
    );
    const user = userEvent.setup();
    await open(`/order/${ID}?token=${TOKEN}`, 'my');
    expect(await screen.findByRole('alert')).toHaveTextContent(/ဆာဗာကို ယခု ဆက်သွယ်၍ မရပါ/);
    await user.click(screen.getByRole('button', { name: 'ထပ်ကြိုးစားရန်' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#NXR-20261123-163000');
    expect(screen.getByRole('heading', { level: 1, name: 'သင့်အော်ဒါ' })).toBeInTheDocument();
    // The plan by its Burmese name (decision 133).
    expect(screen.getByText('ဒေတာ အသုံးများသူ')).toBeInTheDocument();
    expect(screen.queryByText('Power User')).toBeNull();
  });

  it('shows the honest waiting state of a paid order without stock', async () => {
    server.use(
      http.get(`${API}/api/orders/:id`, () =>
        HttpResponse.json({
          order: paidOrder({
            state: 'waiting_for_stock',
            esim: null,
            promisedBy: Date.UTC(2026, 10, 23, 18, 30),
            email: { state: 'not_applicable', attempts: 0 },
          }),
        }),
      ),
    );
    await open(`/order/${ID}?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Paid: your eSIM will be ready soon' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks again while the eSIM waits for stock, and shows it once staff imported some', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get(`${API}/api/orders/:id`, () => {
        calls += 1;
        return HttpResponse.json({
          order: paidOrder(
            calls === 1
              ? {
                  state: 'waiting_for_stock',
                  esim: null,
                  promisedBy: Date.now() + 3_600_000,
                  email: { state: 'not_applicable', attempts: 0 },
                }
              : assigned,
          ),
        });
      }),
    );
    try {
      await open(`/order/${ID}?token=${TOKEN}`);
      expect(
        await screen.findByRole('heading', { name: 'Paid: your eSIM will be ready soon' }),
      ).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(WAITING_REFRESH_MS);
      expect(
        await screen.findByRole('img', { name: 'eSIM QR code of order #NXR-20261123-163000' }),
      ).toBeInTheDocument();
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a held order was paid and waits for the bank, then delivers itself (issue #23)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const held = {
      state: 'held',
      esim: null,
      promisedBy: Date.parse('2026-11-23T12:00:00Z'),
      reason: 'awaiting_bank_confirmation',
      email: { state: 'not_applicable', attempts: 0 },
    };
    server.use(
      http.get(`${API}/api/orders/:id`, () => {
        calls += 1;
        return HttpResponse.json({ order: paidOrder(calls === 1 ? held : assigned) });
      }),
    );
    try {
      await open(`/order/${ID}?token=${TOKEN}`);
      expect(
        await screen.findByRole('heading', {
          name: 'Receipt checked - your eSIM follows when the bank confirms the payment',
        }),
      ).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(/usually by .*2026/);
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(HELD_REFRESH_MS);
      expect(
        await screen.findByRole('img', { name: 'eSIM QR code of order #NXR-20261123-163000' }),
      ).toBeInTheDocument();
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a held order in Burmese', async () => {
    server.use(
      http.get(`${API}/api/orders/:id`, () =>
        HttpResponse.json({
          order: paidOrder({
            state: 'held',
            esim: null,
            promisedBy: null,
            reason: 'awaiting_bank_confirmation',
            email: { state: 'not_applicable', attempts: 0 },
          }),
        }),
      ),
    );
    await open(`/order/${ID}?token=${TOKEN}`, 'my');
    expect(
      await screen.findByRole('heading', {
        name: 'ပြေစာကို စစ်ဆေးပြီးပါပြီ - ဘဏ်က ငွေဝင်ကြောင်း အတည်ပြုသည်နှင့် သင့် eSIM ကို ထုတ်ပေးပါမည်',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ထပ်မံ မပေးချေပါနှင့်');
  });

  it('shows "preparing" while the SM-DP+ is asked, then the eSIM, then "Installed on your phone"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const installedAt = Date.parse('2026-11-23T10:05:00Z');
    const answers = [
      { state: 'provisioning', esim: null, promisedBy: null, email: assigned.email },
      { ...assigned, esim: { ...assigned.esim, installState: 'released', installStateAt: 1 } },
      {
        ...assigned,
        esim: { ...assigned.esim, installState: 'installed', installStateAt: installedAt },
      },
    ];
    let calls = 0;
    server.use(
      http.get(`${API}/api/orders/:id`, () => {
        calls += 1;
        return HttpResponse.json({ order: paidOrder(answers[Math.min(calls, 3) - 1]!) });
      }),
    );
    try {
      await open(`/order/${ID}?token=${TOKEN}`);
      expect(
        await screen.findByRole('heading', { name: 'Paid - preparing your eSIM' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/getting your eSIM from the network operator/)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(PROGRESS_REFRESH_MS);
      expect(
        await screen.findByRole('img', { name: 'eSIM QR code of order #NXR-20261123-163000' }),
      ).toBeInTheDocument();
      expect(screen.queryByText(/Installed on your phone/)).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(PROGRESS_REFRESH_MS);
      expect(await screen.findByText(/Installed on your phone/)).toBeInTheDocument();
      expect(calls).toBe(3);
      // Installed: the page stops asking.
      await vi.advanceTimersByTimeAsync(PROGRESS_REFRESH_MS * 3);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['en', 'failed', /The download to your phone failed .*scan the QR code again/],
    ['en', 'deleted', /deleted from your phone .*cannot be installed again/],
    ['my', 'installed', /သင့်ဖုန်းတွင် ထည့်သွင်းပြီးပါပြီ/],
    ['my', 'failed', /ဒေါင်းလုဒ်လုပ်ခြင်း မအောင်မြင်ပါ/],
  ] as const)('tells the buyer (%s) when the install %s', async (language, installState, text) => {
    server.use(
      http.get(`${API}/api/orders/:id`, () =>
        HttpResponse.json({
          order: paidOrder({
            ...assigned,
            esim: { ...assigned.esim, installState, installStateAt: Date.now() - 60_000 },
          }),
        }),
      ),
    );
    await open(`/order/${ID}?token=${TOKEN}`, language);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says an unpaid order expired rather than waiting for a payment', async () => {
    server.use(
      http.get(`${API}/api/orders/:id`, () =>
        HttpResponse.json({
          order: {
            ...paidOrder({
              state: 'none',
              esim: null,
              promisedBy: null,
              email: { state: 'not_applicable', attempts: 0 },
            }),
            status: 'expired',
            transactionId: null,
            paidAt: null,
          },
        }),
      ),
    );
    await open(`/order/${ID}?token=${TOKEN}`);
    expect(await screen.findByText(/has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Waiting for payment' })).not.toBeInTheDocument();
  });

  it('explains that order pages need the shop server in the static shop', async () => {
    await open(`/order/${ID}?token=${TOKEN}`, 'en', apiServices(undefined));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/Order pages need the shop's server/),
    );
  });
});
