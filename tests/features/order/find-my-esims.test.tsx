import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FindMyEsims } from '../../../src/features/order/components/find-my-esims';
import { HelpCenterPage } from '../../../src/pages/help-center-page';
import { apiServices } from '../../../src/lib/services';
import { server } from '../../support/msw-server';
import { renderWithProviders } from '../../support/render';

const API = 'http://api.test';
const open = (language: 'en' | 'my' = 'en', services = apiServices(API)) =>
  renderWithProviders(<FindMyEsims />, { language, namespaces: ['delivery'], services });

/** Find my eSIMs (issue #24): the form, its one confirmation, its problems. */
describe('Find my eSIMs', () => {
  it('takes focus on the help center when the menu item opens it, and not otherwise', async () => {
    // Issue #44: "Find my eSIMs" in the menu brings this box into view (its heading focused,
    // no keyboard over it); the help center opened from its own menu item starts at the top.
    const heading = { name: 'Find my eSIMs', level: 2 } as const;
    const page = (route: string) =>
      renderWithProviders(<HelpCenterPage />, {
        route,
        namespaces: ['delivery', 'faq'],
        services: apiServices(API),
      });
    const { unmount } = await page('/help-center?find');
    expect(await screen.findByRole('heading', heading)).toHaveFocus();
    unmount();
    await page('/help-center');
    expect(await screen.findByRole('heading', heading)).not.toHaveFocus();
  });

  it('asks the server for the links in the buyer’s language and says the one same thing', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/orders/lookup`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ queued: true }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    await open('my');
    await user.type(screen.getByLabelText('သင့်အီးမေးလ်လိပ်စာ'), ' buyer@example.com ');
    await user.click(screen.getByRole('button', { name: 'အော်ဒါလင့်ခ်များကို အီးမေးလ်ဖြင့် ပို့ရန်' }));
    expect(await screen.findByTestId('lookup-sent')).toHaveTextContent(
      'buyer@example.com အတွက် ငွေပေးချေပြီးသော အော်ဒါများ ရှိပါက',
    );
    expect(bodies).toEqual([{ email: 'buyer@example.com', language: 'my' }]);
  });

  it('checks the address first, and tells a limit and a shop without email', async () => {
    let answer = () =>
      HttpResponse.json({ error: { code: 'rate_limited', message: 'x' } }, { status: 429 });
    server.use(http.post(`${API}/api/orders/lookup`, () => answer()));
    const user = userEvent.setup();
    await open();
    const field = screen.getByLabelText('Your email address');
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Email me my order links' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me my order links' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests for now');
    answer = () =>
      HttpResponse.json({ error: { code: 'email_unavailable', message: 'x' } }, { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Email me my order links' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot send email right now');
  });

  // Issue #44: a Viber buyer typing their number is told the truth, and nothing is asked.
  it('answers a Viber number honestly: nothing is sent to Viber, the kept link is the copy', async () => {
    let asked = 0;
    server.use(
      http.post(`${API}/api/orders/lookup`, () => {
        asked += 1;
        return HttpResponse.json({ queued: true }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByLabelText('Your email address'), '09 765 432 109');
    await user.click(screen.getByRole('button', { name: 'Email me my order links' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/sends nothing to a Viber number/);
    expect(alert).toHaveTextContent(/Keep the link to your eSIM/);
    expect(alert).not.toHaveTextContent(/valid email address/);
    expect(screen.getByRole('link', { name: 'Write to us on Viber' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^viber:\/\/chat\?number=/),
    );
    expect(asked).toBe(0);
  });

  it('is not offered by the static shop', async () => {
    await open('en', apiServices(undefined));
    expect(screen.queryByRole('heading', { name: 'Find my eSIMs' })).not.toBeInTheDocument();
  });
});
