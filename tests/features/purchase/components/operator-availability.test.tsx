import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServices } from '../../../../src/lib/services';
import { BuyPage } from '../../../../src/pages/buy-page';
import { server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';

const API = 'http://api.test';
const renderPage = (language: 'en' | 'my' = 'en', services = apiServices(API)) =>
  renderWithProviders(<BuyPage />, {
    language,
    namespaces: ['purchase'],
    route: '/buy-esim',
    services,
  });

/** Stock for MPT only (issue #24). */
function serveAvailability() {
  let asked = 0;
  server.use(
    http.get(`${API}/api/availability`, () => {
      asked += 1;
      return HttpResponse.json({
        items: ['mpt', 'atom', 'ooredoo', 'mytel'].map((operatorId) => ({
          planId: 'power-30',
          operatorId,
          ready: operatorId === 'mpt',
        })),
        promiseMinutes: 120,
        emailDelivery: true,
      });
    }),
  );
  return () => asked;
}

describe('the operator step with the server’s stock (issue #24)', () => {
  describe('in server mode', () => {
    it('says which operator has an eSIM ready now, and the promised time of the others', async () => {
      serveAvailability();
      const user = userEvent.setup();
      await renderPage();
      await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
      expect(await screen.findByTestId('stock-mpt')).toHaveTextContent(/eSIM ready now/);
      expect(screen.getByTestId('stock-mytel')).toHaveTextContent(
        'No eSIM in stock right now: our staff release yours within 2 hours of payment.',
      );
      // Heard with the operator's button.
      expect(screen.getByRole('button', { name: 'Mytel' })).toHaveAccessibleDescription(
        /No eSIM in stock right now/,
      );
      // Chosen anyway: the contact step says it again before the order is made.
      await user.click(screen.getByRole('button', { name: 'Mytel' }));
      expect(await screen.findByTestId('stock-notice')).toHaveTextContent(
        /Mytel has no eSIM in stock right now\. If you pay now, our staff put your eSIM on the order page within 2 hours/,
      );
    });

    it('says nothing more for an operator with stock', async () => {
      serveAvailability();
      const user = userEvent.setup();
      await renderPage();
      await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
      await screen.findByTestId('stock-mpt');
      await user.click(screen.getByRole('button', { name: 'MPT' }));
      expect(await screen.findByLabelText('Email or Viber phone number')).toBeInTheDocument();
      expect(screen.queryByTestId('stock-notice')).not.toBeInTheDocument();
    });

    it('says it in Burmese, with Myanmar digits', async () => {
      serveAvailability();
      const user = userEvent.setup();
      await renderPage('my');
      await user.click(screen.getByRole('button', { name: 'ဒေတာ အသုံးများသူ အစီအစဉ် ဝယ်မည်' }));
      expect(await screen.findByTestId('stock-mytel')).toHaveTextContent(/၂ နာရီ အတွင်း/);
    });
  });

  it('the static shop asks no server and shows the operators as before', async () => {
    const asked = serveAvailability();
    const user = userEvent.setup();
    await renderPage('en', apiServices(undefined));
    await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
    expect(await screen.findByRole('button', { name: 'Mytel' })).toBeInTheDocument();
    expect(screen.queryByTestId('stock-mytel')).not.toBeInTheDocument();
    expect(asked()).toBe(0);
  });
});
