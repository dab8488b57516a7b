import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { StatusBoard } from '../../../../src/features/status/components/status-board';
import { remoteStatusSource } from '../../../../src/features/status/lib/remote-status';
import { server } from '../../../support/msw-server';
import { renderWithProviders } from '../../../support/render';

const STATUS_URL = 'https://status.esim-myanmar.example/v1/status';
const source = remoteStatusSource(STATUS_URL);

const response = (overallStatus: string) => ({
  overallStatus,
  lastChecked: '2025-03-01T08:30:00.000Z',
  services: [
    { id: 'storefront', name: 'Website', status: 'operational', message: '', latency: 90 },
    {
      id: 'verification',
      name: 'AI verification',
      status: overallStatus.toLowerCase() === 'outage' ? 'outage' : 'degraded',
      message: 'Verification takes about 3 minutes right now.',
      latency: 2400,
    },
    { id: 'sms-gateway', name: 'Viber gateway', status: 'operational', message: '', latency: null },
  ],
});

describe('StatusBoard', () => {
  it('shows loading, then every simulated service as operational (default source)', async () => {
    await renderWithProviders(<StatusBoard />, { namespaces: ['status'] });
    expect(screen.getByRole('status')).toHaveTextContent('Checking our systems…');

    const banner = await screen.findByRole('heading', { name: 'All Systems Operational' });
    expect(banner.closest('[data-state]')).toHaveClass('status-banner--operational');
    const services = screen.getAllByRole('listitem');
    expect(services.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Website and ordering',
      'MMQR payment codes',
      'AI payment verification',
      'eSIM QR code delivery',
    ]);
    for (const item of services) {
      expect(item).toHaveTextContent('Operational');
      expect(item).toHaveTextContent('120 ms');
      expect(item).toHaveTextContent('99.9%');
    }
    expect(screen.getByText('Last updated:')).toBeInTheDocument();
    expect(screen.getByText('This page checks again every 5 seconds.')).toBeInTheDocument();
  });

  it('speaks Burmese, with Myanmar digits', async () => {
    await renderWithProviders(<StatusBoard />, { namespaces: ['status'], language: 'my' });
    expect(
      await screen.findByRole('heading', { name: 'စနစ်အားလုံး ပုံမှန်အလုပ်လုပ်နေပါသည်' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByText('၁၂၀ မီလီစက္ကန့်')).toHaveLength(4);
    expect(screen.getAllByText('၉၉.၉%')).toHaveLength(4);
  });

  it.each([
    ['degraded', 'Some Systems Degraded', 'status-banner--degraded', 'Degraded'],
    ['OUTAGE', 'System Outage', 'status-banner--outage', 'Outage'],
  ])(
    'shows a %s answer from VITE_STATUS_URL in its colour',
    async (overall, text, bannerClass, state) => {
      server.use(http.get(STATUS_URL, () => HttpResponse.json(response(overall))));
      await renderWithProviders(<StatusBoard source={source} />, { namespaces: ['status'] });
      const banner = await screen.findByRole('heading', { name: text });
      expect(banner.closest('[data-state]')).toHaveClass(bannerClass);

      const verification = screen
        .getByRole('heading', { name: 'AI payment verification' })
        .closest('li');
      expect(verification).toHaveAttribute('data-state', overall.toLowerCase());
      expect(verification).toHaveTextContent(state);
      expect(verification).toHaveTextContent('Verification takes about 3 minutes right now.');
      expect(verification).toHaveTextContent('2,400 ms');

      // An id the shop does not know keeps the name the status service sent.
      const gateway = screen.getByRole('heading', { name: 'Viber gateway' }).closest('li');
      expect(gateway).toHaveTextContent('Working normally.');
      expect(gateway).not.toHaveTextContent('Response time');
    },
  );

  it.each([
    {
      language: 'en' as const,
      names: ['Order database', 'AI payment verification', 'Order notifications'],
      messages: [
        'Orders are being saved normally.',
        'The last AI check failed or is out of date. If checking your receipt fails, please try again in a moment.',
        'Order notifications are being sent normally.',
      ],
    },
    {
      language: 'my' as const,
      names: ['အော်ဒါ ဒေတာဘေ့စ်', 'AI ငွေပေးချေမှု စစ်ဆေးခြင်း', 'အော်ဒါ အကြောင်းကြားစာများ'],
      messages: [
        'အော်ဒါများကို ပုံမှန်အတိုင်း သိမ်းဆည်းနေပါသည်။',
        'နောက်ဆုံး AI စစ်ဆေးမှု မအောင်မြင်ခဲ့ပါ သို့မဟုတ် ၎င်း၏ ရလဒ် ဟောင်းနေပါပြီ။ သင့်ပြေစာ စစ်ဆေးခြင်း မအောင်မြင်ပါက ခဏနေမှ ထပ်ကြိုးစားပါ။',
        'အော်ဒါ အကြောင်းကြားစာများကို ပုံမှန်အတိုင်း ပို့နေပါသည်။',
      ],
    },
  ])(
    'names and describes the shop server’s services in its own words ($language)',
    async ({ language, names, messages }) => {
      // What GET /status of npm run server answers: English names and messages for operators.
      server.use(
        http.get(STATUS_URL, () =>
          HttpResponse.json({
            overallStatus: 'DEGRADED',
            lastChecked: '2025-03-01T08:30:00.000Z',
            services: [
              {
                id: 'database',
                name: 'Order database',
                status: 'OPERATIONAL',
                message: 'Orders are being saved normally.',
                latency: 2,
              },
              {
                id: 'ai',
                name: 'AI payment verification',
                status: 'DEGRADED',
                message: 'The last AI call (receipt, 3 minutes ago) failed: HTTP 429',
                latency: 900,
              },
              {
                id: 'outbox',
                name: 'Order notifications',
                status: 'OPERATIONAL',
                message: 'No notification is waiting.',
                latency: 1,
              },
            ],
          }),
        ),
      );
      await renderWithProviders(<StatusBoard source={source} />, {
        namespaces: ['status'],
        language,
      });
      await screen.findByRole('list');
      const services = screen.getAllByRole('listitem');
      expect(services.map((item) => within(item).getByRole('heading').textContent)).toEqual(names);
      services.forEach((item, index) =>
        expect(within(item).getByText(messages[index]!)).toBeInTheDocument(),
      );
      expect(document.body).not.toHaveTextContent('HTTP 429');
    },
  );

  it('says Failed to load status with the catalogue message, and recovers on Try again', async () => {
    server.use(http.get(STATUS_URL, () => new HttpResponse(null, { status: 500 })));
    await renderWithProviders(<StatusBoard source={source} />, { namespaces: ['status'] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load status');
    expect(alert).toHaveTextContent('Could not load system status. Please try again later.');
    expect(screen.queryByRole('list')).toBeNull();

    server.use(http.get(STATUS_URL, () => HttpResponse.json(response('operational'))));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'All Systems Operational' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats an answer of the wrong shape as a failure', async () => {
    server.use(http.get(STATUS_URL, () => HttpResponse.json({ ok: true })));
    await renderWithProviders(<StatusBoard source={source} />, { namespaces: ['status'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load status');
  });

  it('shows the shop’s server in demo mode as a demo, never as operational AI (issue #23)', async () => {
    server.use(
      http.get(STATUS_URL, () =>
        HttpResponse.json({
          overallStatus: 'OPERATIONAL',
          aiMode: 'demo',
          lastChecked: '2025-03-01T08:30:00.000Z',
          services: [
            {
              id: 'ai',
              name: 'AI payment verification: demo',
              status: 'OPERATIONAL',
              message: 'Demo mode',
              latency: null,
            },
          ],
        }),
      ),
    );
    await renderWithProviders(<StatusBoard source={source} />, { namespaces: ['status'] });
    const ai = (
      await screen.findByRole('heading', { name: 'AI payment verification: demo' })
    ).closest('li');
    expect(ai).toHaveTextContent('Demo');
    expect(ai).not.toHaveTextContent('Operational');
    expect(ai).toHaveTextContent('a demo script accepts them');
  });

  it.each([
    ['en' as const, 'AI features today', '3 of 5 requests left', 'Used up for today.'],
    ['my' as const, 'ယနေ့ AI ဝန်ဆောင်မှုများ', '၅ ကြိမ်အနက် ၃ ကြိမ် ကျန်ပါသည်', 'ယနေ့အတွက် ကုန်သွားပါပြီ။'],
  ])('shows what is left of each AI feature today (%s)', async (language, heading, left, spent) => {
    server.use(
      http.get(STATUS_URL, () =>
        HttpResponse.json({
          ...response('OPERATIONAL'),
          aiBudgets: [
            { feature: 'compatibility', requestsLeft: 3, requests: 5 },
            { feature: 'video', requestsLeft: 0, requests: 20 },
          ],
        }),
      ),
    );
    await renderWithProviders(<StatusBoard source={source} />, {
      namespaces: ['status'],
      language,
    });
    const section = (await screen.findByRole('heading', { name: heading })).closest('section')!;
    const rows = within(section).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(left);
    expect(rows[1]).toHaveTextContent(spent);
  });
});
