import { beforeEach, describe, expect, it } from 'vitest';
import { parseMmqrPayload } from '#domain/mmqr/payload';
import { createApiKey } from '../../src/platform/api-keys';
import { importStock } from '../../src/delivery/stock';
import { activationCode, iccid, stockCsv } from '../support/stock';
import { T0, testStore, useTestApp, sqlRows } from '../support/test-app';

type Row = Record<string, unknown>;

describe(`partner API (${testStore})`, () => {
  const t = useTestApp();
  let key: string;
  let otherKey: string;
  beforeEach(async () => {
    key = (await createApiKey(t.deps, 'partner')).key;
    otherKey = (await createApiKey(t.deps, 'other partner')).key;
  });

  const purchase = (body: unknown, headers: Record<string, string> = { 'x-api-key': key }) =>
    t.call('POST', '/purchase', body, headers);
  const rows = sqlRows(t);

  it('buys with reading 1 ({ operator, contactInfo }) on the recommended plan', async () => {
    const response = await purchase({ operator: 'MPT', contactInfo: 'traveller@example.com' });
    expect(response.status).toBe(201);
    const order = (await response.json()) as Row;
    expect(order).toMatchObject({
      number: '#NXR-20261123-163000',
      status: 'awaiting_payment',
      planId: 'power-30',
      operator: 'MPT',
      operatorId: 'mpt',
      contactInfo: 'traveller@example.com',
      price: 80_000,
      currency: 'MMK',
      createdAt: T0,
      expiresAt: T0 + 10 * 60_000,
      paidAt: null,
    });
    expect(parseMmqrPayload(order.mmqrPayload as string)).toMatchObject({
      billNumber: '#NXR-20261123-163000',
      amount: 80_000,
      crcValid: true,
    });
  });

  it('buys with reading 2 ({ planId, contactInfo }) as a bearer token, on the default operator', async () => {
    const response = await purchase(
      { planId: 'power-30', contactInfo: '09123456789' },
      { Authorization: `Bearer ${key}` },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      planId: 'power-30',
      operator: 'MPT',
      contactInfo: '09123456789',
    });
    const [row] = await rows('SELECT source, partner_key_id FROM orders');
    expect(row?.source).toBe('partner');
    expect(row?.partner_key_id).toEqual(expect.any(String));
  });

  it.each([
    [{ operator: 'Telenor', contactInfo: 'a@example.com' }, 400, 'validation_failed'],
    [{ operator: 'MPT', contactInfo: '12345' }, 400, 'validation_failed'],
    [{ operator: 'MPT' }, 400, 'validation_failed'],
    [{ planId: 'tourist-7', contactInfo: 'a@example.com' }, 422, 'plan_unavailable'],
    [{ planId: 'nope', contactInfo: 'a@example.com' }, 422, 'plan_unavailable'],
    ['{"operator": "MPT", ', 400, 'invalid_json'],
  ])('refuses %j with %i %s', async (body, status, code) => {
    const response = await purchase(body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code } });
    expect(await rows('SELECT id FROM orders')).toEqual([]);
  });

  it('accepts operator names in any case and our ids', async () => {
    for (const operator of ['ooredoo', 'MYTEL', 'atom']) {
      const response = await purchase({ operator, contactInfo: 'a@example.com' });
      expect(response.status).toBe(201);
    }
    expect(
      (await rows('SELECT operator_id FROM orders ORDER BY number')).map((row) => row.operator_id),
    ).toEqual(['ooredoo', 'mytel', 'atom']);
  });

  it('replays a purchase repeated with the same Idempotency-Key', async () => {
    const headers = { 'x-api-key': key, 'Idempotency-Key': 'partner-order-0001' };
    const body = { operator: 'MPT', contactInfo: 'a@example.com' };
    const first = await purchase(body, headers);
    const again = await purchase(body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await rows('SELECT id FROM orders')).toHaveLength(1);
    // The same key from another partner is another request.
    const other = await purchase(body, {
      'x-api-key': otherKey,
      'Idempotency-Key': 'partner-order-0001',
    });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await rows('SELECT id FROM orders')).toHaveLength(2);
  });

  it('shows the profile by id or number, only to the key that bought it', async () => {
    const order = (await (
      await purchase({ operator: 'ATOM', contactInfo: 'a@example.com' })
    ).json()) as Row;
    const expected = {
      orderId: order.id,
      number: '#NXR-20261123-163000',
      status: 'awaiting_payment',
      planId: 'power-30',
      operator: 'ATOM',
      paidAt: null,
      activation: { state: 'not_requested', requestedAt: null },
      delivery: 'none',
      iccid: null,
      activationCode: null,
      installState: null,
      installStateAt: null,
    };
    for (const path of [order.id, 'NXR-20261123-163000', '%23NXR-20261123-163000']) {
      const response = await t.call('GET', `/v1/profile/${String(path)}`, undefined, {
        'x-api-key': key,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(expected);
    }
    const other = await t.call('GET', `/v1/profile/${String(order.id)}`, undefined, {
      'x-api-key': otherKey,
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('activates a paid order once (409 while unpaid), and the profile says so', async () => {
    const order = (await (
      await purchase({ operator: 'MPT', contactInfo: 'a@example.com' })
    ).json()) as Row;
    const activate = (headers = { 'x-api-key': key }) =>
      t.call('POST', '/v1/activate', { orderId: order.number }, headers);
    const unpaid = await activate();
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toMatchObject({ error: { code: 'conflict' } });

    await rows("UPDATE orders SET status = 'paid', paid_at = $1 WHERE id = $2", [
      new Date(T0 + 60_000).toISOString(),
      order.id,
    ]);
    expect((await activate({ 'x-api-key': otherKey })).status).toBe(404);
    t.clock.advance(120_000);
    const activated = await activate();
    expect(activated.status).toBe(200);
    expect(await activated.json()).toMatchObject({
      status: 'paid',
      paidAt: T0 + 60_000,
      activation: { state: 'requested', requestedAt: T0 + 120_000 },
      iccid: null,
    });
    t.clock.advance(60_000);
    expect(await (await activate()).json()).toMatchObject({
      activation: { state: 'requested', requestedAt: T0 + 120_000 },
    });
    const profile = await t.call('GET', `/v1/profile/${String(order.id)}`, undefined, {
      'x-api-key': key,
    });
    expect(await profile.json()).toMatchObject({ activation: { state: 'requested' } });
  });

  it('activate gives a paid order its eSIM from stock; the profile shows it, then delivered and withdrawn', async () => {
    await importStock(t.deps, stockCsv(1, { operator: 'ATOM' }));
    const order = (await (
      await purchase({ operator: 'ATOM', contactInfo: 'a@example.com' })
    ).json()) as Row;
    await rows("UPDATE orders SET status = 'paid', paid_at = $1 WHERE id = $2", [
      new Date(T0 + 60_000).toISOString(),
      order.id,
    ]);
    const profile = () =>
      t.call('GET', `/v1/profile/${String(order.id)}`, undefined, { 'x-api-key': key });
    expect(await (await profile()).json()).toMatchObject({ delivery: 'none', iccid: null });
    const activated = await t.call(
      'POST',
      '/v1/activate',
      { orderId: order.id },
      { 'x-api-key': key },
    );
    expect(await activated.json()).toMatchObject({
      status: 'paid',
      delivery: 'delivered',
      iccid: iccid(0),
      activationCode: activationCode(0),
    });
    expect(await rows('SELECT state, order_id FROM profiles')).toEqual([
      { state: 'delivered', order_id: order.id },
    ]);
    // Activating again takes no second profile.
    await t.call('POST', '/v1/activate', { orderId: order.id }, { 'x-api-key': key });
    expect(
      await rows('SELECT count(*)::int AS n FROM profiles WHERE order_id IS NOT NULL'),
    ).toEqual([{ n: 1 }]);
    await rows("UPDATE profiles SET state = 'withdrawn'");
    await rows("UPDATE orders SET delivery_state = 'withdrawn'");
    expect(await (await profile()).json()).toMatchObject({
      delivery: 'withdrawn',
      iccid: null,
      activationCode: null,
    });
  });
});
