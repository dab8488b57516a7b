import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, openApiFileText } from '../../src/openapi/file';
import { tags } from '../../src/platform/http/common-schemas';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Document = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  paths: Record<
    string,
    Record<string, { tags?: string[]; 'x-codeSamples': { lang: string; source: string }[] }>
  >;
};

describe('the OpenAPI document', () => {
  it('is served at /openapi.json, generated from the routes', async () => {
    const response = await t.call('GET', '/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as Document;
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]!.url).toMatch(/^http/);
    expect(document.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['status', 'catalogue', 'partner']),
    );
    expect(document.components.securitySchemes).toEqual({
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      bearerKey: { type: 'http', scheme: 'bearer' },
      paymentSignature: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'X-Payment-Signature',
      }),
    });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'Catalogue', 'Plan', 'Carrier', 'StatusResponse']),
    );
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/status', '/plans']));
    expect(document.paths['/openapi.json']).toBeUndefined();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const langs = operation['x-codeSamples'].map((sample) => sample.lang);
        expect(langs, `${method} ${path}`).toContain('Shell');
        expect(langs, `${method} ${path}`).toContain('JavaScript');
      }
    }
  });

  it('tags every operation with exactly one of the declared tags (lower case, as /developers reads them)', async () => {
    const document = (await (await t.call('GET', '/openapi.json')).json()) as Document;
    const declared = tags.map((tag) => tag.name as string);
    const tagged = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        operation: `${method.toUpperCase()} ${path}`,
        tags: operation.tags ?? [],
      })),
    );
    for (const { operation, tags: given } of tagged) {
      expect(given, operation).toHaveLength(1);
      expect(declared, operation).toContain(given[0]);
    }
    const byTag = (name: string) =>
      tagged.filter((entry) => entry.tags[0] === name).map((entry) => entry.operation);
    expect(byTag('partner')).toEqual([
      'POST /purchase',
      'POST /v1/activate',
      'GET /v1/profile/{orderId}',
    ]);
    expect(byTag('shop')).toEqual([
      'GET /api/availability',
      'POST /api/orders',
      'POST /api/orders/lookup',
      'GET /api/orders/{id}',
      'PATCH /api/orders/{id}',
      'POST /api/orders/{id}/receipt',
      'POST /api/orders/{id}/cancel',
      'POST /api/orders/{id}/payments',
      'GET /api/orders/{id}/stream',
      'GET /api/orders/{id}/request',
      'POST /api/orders/{id}/request',
      'POST /api/payments/2c2p/return/{invoiceNo}',
      'GET /api/payments/2c2p/return/{invoiceNo}',
    ]);
  });

  it('is committed as the SPA’s copy, unchanged (else: run npm run openapi)', async () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    const generated = await openApiFileText();
    expect(
      committed === generated,
      'src/features/developers/api/openapi.json differs from the routes: run npm run openapi',
    ).toBe(true);
    // The served document and the committed one are the same document.
    const served = await (await t.call('GET', '/openapi.json')).json();
    expect(served).toEqual(JSON.parse(committed));
  });
});
