import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { DemoBanner } from '../../../src/components/layout/demo-banner';
import { serverCheckout } from '../../../src/features/purchase/lib/server-checkout';
import { noteServerAiMode } from '../../../src/lib/server-ai-mode';
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
