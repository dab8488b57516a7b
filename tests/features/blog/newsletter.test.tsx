import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from '../../../src/features/blog/components/newsletter-form';
import { isValidEmail } from '#domain/email';
import { server } from '../../support/msw-server';
import { renderWithProviders } from '../../support/render';

const ENDPOINT = 'https://newsletter.example.com/subscribe';

const render = (endpoint: string | undefined, language: 'en' | 'my' = 'en') =>
  renderWithProviders(<NewsletterForm endpoint={endpoint} />, { language, namespaces: ['blog'] });

describe('isValidEmail', () => {
  it.each([
    ['traveller@example.com', true],
    ['  a.b@mail.co.uk ', true],
    ['no-at-sign.example.com', false],
    ['two@@example.com', false],
    ['a@b@example.com', false],
    ['space in@example.com', false],
    ['nodot@example', false],
    ['trailing@example.', false],
    ['', false],
  ])('%s -> %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });
});

describe('the Stay Updated box', () => {
  it('rejects an invalid address and posts nothing', async () => {
    const user = userEvent.setup();
    await render(ENDPOINT);
    expect(screen.getByRole('heading', { name: 'Stay Updated' })).toBeInTheDocument();
    const input = screen.getByLabelText('Email address');
    await user.type(input, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(input).toHaveFocus();
  });

  it('says plainly that subscriptions are not open when no endpoint is configured', async () => {
    const user = userEvent.setup();
    await render(undefined);
    await user.type(screen.getByLabelText('Email address'), 'traveller@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Email subscriptions are not open yet, so your address has not been saved.',
    );
  });

  it('says it in Burmese too', async () => {
    const user = userEvent.setup();
    await render(undefined, 'my');
    await user.type(screen.getByLabelText('အီးမေးလ်လိပ်စာ'), 'traveller@example.com');
    await user.click(screen.getByRole('button', { name: 'စာရင်းသွင်းရန်' }));
    expect(screen.getByRole('status')).toHaveTextContent(/မဖွင့်ရသေး/);
  });

  it('posts the address to the configured endpoint', async () => {
    const user = userEvent.setup();
    const received: unknown[] = [];
    server.use(
      http.post(ENDPOINT, async ({ request }) => {
        received.push({ type: request.headers.get('content-type'), body: await request.json() });
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    await render(ENDPOINT);
    const input = screen.getByLabelText('Email address');
    await user.type(input, ' traveller@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Thank you! Your subscription has been received.'),
    ).toBeInTheDocument();
    expect(received).toEqual([
      { type: 'application/json', body: { email: 'traveller@example.com', language: 'en' } },
    ]);
    expect(input).toHaveValue('');
  });

  it('reports a failed subscription', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    server.use(http.post(ENDPOINT, () => new HttpResponse(null, { status: 500 })));
    await render(ENDPOINT);
    await user.type(screen.getByLabelText('Email address'), 'traveller@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('We could not subscribe you right now. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(info).toHaveBeenCalledWith('Newsletter subscription failed', expect.any(Error));
  });
});
