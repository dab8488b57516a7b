import { describe, expect, it } from 'vitest';
import { parseMmqrPayload } from '#domain/mmqr/payload';
import { sha256Hex } from '../../src/platform/hashing';
import { SPARE_VALUES } from '../../src/orders/order-spares';
import { createOrder, orderBody, type Created } from '../support/shop';
import { T0, testStore, useTestApp, sqlRows } from '../support/test-app';

type Row = Record<string, unknown>;

describe(`shop orders (${testStore})`, () => {
  const t = useTestApp();

  const rows = sqlRows(t);

  it('makes the number (Myanmar time), expiry, MMQR payload and a token kept only as its hash', async () => {
    const { order, token } = await createOrder(t, { contact: '+959 123 456 789' });
    expect(order).toMatchObject({
      number: '#NXR-20261123-163000', // 10:00 UTC is 16:30 in Myanmar
      planId: 'power-30',
      operatorId: 'mpt',
      contact: '09123456789',
      contactKind: 'phone',
      price: 80_000,
      currency: 'MMK',
      createdAt: T0,
      expiresAt: T0 + 10 * 60_000,
      status: 'awaiting_payment',
      transactionId: null,
      paidAt: null,
    });
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    const payload = parseMmqrPayload(order.mmqrPayload as string);
    expect(payload).toMatchObject({ billNumber: order.number, amount: 80_000, crcValid: true });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await rows('SELECT token_hash FROM orders WHERE id = $1', [order.id]);
    expect(stored?.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(await rows('SELECT * FROM orders'))).not.toContain(token);
  });

  it('gives the second and later orders of one second -2, -3 …, and the next second a plain number', async () => {
    const numbers = [];
    for (let index = 0; index < 3; index += 1) numbers.push((await createOrder(t)).order.number);
    expect(numbers).toEqual([
      '#NXR-20261123-163000',
      '#NXR-20261123-163000-2',
      '#NXR-20261123-163000-3',
    ]);
    t.clock.advance(1000);
    expect((await createOrder(t)).order.number).toBe('#NXR-20261123-163001');
    t.clock.advance(60_000);
    expect((await createOrder(t)).order.number).toBe('#NXR-20261123-163101');
  });

  it('numbers 30 orders made at once in one second, none refused, none ahead of the clock', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.call('POST', '/api/orders', orderBody())),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(201));
    const orders = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as Created).order),
    );
    const numbers = orders.map((order) => order.number);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers.filter((number) => number === '#NXR-20261123-163000')).toHaveLength(1);
    // The others carry suffixes of this second from the sequence: -2 on, with no more unused
    // than the spares this process may hold for the second (decision 109).
    const suffixes = numbers
      .filter((number) => number !== '#NXR-20261123-163000')
      .map((number) => Number(/^#NXR-20261123-163000-(\d+)$/.exec(number)?.[1]));
    expect(Math.min(...suffixes)).toBe(2);
    expect(Math.max(...suffixes)).toBeLessThanOrEqual(30 + SPARE_VALUES);
    for (const order of orders) {
      expect(parseMmqrPayload(order.mmqrPayload as string).billNumber).toBe(order.number);
    }
  });

  it('skips a number already taken (one the earlier scheme made ahead of the clock)', async () => {
    const { order } = await createOrder(t);
    await rows("UPDATE orders SET number = '#NXR-20261123-163001' WHERE id = $1", [order.id]);
    t.clock.advance(1000);
    expect((await createOrder(t)).order.number).toBe('#NXR-20261123-163001-2');
  });

  it('reads an order with its token, and answers 404 alike for a wrong, missing or unknown one', async () => {
    const { order, token } = await createOrder(t);
    const read = await t.call('GET', `/api/orders/${order.id}`, undefined, {
      'X-Order-Token': token,
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ order });

    const notFound = {
      error: { code: 'not_found', message: 'No such order, or the order token does not match.' },
    };
    const attempts = [
      t.call('GET', `/api/orders/${order.id}`, undefined, {
        // One character changed (never the same one: 1 token in 16 already ends in A).
        'X-Order-Token': `${token.slice(0, -1)}${token.endsWith('A') ? 'E' : 'A'}`,
      }),
      t.call('GET', `/api/orders/${order.id}`),
      t.call('GET', `/api/orders/${crypto.randomUUID()}`, undefined, { 'X-Order-Token': token }),
      t.call('GET', '/api/orders/not-a-uuid', undefined, { 'X-Order-Token': token }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  });

  it('reads an unpaid order as expired once its payment window has passed', async () => {
    const { order, token } = await createOrder(t);
    t.clock.advance(10 * 60_000);
    const atDeadline = await t.call('GET', `/api/orders/${order.id}`, undefined, {
      'X-Order-Token': token,
    });
    expect(((await atDeadline.json()) as { order: Row }).order.status).toBe('awaiting_payment');
    t.clock.advance(1);
    const after = await t.call('GET', `/api/orders/${order.id}`, undefined, {
      'X-Order-Token': token,
    });
    expect(((await after.json()) as { order: Row }).order.status).toBe('expired');
  });

  it.each([
    ['malformed JSON', '{"planId": "power-30",', 400, 'invalid_json'],
    ['a wrong type', { ...orderBody(), planId: 30 }, 400, 'validation_failed'],
    ['an unknown operator', orderBody({ operatorId: 'telenor' }), 400, 'validation_failed'],
    ['an invalid contact', orderBody({ contact: '12345' }), 400, 'validation_failed'],
    ['an unknown plan', orderBody({ planId: 'unlimited-365' }), 422, 'plan_unavailable'],
    ['a plan not on sale', orderBody({ planId: 'tourist-7' }), 422, 'plan_unavailable'],
    ['an oversize body', orderBody({ note: 'x'.repeat(20_000) }), 413, 'payload_too_large'],
  ])('answers %s with the one error shape and makes nothing', async (_, body, status, code) => {
    const response = await t.call('POST', '/api/orders', body);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe(code);
    expect(answer.error.message).toEqual(expect.any(String));
    expect(await rows('SELECT id FROM orders')).toEqual([]);
  });

  it('says what is wrong with a contact', async () => {
    const response = await t.call('POST', '/api/orders', orderBody({ contact: '12345' }));
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'contact: Please enter a valid email or Viber phone number (e.g., 09...).',
      },
    });
  });

  it('replays a repeated Idempotency-Key with the first order and token, refuses another body with it', async () => {
    const key = { 'Idempotency-Key': 'checkout-7f3a9c1e' };
    const first = await t.call('POST', '/api/orders', orderBody(), key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = (await first.json()) as { order: Row; token: string };
    t.clock.advance(5_000);

    const again = await t.call('POST', '/api/orders', orderBody(), key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await rows('SELECT id FROM orders')).toHaveLength(1);

    const other = await t.call('POST', '/api/orders', orderBody({ operatorId: 'atom' }), key);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: 'idempotency_conflict' } });

    // Neither the key nor the token is readable in the database.
    const kept = JSON.stringify(await rows('SELECT * FROM idempotency_keys'));
    expect(kept).not.toContain('checkout-7f3a9c1e');
    expect(kept).not.toContain(firstBody.token);
  });

  it('lets a retry run again after a failed first attempt with the same key', async () => {
    const key = { 'Idempotency-Key': 'checkout-retry-01' };
    const refused = await t.call('POST', '/api/orders', orderBody({ planId: 'tourist-7' }), key);
    expect(refused.status).toBe(422);
    const retried = await t.call('POST', '/api/orders', orderBody({ planId: 'tourist-7' }), key);
    expect(retried.status).toBe(422);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await rows('SELECT key FROM idempotency_keys')).toEqual([]);
  });
});
