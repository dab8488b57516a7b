import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BuyPage } from '../../../../src/pages/buy-page';
import { GEMINI, server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';
import { geminiJson } from '../lib/gemini-answers';
import { screenshot } from './seed';

const renderPage = (language: 'en' | 'my' = 'en') =>
  renderWithProviders(<BuyPage />, { language, namespaces: ['purchase'], route: '/buy-esim' });

describe('the purchase flow', () => {
  it('goes from plan to a confirmed order, and the result survives a reload', async () => {
    // What the model reads from the screenshot: a successful payment of 80,000 MMK just now.
    server.use(
      http.post(`${GEMINI}/*`, () =>
        geminiJson({
          isPaymentConfirmed: true,
          reason: 'The payment succeeded.',
          transactionId: '01003456789012',
          amount: 80_000,
          currency: 'MMK',
          transactionTime: new Date(Date.now() - 60_000).toISOString(),
          status: 'Successful',
        }),
      ),
    );
    const user = userEvent.setup();
    const { unmount } = await renderPage();

    // Step 1: plans; unavailable ones cannot be chosen.
    expect(screen.getByRole('heading', { level: 1, name: 'Buy your eSIM' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5: Plan')).toBeInTheDocument();
    const stepper = screen.getByRole('navigation', { name: 'Purchase steps' });
    expect(
      within(stepper)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Plan', '2Operator', '3Contact', '4Payment', '5Complete']);
    const power = screen.getByRole('article', { name: 'Power User' });
    expect(within(power).getByText('Most popular')).toBeInTheDocument();
    expect(within(power).getByText('Recommended for tourists')).toBeInTheDocument();
    expect(within(power).getByText('80,000 MMK')).toBeInTheDocument();
    expect(within(power).getByText('15 GB data for 30 days')).toBeInTheDocument();
    for (const name of ['Tourist Pack', 'Business Pro']) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByText('Coming soon')).toBeInTheDocument();
      expect(within(card).queryByRole('button')).toBeNull();
    }
    expect(
      within(screen.getByRole('article', { name: 'Tourist Pack' })).getByText('35,000 MMK'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy Power User' }));

    // Step 2: the heading receives focus on arrival.
    expect(screen.getByRole('heading', { name: 'Choose your network' })).toHaveFocus();
    expect(screen.getByText('Step 2 of 5: Operator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ooredoo' })).toHaveAccessibleDescription(
      'Strong in Yangon, Mandalay and the other large cities. GSMA code: MCC 414 · MNC 05 · Networks: 4G, 3G',
    );
    await user.click(screen.getByRole('button', { name: 'MPT' }));

    // Step 3: the field has focus; the value is checked on leaving the field, not while typing.
    const field = screen.getByLabelText('Email or Viber phone number');
    expect(field).toHaveFocus();
    const next = screen.getByRole('button', { name: 'Continue to payment' });
    await user.type(field, 'hello');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(
      screen.getByText('Please enter a valid email or Viber phone number (e.g., 09...).'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(next);
    expect(screen.getByRole('heading', { name: 'Where should we send your eSIM?' })).toBeVisible();
    await user.clear(field);
    await user.type(field, '+95 9 123 456 789');
    expect(screen.getByText('We will send it to 09123456789.')).toBeInTheDocument();
    expect(next).toBeEnabled();
    const before = Date.now();
    await user.click(next);

    // Step 4: order number, price, countdown, QR.
    expect(screen.getByRole('heading', { name: 'Pay by MMQR' })).toHaveFocus();
    const orderNumber = screen.getByTestId('order-number').textContent ?? '';
    expect(orderNumber).toMatch(/^#NXR-\d{8}-\d{6}$/);
    const digits = orderNumber.replace(/\D/g, '');
    const made = new Date(before);
    expect(Number(digits.slice(0, 8))).toBe(
      made.getFullYear() * 10_000 + (made.getMonth() + 1) * 100 + made.getDate(),
    );
    expect(screen.getByTestId('amount-due')).toHaveTextContent('80,000 MMK');
    expect(screen.getByRole('timer', { name: 'Time left to pay' })).toHaveTextContent(
      /^(10:00|09:5\d)$/,
    );
    expect(
      await screen.findByRole('img', {
        name: `MMQR payment code for order ${orderNumber}, 80,000 MMK`,
      }),
    ).toHaveAttribute('width', '200');
    expect(screen.getByRole('button', { name: 'Save QR' })).toBeEnabled();
    expect(screen.getByText('10 minutes left to pay.')).toBeInTheDocument();

    const upload = screen.getByRole('button', { name: 'Upload and verify' });
    expect(upload).toBeDisabled();
    await user.upload(screen.getByLabelText('Choose screenshot'), screenshot());
    expect(await screen.findByText(/Ready to send: receipt\.png/)).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Preview of your payment screenshot' }),
    ).toBeInTheDocument();
    await user.click(upload);

    // Verifying, then step 5 (the stepper hides).
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' })).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'Purchase steps' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(orderNumber);
    expect(screen.getByText('Your eSIM is being prepared.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Once your order reaches us (send it below), our staff send your eSIM QR code to 09123456789.',
      ),
    ).toBeInTheDocument();
    const help = screen.getByRole('link', { name: 'Get help on Viber' });
    expect(help.getAttribute('href')).toMatch(/^viber:\/\/chat\?number=/);
    expect(decodeURIComponent(help.getAttribute('href') ?? '')).toContain(orderNumber);
    // No webhook is configured in tests: the order can be sent by Viber and by email.
    const email = screen.getByRole('link', { name: 'Send by email' }).getAttribute('href') ?? '';
    expect(email).toMatch(/^mailto:/);
    expect(decodeURIComponent(email)).toContain(`Order: ${orderNumber}`);
    expect(decodeURIComponent(email)).toContain('Amount paid: 80,000 MMK');
    expect(
      decodeURIComponent(
        screen.getByRole('link', { name: 'Send by Viber' }).getAttribute('href') ?? '',
      ),
    ).toContain('Network: MPT');

    unmount();
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Payment confirmed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(orderNumber);

    // Buy another: back to step 1 with everything cleared.
    await user.click(screen.getByRole('button', { name: 'Buy another eSIM' }));
    expect(screen.getByRole('heading', { name: 'Choose your data plan' })).toHaveFocus();
  });

  it('keeps the choices when going back, and the step after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
    await user.click(screen.getByRole('button', { name: 'Mytel' }));
    await user.type(screen.getByLabelText('Email or Viber phone number'), 'me@example.org');
    unmount();

    await renderPage();
    const field = screen.getByLabelText('Email or Viber phone number');
    expect(field).toHaveValue('me@example.org');
    expect(screen.getByText('Mytel')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Choose your network' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Choose your data plan' })).toHaveFocus();
  });

  it('takes at most 254 characters in the contact field', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Buy Power User' }));
    await user.click(screen.getByRole('button', { name: 'MPT' }));
    const field = screen.getByLabelText('Email or Viber phone number');
    await user.click(field);
    await user.paste(`${'a'.repeat(300)}@example.com`);
    expect(field).toHaveValue('a'.repeat(254));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(
      screen.getByText('Please enter a valid email or Viber phone number (e.g., 09...).'),
    ).toBeInTheDocument();
    expect(field).toHaveFocus();
  });

  it('adds a JSON-LD Product with an Offer in MMK for the selected plan', async () => {
    await renderPage();
    await waitFor(() =>
      expect(document.querySelector('script[type="application/ld+json"]')).not.toBeNull(),
    );
    const data = JSON.parse(
      document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    ) as { '@type': string; sku: string; offers: { price: string; priceCurrency: string } };
    expect(data['@type']).toBe('Product');
    expect(data.sku).toBe('power-30');
    expect(data.offers).toMatchObject({ price: '80000.00', priceCurrency: 'MMK' });
  });

  it('speaks Burmese, with Burmese digits in prices', async () => {
    const user = userEvent.setup();
    await renderPage('my');
    expect(screen.getByRole('heading', { level: 1, name: 'သင့် eSIM ကို ဝယ်ယူပါ' })).toBeInTheDocument();
    expect(screen.getByText('အဆင့် ၁ / ၅ - အစီအစဉ်')).toBeInTheDocument();
    // Each plan by its Burmese name (decision 133), no English name left on the cards.
    const power = screen.getByRole('article', { name: 'ဒေတာ အသုံးများသူ' });
    expect(within(power).getByText('၈၀,၀၀၀ ကျပ်')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'ခရီးသွား' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'လုပ်ငန်းသုံး' })).toBeInTheDocument();
    expect(screen.queryByText(/Power User|Tourist Pack|Business Pro/)).toBeNull();
    await user.click(within(power).getByRole('button', { name: 'ဒေတာ အသုံးများသူ အစီအစဉ် ဝယ်မည်' }));
    expect(screen.getByText(/^ဒေတာ အသုံးများသူ · /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'MPT' }));
    await user.type(screen.getByLabelText('အီးမေးလ် သို့မဟုတ် Viber ဖုန်းနံပါတ်'), '၀၉၁၂၃၄၅၆၇၈၉');
    expect(screen.getByText('09123456789 သို့ ပို့ပေးပါမည်။')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ငွေပေးချေရန် ဆက်သွားမည်' }));
    expect(screen.getByRole('timer')).toHaveTextContent(/^(၁၀:၀၀|၀၉:၅[၀-၉])$/);
  });
});
