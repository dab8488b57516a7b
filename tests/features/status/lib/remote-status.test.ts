import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  parseStatusResponse,
  remoteStatusSource,
  StatusLoadError,
} from '../../../../src/features/status/lib/remote-status';
import { server } from '../../../support/msw-server';

const STATUS_URL = 'https://status.esim-myanmar.example/v1/status';

const documented = {
  overallStatus: 'DEGRADED',
  lastChecked: '2025-03-01T08:30:00.000Z',
  services: [
    { id: 'storefront', name: 'Website', status: 'OPERATIONAL', message: 'OK', latency: 95 },
    {
      id: 'verification',
      name: 'AI verification',
      status: 'degraded',
      message: 'Slower than usual',
      latency: 2400,
    },
    { id: 'delivery', name: 'Delivery', status: 'outage', message: '', latency: null },
  ],
};

describe('parseStatusResponse', () => {
  it('reads the documented response, in either letter case', () => {
    const report = parseStatusResponse(documented);
    expect(report.overall).toBe('degraded');
    expect(report.lastChecked.toISOString()).toBe('2025-03-01T08:30:00.000Z');
    expect(report.services).toEqual([
      { id: 'storefront', name: 'Website', status: 'operational', message: 'OK', latencyMs: 95 },
      {
        id: 'verification',
        name: 'AI verification',
        status: 'degraded',
        message: 'Slower than usual',
        latencyMs: 2400,
      },
      {
        id: 'delivery',
        name: 'Delivery',
        status: 'outage',
        message: undefined,
        latencyMs: undefined,
      },
    ]);
  });

  it('accepts lastChecked as epoch milliseconds', () => {
    const report = parseStatusResponse({ ...documented, lastChecked: 1_740_817_800_000 });
    expect(report.lastChecked.toISOString()).toBe('2025-03-01T08:30:00.000Z');
  });

  it.each([
    ['an unknown overall state', { ...documented, overallStatus: 'fine' }],
    ['a date that is not one', { ...documented, lastChecked: 'yesterday-ish' }],
    ['no services list', { overallStatus: 'operational', lastChecked: documented.lastChecked }],
    [
      'a service without an id',
      { ...documented, services: [{ name: 'X', status: 'operational', message: '', latency: 1 }] },
    ],
    [
      'a negative latency',
      {
        ...documented,
        services: [{ id: 'x', name: 'X', status: 'operational', message: '', latency: -5 }],
      },
    ],
    ['no body at all', null],
  ])('rejects %s', (_label, body) => {
    expect(() => parseStatusResponse(body)).toThrow(StatusLoadError);
  });
});

describe('remoteStatusSource', () => {
  const load = () => remoteStatusSource(STATUS_URL)(new AbortController().signal);

  it('GETs the status URL as JSON and validates the answer', async () => {
    let accept: string | null = null;
    server.use(
      http.get(STATUS_URL, ({ request }) => {
        accept = request.headers.get('accept');
        return HttpResponse.json(documented);
      }),
    );
    const report = await load();
    expect(accept).toBe('application/json');
    expect(report.services).toHaveLength(3);
  });

  it.each([
    ['an HTTP error', () => new HttpResponse('busy', { status: 503 })],
    ['a body that is not JSON', () => new HttpResponse('<html>', { status: 200 })],
    ['a body of the wrong shape', () => HttpResponse.json({ status: 'ok' })],
    ['a network failure', () => HttpResponse.error()],
  ])('fails with StatusLoadError on %s', async (_label, answer) => {
    server.use(http.get(STATUS_URL, answer));
    await expect(load()).rejects.toBeInstanceOf(StatusLoadError);
  });

  it('stops when the caller aborts', async () => {
    server.use(http.get(STATUS_URL, () => new Promise<never>(() => {})));
    const controller = new AbortController();
    const pending = remoteStatusSource(STATUS_URL)(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
