import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger';
import { createApiKey } from '../../src/platform/api-keys';
import { createOrder, readingAnswer, submitReceipt } from '../support/shop';
import { createTestApp, fakeGemini, type TestApp, testStore } from '../support/test-app';

const CONTACT = 'secret.traveller@example.com';
const PHONE = '09777888999';
const IMAGE = {
  mimeType: 'image/png',
  base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABU2VjcmV0UmVjZWlwdEltYWdlQnl0ZXM=',
};

describe(`logs and CORS (${testStore})`, () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const gemini = fakeGemini();
    gemini.answer(readingAnswer());
    t = await createTestApp({
      aiFetch: gemini.fetch,
      logger: createLogger('debug', { write: (line: string) => void lines.push(line) }),
      env: { SHOP_ORIGINS: 'https://shop.example, https://www.shop.example/' },
    });
  });
  afterAll(() => t.close());

  it('logs every request as a JSON line, and never a contact, a receipt, a token or a key', async () => {
    const created = await createOrder(t, { contact: CONTACT });
    expect((await submitReceipt(t, created, {}, { image: IMAGE, language: 'en' })).status).toBe(
      200,
    );
    const wrongToken = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
      'X-Order-Token': `${created.token}x`,
    });
    expect(wrongToken.status).toBe(404);
    const { key } = await createApiKey(t.deps, 'log test');
    const purchase = await t.call(
      'POST',
      '/purchase',
      { operator: 'MPT', contactInfo: PHONE },
      { 'x-api-key': key },
    );
    expect(purchase.status).toBe(201);

    expect(lines.length).toBeGreaterThanOrEqual(4);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.filter((record) => record.msg === 'request').map((r) => r.status)).toEqual(
      expect.arrayContaining([201, 200, 404]),
    );
    const everything = lines.join('\n');
    for (const secret of [CONTACT, PHONE, IMAGE.base64, created.token, key]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('answers CORS only for the configured shop origins', async () => {
    const preflight = (origin: string) =>
      t.app.request('/api/orders', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, idempotency-key',
        },
      });
    const shop = await preflight('https://www.shop.example');
    expect(shop.headers.get('access-control-allow-origin')).toBe('https://www.shop.example');
    expect(shop.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'idempotency-key',
    );
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const plans = await t.app.request('/plans', { headers: { Origin: 'https://evil.example' } });
    expect(plans.status).toBe(200);
    expect(plans.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the shop call every documented route across origins: its method and headers (issue #24)', async () => {
    const document = (await (await t.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = new Set(
      Object.values(document.paths).flatMap((operations) =>
        Object.keys(operations).map((method) => method.toUpperCase()),
      ),
    );
    expect(methods).toContain('PATCH');
    for (const method of methods) {
      const answer = await t.app.request('/api/orders/any', {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://shop.example',
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'content-type, idempotency-key, x-order-token',
        },
      });
      expect(answer.status, method).toBe(204);
      const allowed = (answer.headers.get('access-control-allow-methods') ?? '').split(',');
      expect(
        allowed.map((item) => item.trim()),
        method,
      ).toContain(method);
      const headers = answer.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
      for (const header of ['content-type', 'idempotency-key', 'x-order-token']) {
        expect(headers, header).toContain(header);
      }
    }
  });
});
