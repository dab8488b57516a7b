import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { createOrder, readingAnswer, submitReceipt } from '../support/shop';
import { staffKey } from '../support/stock';
import { createLifecycle } from '../../src/platform/lifecycle';
import { createTestApp, testStore, useTestApp } from '../support/test-app';

/**
 * Issue #43 point 5 (decision 119): /healthz, /readyz (503 while draining) and /metrics in
 * Prometheus's text format behind a staff key, read back with a Prometheus text parser.
 */
describe(`operations endpoints (${testStore})`, () => {
  const t = useTestApp();

  it('answers /healthz, and /readyz 200 until the server drains, then 503 and new requests refused', async () => {
    const lifecycle = createLifecycle();
    const own = await createTestApp({ lifecycle });
    try {
      expect(await (await own.call('GET', '/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await own.call('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ready',
        checks: [
          { name: 'database', ok: true },
          { name: 'accepting', ok: true },
        ],
      });
      lifecycle.startDraining();
      const draining = await own.call('GET', '/readyz');
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'not_ready' });
      const refused = await own.call('POST', '/api/orders', {});
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(await refused.json()).toMatchObject({ error: { code: 'unavailable' } });
      expect((await own.call('GET', '/healthz')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('serves /metrics only with a staff key, in a format a Prometheus parser reads', async () => {
    expect((await t.call('GET', '/metrics')).status).toBe(401);
    t.gemini.answer(readingAnswer());
    const order = await createOrder(t);
    expect((await submitReceipt(t, order)).status).toBe(200);
    const key = await staffKey(t);
    const answer = await t.call('GET', '/metrics', undefined, { Authorization: `Bearer ${key}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    // The whole text parses (a line out of format throws).
    const families = new Map(
      parsePrometheusTextFormat(text).map((family) => [family.name, family]),
    );
    const samples = (name: string) => families.get(name)?.metrics ?? [];
    const one = (name: string, labels: Record<string, string>) =>
      samples(name).find((sample) =>
        Object.entries(labels).every(([label, value]) => sample.labels?.[label] === value),
      );

    expect(families.get('esim_http_requests_total')?.type).toBe('COUNTER');
    expect(
      one('esim_http_requests_total', { route: '/api/orders', method: 'POST', status: '201' })
        ?.value,
    ).toBe('1');
    expect(families.get('esim_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser folds a histogram's label sets into one; its lines are read as written.
    expect(text).toMatch(
      /^esim_http_request_duration_seconds_count\{route="\/api\/orders\/:id\/receipt",method="POST",status="200"\} 1$/m,
    );
    expect(one('esim_orders', { status: 'paid' })?.value).toBe('1');
    expect(one('esim_payments', { method: 'gemini' })?.value).toBe('1');
    for (const kind of ['held', 'suspect', 'mismatch']) {
      expect(one('esim_orders_attention', { kind })?.value).toBe('0');
    }
    for (const queue of ['outbox', 'es2plus']) {
      expect(one('esim_queue_depth', { queue })).toBeDefined();
      expect(one('esim_queue_oldest_age_seconds', { queue })).toBeDefined();
    }
    expect(one('esim_ai_calls_total', { task: 'receipt', outcome: 'ok' })?.value).toBe('1');
    expect(one('esim_ai_budget_left', { feature: 'video', unit: 'requests' })?.value).toBe('20');
    expect(families.has('process_cpu_user_seconds_total')).toBe(true);
    if (testStore === 'postgres') {
      expect(one('esim_db_pool_connections', { state: 'max' })?.value).toBe('10');
    }
  });
});
