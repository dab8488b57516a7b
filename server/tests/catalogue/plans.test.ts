import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators, plans } from '#domain/catalogue';
import { buildCatalogue } from '../../../src/features/developers/audit/catalogue-json';
import { catalogueDocument } from '#domain/catalogue-document';
import { catalogueSchema } from '../../src/catalogue/schemas';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /plans', () => {
  it('answers the carriers and plans of the shop catalogue in the documented shape', async () => {
    const response = await t.call('GET', '/plans');
    expect(response.status).toBe(200);
    const body = catalogueSchema.parse(await response.json());
    expect(body.carriers.map((carrier) => carrier.id)).toEqual(operators.map((o) => o.id));
    expect(body.carriers[0]).toEqual({
      id: 'mpt',
      name: 'MPT',
      gsma_identifiers: { mcc: '414', mnc: '01' },
      networks: ['4G', '3G'],
    });
    expect(body.plans).toHaveLength(plans.length);
    expect(body.plans.find((plan) => plan.id === 'power-30')).toMatchObject({
      name: 'Power User',
      data_gb: 15,
      validity_days: 30,
      price_mmk: 80_000,
      is_active: true,
      supported_carriers: ['mpt', 'atom', 'ooredoo', 'mytel'],
      features: expect.arrayContaining(['data_only', 'activate_on_arrival']),
    });
    // The same carriers and plans as the audit's catalogue.json (one source, no copies).
    const { carriers, plans: auditPlans } = buildCatalogue();
    expect(body).toEqual({ carriers, plans: auditPlans });
  });

  it('may be cached for five minutes and answers 304 to its own ETag', async () => {
    const first = await t.call('GET', '/plans');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300');
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);

    const again = await t.call('GET', '/plans', undefined, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);

    const weakInList = await t.call('GET', '/plans', undefined, {
      'If-None-Match': `"stale", W/${etag!}`,
    });
    expect(weakInList.status).toBe(304);

    const stale = await t.call('GET', '/plans', undefined, { 'If-None-Match': '"stale"' });
    expect(stale.status).toBe(200);
  });

  it('writes the prepared bytes of the catalogue, the same JSON every time, with a strong ETag', async () => {
    const first = await t.call('GET', '/plans');
    const second = await t.call('GET', '/plans');
    expect(first.headers.get('Content-Type')).toMatch(/^application\/json/);
    const text = await first.text();
    // The same body as the catalogue serialised per request used to be (decision 084).
    expect(text).toBe(JSON.stringify(catalogueDocument()));
    expect(await second.text()).toBe(text);
    // Strong (no W/), the same for both, and a 304 keeps the caching headers.
    const etag = first.headers.get('ETag')!;
    expect(etag.startsWith('W/')).toBe(false);
    expect(second.headers.get('ETag')).toBe(etag);
    const notModified = await t.call('GET', '/plans', undefined, { 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(notModified.headers.get('Content-Type')).toBeNull();
    const any = await t.call('GET', '/plans', undefined, { 'If-None-Match': '*' });
    expect(any.status).toBe(304);
  });
});
