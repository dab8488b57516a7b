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
});
