import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DemoBanner } from '../../src/components/layout/demo-banner';
import { DemoNote } from '../../src/features/media/components/demo-note';
import { ContactPage } from '../../src/pages/contact-page';
import { testAi } from '../support/ai';
import { GEMINI, server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

/**
 * Decision 095: the features take the AI from the services of their render, not from a module's
 * settings, so two renders in one file can talk to two differently set up AI services.
 */
describe('the AI through the services', () => {
  it('shows the demo notices only where the services run the AI in demo mode', async () => {
    const ui = (
      <>
        <DemoBanner />
        <DemoNote />
      </>
    );
    await renderWithProviders(ui, { namespaces: ['media'], services: { ai: testAi() } });
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    expect(screen.queryByText(/drawn in your browser/)).toBeNull();
    cleanup();
    await renderWithProviders(ui, {
      namespaces: ['media'],
      services: { ai: testAi({ mode: 'demo' }) },
    });
    expect(screen.getByRole('complementary', { name: 'Demo mode' })).toBeInTheDocument();
    expect(screen.getByText(/drawn in your browser/)).toBeInTheDocument();
  });

  it("calls the AI service with each render's own key and model", async () => {
    const seen: string[] = [];
    server.use(
      http.post(`${GEMINI}/*`, ({ request }) => {
        seen.push(`${request.headers.get('x-goog-api-key')} ${new URL(request.url).pathname}`);
        return HttpResponse.json({ candidates: [] });
      }),
    );
    for (const [apiKey, model] of [
      ['key-one', 'model-one'],
      ['key-two', 'model-two'],
    ] as const) {
      const models = { ...testAi().models, support: model };
      await renderWithProviders(<ContactPage />, {
        namespaces: ['support'],
        services: { ai: testAi({ apiKey, models }) },
      });
      const user = userEvent.setup();
      await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), 'No QR code');
      await user.click(screen.getByRole('button', { name: 'Analyse' }));
      await screen.findByRole('alert');
      cleanup();
    }
    expect(seen).toEqual([
      'key-one /v1beta/models/model-one:generateContent',
      'key-two /v1beta/models/model-two:generateContent',
    ]);
  });
});
