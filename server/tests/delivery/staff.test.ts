import { beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/platform/api-keys';
import { setupWarnings } from '../../src/staff/setup-warnings';
import { createOrder, modelAnswer, reading, submitReceipt } from '../support/shop';
import {
  activationCode,
  iccid,
  postStock,
  staffKey,
  STOCK_SOURCES,
  stockCsv,
} from '../support/stock';
import { T0, testStore, useTestApp } from '../support/test-app';

describe(`the staff routes (${testStore})`, () => {
  const t = useTestApp({ env: { SHOP_ORIGINS: 'https://t.example' } });
  const { gemini } = t;
  let key: string;
  let partnerKey: string;
  beforeEach(async () => {
    key = await staffKey(t);
    partnerKey = (await createApiKey(t.deps, 'partner')).key;
    let next = 0;
    gemini.answer(() => {
      next += 1;
      return modelAnswer(JSON.stringify(reading({ transactionId: `WAVE-${500_000 + next}` })));
    });
  });

  const staff = () => ({ Authorization: `Bearer ${key}` });
  const asStaff = (method: string, path: string, body?: unknown) =>
    t.call(method, path, body, staff());

  it.each([
    ['GET', '/api/staff/orders'],
    ['GET', '/api/staff/stock'],
    ['GET', '/api/staff/setup'],
    ['POST', '/api/staff/stock'],
    ['POST', '/api/staff/orders/00000000-0000-4000-8000-000000000000/resend'],
    ['POST', '/api/staff/orders/00000000-0000-4000-8000-000000000000/withdraw'],
  ])('%s %s: 401 without a key, 403 with a partner key', async (method, path) => {
    const without = await t.call(method, path);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await without.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const partner = await t.call(method, path, undefined, {
      Authorization: `Bearer ${partnerKey}`,
    });
    expect(partner.status).toBe(403);
    expect(await partner.json()).toMatchObject({ error: { code: 'forbidden' } });
    const revoked = await t.call(method, path, undefined, { Authorization: `Bearer ${key}x` });
    expect(revoked.status).toBe(401);
  });

  it('a staff key is not a partner key', async () => {
    const response = await t.call(
      'POST',
      '/purchase',
      { operator: 'MPT', contactInfo: 'a@example.com' },
      staff(),
    );
    expect(response.status).toBe(403);
  });

  it('lists orders newest first with payment, ICCID and email attempts, never the activation code', async () => {
    await postStock(t, key, stockCsv(1));
    const first = await createOrder(t, { contact: '09123456789' });
    t.clock.advance(2000);
    const second = await createOrder(t);
    t.clock.advance(2000);
    await submitReceipt(t, first);
    const response = await asStaff('GET', '/api/staff/orders?limit=50');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(activationCode(0));
    expect(text).not.toContain('09123456789');
    const { orders } = JSON.parse(text) as { orders: Record<string, unknown>[] };
    expect(orders.map((order) => order.id)).toEqual([second.order.id, first.order.id]);
    expect(orders[1]).toEqual({
      id: first.order.id,
      number: first.order.number,
      planId: 'power-30',
      operatorId: 'mpt',
      status: 'paid',
      // A Viber buyer saw the eSIM in the receipt's answer.
      deliveryState: 'delivered',
      contactKind: 'phone',
      transactionId: 'WAVE-500001',
      paidAt: T0 + 4000,
      createdAt: T0,
      iccid: iccid(0),
      emailAttempts: 0,
      emailLastError: null,
      emailSentAt: null,
      bankState: 'unconfirmed',
      paymentRejectedReason: null,
      profileSource: 'stock',
      installState: null,
      installStateAt: null,
      provisioningError: null,
    });
    expect(orders[0]).toMatchObject({
      status: 'awaiting_payment',
      deliveryState: 'none',
      iccid: null,
    });
    const page = await asStaff('GET', `/api/staff/orders?limit=1&before=${T0 + 2000}`);
    expect(((await page.json()) as { orders: { id: string }[] }).orders.map((o) => o.id)).toEqual([
      first.order.id,
    ]);
    expect((await asStaff('GET', '/api/staff/orders?limit=0')).status).toBe(400);
  });

  it('warns staff while the MMQR merchant ids are the example values, and only then (issue #24)', async () => {
    const response = await asStaff('GET', '/api/staff/setup');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      warnings: [
        {
          code: 'merchant_placeholder',
          settings: ['VITE_MMQR_MERCHANT_ID', 'VITE_MMQR_TERMINAL_ID'],
        },
        // Outside demo mode without CONTACT_HASH_SECRET (review N10).
        { code: 'contact_hash_secret', settings: ['CONTACT_HASH_SECRET'] },
      ],
    });
    const real = setupWarnings({
      ...t.deps.config,
      merchant: { ...t.deps.config.merchant, merchantId: '5012345678901234', terminalId: '10020' },
      contactHashSecret: 'a-secret-kept-outside-the-database',
    });
    expect(real).toEqual([]);
    const demo = setupWarnings({ ...t.deps.config, ai: { ...t.deps.config.ai, mode: 'demo' } });
    expect(demo.map((warning) => warning.code)).toEqual(['merchant_placeholder']);
  });

  it('shows an unpaid order past its payment code as expired, the status its buyer reads (issue #24)', async () => {
    const order = await createOrder(t);
    const listed = async () =>
      (
        (await (await asStaff('GET', '/api/staff/orders')).json()) as {
          orders: { id: string; status: string }[];
        }
      ).orders.find((row) => row.id === order.order.id)?.status;
    expect(await listed()).toBe('awaiting_payment');
    t.clock.advance(18 * 60_000);
    expect(await listed()).toBe('expired');
  });

  it('a Viber buyer sees the eSIM on screen: that is the delivery; no email to resend', async () => {
    await postStock(t, key, stockCsv(1));
    const order = await createOrder(t, { contact: '09123456789' });
    const answer = (await (await submitReceipt(t, order)).json()) as {
      order: { delivery: { state: string; esim: { iccid: string } | null } };
    };
    expect(answer.order.delivery).toMatchObject({ state: 'delivered', esim: { iccid: iccid(0) } });
    const resend = await asStaff('POST', `/api/staff/orders/${order.order.id}/resend`);
    expect(resend.status).toBe(409);
  });

  it('withdraw: 404 for an unknown order, 409 without a profile, then the profile is withdrawn for good', async () => {
    expect((await asStaff('POST', '/api/staff/orders/nope/withdraw')).status).toBe(404);
    const unpaid = await createOrder(t);
    const none = await asStaff('POST', `/api/staff/orders/${unpaid.order.id}/withdraw`);
    expect(none.status).toBe(409);
    expect((await asStaff('POST', `/api/staff/orders/${unpaid.order.id}/resend`)).status).toBe(409);

    await postStock(t, key, stockCsv(1));
    const paid = await createOrder(t, { contact: '09123456789' });
    await submitReceipt(t, paid);
    const withdrawn = await asStaff('POST', `/api/staff/orders/${paid.order.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toMatchObject({
      order: { deliveryState: 'withdrawn', iccid: iccid(0) },
    });
    const again = await asStaff('POST', `/api/staff/orders/${paid.order.id}/withdraw`);
    expect(again.status).toBe(200);
    const report = await asStaff('GET', '/api/staff/stock');
    expect(await report.json()).toEqual({
      stock: [
        {
          operatorId: 'mpt',
          planId: 'power-30',
          inStock: 0,
          assigned: 0,
          delivered: 0,
          withdrawn: 1,
        },
      ],
      waitingOrders: 0,
      sources: STOCK_SOURCES,
    });
    // A withdrawn profile is never handed out again: the next buyer waits for stock.
    const next = await createOrder(t);
    const answer = (await (await submitReceipt(t, next)).json()) as {
      order: { delivery: { state: string } };
    };
    expect(answer.order.delivery.state).toBe('waiting_for_stock');
  });

  it('imports only text/csv', async () => {
    const response = await asStaff('POST', '/api/staff/stock', { csv: stockCsv(1) });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('answers the shop’s origin a preflight that allows the Authorization header', async () => {
    const response = await t.app.request('/api/staff/orders', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://t.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://t.example');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );
  });
});
