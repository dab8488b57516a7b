import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestMetrics, REQUEST_SECONDS_BUCKETS } from '../../src/status/request-metrics';

/**
 * The request families are counted as plain numbers (request-metrics.ts); their text must be
 * what prom-client wrote for the same requests before, line for line, so dashboards and the
 * README's alerts read them unchanged.
 */
describe('request metrics', () => {
  const requests: [string, string, number, number][] = [
    ['/plans', 'GET', 200, 0.0004],
    ['/plans', 'GET', 200, 0.005],
    ['/plans', 'GET', 304, 0.0001],
    ['/api/orders', 'POST', 201, 0.012],
    ['/api/orders', 'POST', 201, 0.3],
    ['/api/orders/:id/receipt', 'POST', 200, 2.2],
    ['/api/orders/:id/receipt', 'POST', 502, 75],
    ['(unmatched)', 'GET', 404, 0.001],
  ];

  async function promClientText() {
    const registry = new Registry();
    const labelNames = ['route', 'method', 'status'] as const;
    const counter = new Counter({
      name: 'esim_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames,
      registers: [registry],
    });
    const histogram = new Histogram({
      name: 'esim_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (until its headers), by route pattern, method and status.',
      labelNames,
      buckets: [...REQUEST_SECONDS_BUCKETS],
      registers: [registry],
    });
    for (const [route, method, status, seconds] of requests) {
      const labels = { route, method, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    return registry.metrics();
  }

  it('writes the same lines as prom-client for the same requests', async () => {
    const metrics = createRequestMetrics();
    for (const [route, method, status, seconds] of requests) {
      metrics.observe(route, method, status, seconds);
    }
    const text = metrics.text();
    expect(text.split('\n')).toEqual((await promClientText()).split('\n'));
    expect(text).toContain(
      'esim_http_request_duration_seconds_bucket{le="0.005",route="/plans",method="GET",status="200"} 2',
    );
    // 75 s is past the last bound: only +Inf counts it.
    expect(text).toContain(
      'esim_http_request_duration_seconds_bucket{le="60",route="/api/orders/:id/receipt",method="POST",status="502"} 0',
    );
    expect(text).toContain(
      'esim_http_request_duration_seconds_bucket{le="+Inf",route="/api/orders/:id/receipt",method="POST",status="502"} 1',
    );
  });

  it('escapes label values and writes the families with no request yet', () => {
    const metrics = createRequestMetrics();
    expect(metrics.text()).toBe(
      [
        '# HELP esim_http_requests_total HTTP requests answered, by route pattern, method and status.',
        '# TYPE esim_http_requests_total counter',
        '',
        '# HELP esim_http_request_duration_seconds Time to answer an HTTP request (until its headers), by route pattern, method and status.',
        '# TYPE esim_http_request_duration_seconds histogram',
        '',
      ].join('\n'),
    );
    metrics.observe('/a"b\\c\nd', 'GET', 200, 0.001);
    expect(metrics.text()).toContain(
      'esim_http_requests_total{route="/a\\"b\\\\c\\nd",method="GET",status="200"} 1',
    );
  });
});
