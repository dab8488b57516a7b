import { beforeEach, describe, expect, it } from 'vitest';
import { plans } from '#domain/catalogue';
import { AvailabilitySchema } from '../../src/catalogue/schemas';
import { createOrder, modelAnswer, reading, submitReceipt } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { AVAILABILITY_MAX_AGE_MS } from '../../src/catalogue/routes';
import { statementsOf } from '../support/statements';
import { testStore, useTestApp } from '../support/test-app';

/** GET /api/availability (issue #24): ready or not, per plan on sale and operator. */
describe(`GET /api/availability (${testStore})`, () => {
  const t = useTestApp({ env: { STOCK_PROMISE_MINUTES: '90', SHOP_ORIGINS: 'https://t.example' } });
  let key: string;
  beforeEach(async () => {
    key = await staffKey(t);
    t.gemini.answer(() =>
      modelAnswer(JSON.stringify(reading({ transactionId: `WAVE-${Date.now()}` }))),
    );
  });

  // Each reading after the shared one's age (review N9: one query per AVAILABILITY_MAX_AGE_MS).
  const availability = async () => {
    t.clock.advance(AVAILABILITY_MAX_AGE_MS);
    const response = await t.call('GET', '/api/availability', undefined, {
      Origin: 'https://t.example',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=15');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://t.example');
    const text = await response.text();
    return { body: AvailabilitySchema.parse(JSON.parse(text)), text };
  };
  const readyOf = (body: { items: { planId: string; operatorId: string; ready: boolean }[] }) =>
    Object.fromEntries(
      body.items
        .filter((item) => item.planId === 'power-30')
        .map((item) => [item.operatorId, item.ready]),
    );

  it('says ready only where a profile is in stock, with the stock promise, and no count', async () => {
    await postStock(t, key, stockCsv(3));
    const { body, text } = await availability();
    expect(readyOf(body)).toEqual({ mpt: true, atom: false, ooredoo: false, mytel: false });
    expect(body.promiseMinutes).toBe(90);
    // No SMTP_URL in this app: the shop must not promise an email (issue #44).
    expect(body.emailDelivery).toBe(false);
    // No payment provider here, so none of the shop's test fakes (decision 130).
    expect(body.testPayments).toBe(false);
    // Every plan on sale with every operator, and nothing that counts profiles.
    const onSale = plans.filter((plan) => plan.isAvailable).map((plan) => plan.id);
    expect(new Set(body.items.map((item) => item.planId))).toEqual(new Set(onSale));
    expect(body.items).toHaveLength(onSale.length * 4);
    expect(text).not.toMatch(/"(count|inStock|n)"/);
    for (const item of JSON.parse(text).items as object[]) {
      expect(Object.keys(item).sort()).toEqual(['operatorId', 'planId', 'ready']);
    }
  });

  it('turns not ready once the last profile is sold, and a withdrawn profile never counts', async () => {
    await postStock(t, key, stockCsv(1, { operator: 'Mytel' }));
    expect(readyOf((await availability()).body).mytel).toBe(true);
    const order = await createOrder(t, { operatorId: 'mytel', contact: '09123456789' });
    expect((await submitReceipt(t, order)).status).toBe(200);
    expect(readyOf((await availability()).body).mytel).toBe(false);
    const withdrawn = await t.call(
      'POST',
      `/api/staff/orders/${order.order.id}/withdraw`,
      undefined,
      { Authorization: `Bearer ${key}` },
    );
    expect(withdrawn.status).toBe(200);
    expect(readyOf((await availability()).body).mytel).toBe(false);
  });

  it('reads the stock once for a burst of requests, again after AVAILABILITY_MAX_AGE_MS (review N9)', async () => {
    await postStock(t, key, stockCsv(1));
    const profileReads = (statements: string[]) =>
      statements.filter((query) => /from "profiles"/i.test(query)).length;
    const burst = await statementsOf(() =>
      Promise.all(Array.from({ length: 50 }, () => t.call('GET', '/api/availability'))),
    );
    expect(burst.result.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(profileReads(burst.statements)).toBe(1);
    const soon = await statementsOf(() => t.call('GET', '/api/availability'));
    expect(profileReads(soon.statements)).toBe(0);
    t.clock.advance(AVAILABILITY_MAX_AGE_MS);
    const later = await statementsOf(() => t.call('GET', '/api/availability'));
    expect(profileReads(later.statements)).toBe(1);
  });

  it('is public and documented', async () => {
    const document = (await (await t.call('GET', '/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(document.paths['/api/availability']?.get?.security).toEqual([]);
  });
});

/** Issue #44: the shop learns whether an email contact also gets the eSIM by email. */
describe(`GET /api/availability with a mail server (${testStore})`, () => {
  const t = useTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });

  it('says the server sends email', async () => {
    const response = await t.call('GET', '/api/availability');
    expect(response.status).toBe(200);
    expect(AvailabilitySchema.parse(await response.json()).emailDelivery).toBe(true);
  });
});
