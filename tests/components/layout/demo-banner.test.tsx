import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoBanner } from '../../../src/components/layout/demo-banner';
import { serverCheckout } from '../../../src/features/purchase/lib/server-checkout';
import { noteServerAiMode } from '../../../src/lib/server-ai-mode';
import { noteTestPayments } from '../../../src/lib/test-payments';
import { server } from '../../support/msw-server';
import { renderWithProviders } from '../../support/render';
import { shopOrder } from '../../support/shop-order';

const API = 'http://api.test';
const answerWith = (mode: string) => ({ headers: new Headers({ 'X-AI-Mode': mode }) });

/**
 * Issue #23 item 6: in server mode (these tests' build reads receipts with Gemini) the banner
 * shows once an answer of the shop's API says that it runs its demo script.
 */
describe('the demo banner in server mode', () => {
  afterEach(() => {
    act(() => noteServerAiMode(answerWith('gemini')));
  });

  it('stays hidden while the server reads receipts with Gemini', async () => {
    await renderWithProviders(<DemoBanner />);
    act(() => noteServerAiMode(answerWith('gemini')));
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });

  it('shows from the first answer that says demo, and is kept for the tab', async () => {
    await renderWithProviders(<DemoBanner />);
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    act(() => noteServerAiMode(answerWith('demo')));
    expect(screen.getByRole('complementary', { name: 'Demo mode' })).toHaveTextContent(
      'AI answers are simulated and no payment is checked.',
    );
    expect(sessionStorage.getItem('esim-shop.server-ai-mode')).toBe('demo');
  });

  it('learns it from the checkout’s own order answer (no extra request)', async () => {
    server.use(
      http.post(`${API}/api/orders`, () =>
        HttpResponse.json(
          { order: shopOrder(), token: 'order-token-1' },
          { status: 201, headers: { 'X-AI-Mode': 'demo' } },
        ),
      ),
    );
    await renderWithProviders(<DemoBanner />, { language: 'my' });
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    await act(() =>
      serverCheckout(API).createOrder(
        { planId: 'power-30', operatorId: 'mpt', contact: 'buyer@example.com' },
        'my',
        'b1c7f1d2-5a3e-4c8b-9d0f-1e2a3b4c5d6e',
        new AbortController().signal,
      ),
    );
    expect(await screen.findByTestId('demo-banner')).toHaveTextContent('စမ်းသပ်မုဒ်');
  });
});

/**
 * Decision 130: a server whose card and KBZPay payments go to the test fakes (scripts/start.sh
 * without provider keys) says so in /api/availability; the banner then names the test pages.
 */
describe('the demo banner with the test payment fakes', () => {
  afterEach(() => {
    act(() => {
      noteServerAiMode(answerWith('gemini'));
      noteTestPayments(false);
    });
  });
  const availability = (testPayments: boolean) =>
    server.use(
      http.get(`${API}/api/availability`, () =>
        HttpResponse.json({ items: [], promiseMinutes: 120, emailDelivery: false, testPayments }),
      ),
    );
  const readAvailability = () =>
    act(async () => {
      await serverCheckout(API).availability(new AbortController().signal);
    });

  it('names the test pages of 2C2P and KBZPay once the server says so, with the demo script', async () => {
    availability(true);
    await renderWithProviders(<DemoBanner />);
    act(() => noteServerAiMode(answerWith('demo')));
    expect(screen.getByTestId('demo-banner')).toHaveTextContent('no payment is checked');
    await readAvailability();
    const banner = screen.getByRole('complementary', { name: 'Demo mode' });
    // The card and KBZPay payments are checked (by the fakes): the banner no longer says "no payment".
    expect(banner).not.toHaveTextContent('no payment is checked');
    expect(banner).toHaveTextContent('Demo mode:');
    expect(banner).toHaveTextContent('a test page of 2C2P');
    expect(banner).toHaveTextContent('KBZPay shows a test QR code');
    expect(banner).toHaveTextContent('each eSIM is a sample');
    expect(sessionStorage.getItem('esim-shop.test-payments')).toBe('test');
  });

  it('shows for test payments alone (a Gemini key set), in Burmese, without promising samples', async () => {
    availability(true);
    await renderWithProviders(<DemoBanner />, { language: 'my' });
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    await readAvailability();
    const banner = screen.getByTestId('demo-banner');
    expect(banner).toHaveTextContent('စမ်းသပ် ငွေပေးချေမှု -');
    expect(banner).toHaveTextContent('2C2P ၏ စမ်းသပ်စာမျက်နှာ');
    expect(banner).not.toHaveTextContent('နမူနာ eSIM');
  });

  it('stays hidden for a server with real providers', async () => {
    availability(false);
    await renderWithProviders(<DemoBanner />);
    await readAvailability();
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });
});
