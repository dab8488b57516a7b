import { describe, expect, it } from 'vitest';
import { findPlan } from '#domain/catalogue';
import { loadConfig } from '../../src/config';
import { createOrder as createOrderInService } from '../../src/orders/orders';
import {
  createOrder,
  orderBody,
  readingAnswer,
  submitReceipt,
  type Created,
} from '../support/shop';
import { sqlRows, T0, testStore, useTestApp } from '../support/test-app';

/**
 * Issue #23 item 4 (review S2, S3; decision 069): receipt checks per order and per client
 * address, orders per client address, counted in the database; 429 rate_limited with
 * Retry-After in the one error shape; a window that has passed (the injected clock) resets.
 */
const MINUTE = 60_000;

const refusedReading = readingAnswer({ amount: 1 }); // a refusal: the order stays open

/** The client address a request comes from (the tests' apps trust the proxy's header). */
const from = (address: string) => ({ 'X-Forwarded-For': address });

async function expectRateLimited(response: Response, retryAfter: string) {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe(retryAfter);
  const body = (await response.json()) as { error: Record<string, unknown> };
  expect(body).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
}

describe(`abuse limits: defaults`, () => {
  it('are 5 checks per order per 10 min, 120 per address per hour, 120 orders per address per 10 min (room for a carrier NAT, decision 120)', () => {
    expect(loadConfig({}).limits).toEqual({
      receiptsPerOrder: { limit: 5, windowMs: 10 * MINUTE },
      receiptsPerAddress: { limit: 120, windowMs: 60 * MINUTE },
      ordersPerAddress: { limit: 120, windowMs: 10 * MINUTE },
    });
  });
});

describe(`receipt checks per order (${testStore})`, () => {
  const t = useTestApp({
    env: { RECEIPT_LIMIT_PER_ORDER: '5', RECEIPT_LIMIT_PER_ADDRESS: '1000' },
  });

  it('allows 5 checks of one order in 10 minutes, refuses the 6th without a model call, and allows again after the window', async () => {
    const { gemini } = t;
    gemini.answer(refusedReading);
    const created = await createOrder(t);
    t.clock.advance(30_000); // 16:30:30 in the window 16:30–16:40 (windows start on the epoch)
    for (let index = 0; index < 5; index += 1) {
      const answer = await submitReceipt(t, created);
      expect(answer.status).toBe(200);
    }
    expect(gemini.calls).toHaveLength(5);
    await expectRateLimited(await submitReceipt(t, created), String(9 * 60 + 30));
    expect(gemini.calls).toHaveLength(5);
    // Refused, the order is open again, not stuck in a check.
    const read = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(((await read.json()) as Created).order.status).toBe('awaiting_payment');
    // Another order from the same address is not this order's limit.
    expect((await submitReceipt(t, await createOrder(t))).status).toBe(200);
    t.clock.advance(9 * 60_000 + 30_000);
    gemini.answer(
      readingAnswer({ transactionTime: new Date(t.clock.now() - MINUTE).toISOString() }),
    );
    const late = await submitReceipt(t, created);
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ verification: { status: 'confirmed' } });
  });

  it('does not count a replayed answer or a check of a paid order', async () => {
    const { gemini } = t;
    gemini.answer(readingAnswer());
    const created = await createOrder(t);
    for (let index = 0; index < 8; index += 1) {
      const answer = await submitReceipt(t, created, { 'Idempotency-Key': 'same-key-1234' });
      expect(answer.status).toBe(200);
    }
    for (let index = 0; index < 8; index += 1) {
      expect((await submitReceipt(t, created)).status).toBe(200);
    }
    expect(gemini.calls).toHaveLength(1);
  });
});

describe(`receipt checks per client address (${testStore})`, () => {
  const t = useTestApp({
    env: {
      TRUST_PROXY: 'true',
      RECEIPT_LIMIT_PER_ORDER: '1000',
      RECEIPT_LIMIT_PER_ADDRESS: '3',
      RECEIPT_LIMIT_PER_ADDRESS_WINDOW_SECONDS: '3600',
    },
  });

  it('counts every order of one address together, each address apart, and resets after the hour', async () => {
    const { gemini } = t;
    gemini.answer(refusedReading);
    const orders = [await createOrder(t), await createOrder(t), await createOrder(t)];
    for (const created of orders) {
      expect((await submitReceipt(t, created, from('203.0.113.7'))).status).toBe(200);
    }
    const fourth = await createOrder(t);
    // Windows start on the epoch: this one runs 10:00–11:00 UTC, and the clock is at 10:00.
    await expectRateLimited(await submitReceipt(t, fourth, from('203.0.113.7')), '3600');
    expect((await submitReceipt(t, fourth, from('198.51.100.9'))).status).toBe(200);
    expect(gemini.calls).toHaveLength(4);
    t.clock.advance(60 * MINUTE);
    expect((await submitReceipt(t, fourth, from('203.0.113.7'))).status).toBe(200);
  });

  it('holds under concurrency: 8 checks at once from one address reach the model 3 times (the claim and the limits are one statement, decision 101)', async () => {
    const { gemini } = t;
    gemini.answer(refusedReading);
    const orders = [];
    for (let index = 0; index < 8; index += 1) orders.push(await createOrder(t));
    const answers = await Promise.all(
      orders.map((created) => submitReceipt(t, created, from('203.0.113.20'))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(gemini.calls).toHaveLength(3);
    // Every refused check left its order open, not stuck in a check.
    for (const created of orders) {
      const read = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
        'X-Order-Token': created.token,
      });
      expect(((await read.json()) as Created).order.status).toBe('awaiting_payment');
    }
  });
});

describe(`receipt checks per order and per address together (${testStore})`, () => {
  const t = useTestApp({
    env: {
      TRUST_PROXY: 'true',
      RECEIPT_LIMIT_PER_ORDER: '2',
      RECEIPT_LIMIT_PER_ADDRESS: '4',
      RECEIPT_LIMIT_PER_ADDRESS_WINDOW_SECONDS: '3600',
    },
  });

  it('a check refused by its order’s limit does not count against the address', async () => {
    const { gemini } = t;
    gemini.answer(refusedReading);
    const first = await createOrder(t);
    for (let index = 0; index < 2; index += 1) {
      expect((await submitReceipt(t, first, from('203.0.113.30'))).status).toBe(200);
    }
    // The order's limit refuses these three: the address has counted 2 checks, not 5.
    for (let index = 0; index < 3; index += 1) {
      await expectRateLimited(await submitReceipt(t, first, from('203.0.113.30')), '600');
    }
    const second = await createOrder(t);
    expect((await submitReceipt(t, second, from('203.0.113.30'))).status).toBe(200);
    expect((await submitReceipt(t, second, from('203.0.113.30'))).status).toBe(200);
    // The address's fifth check is refused with the address's window (an hour).
    await expectRateLimited(
      await submitReceipt(t, await createOrder(t), from('203.0.113.30')),
      '3600',
    );
    expect(gemini.calls).toHaveLength(4);
  });
});

describe(`orders per client address (${testStore})`, () => {
  const t = useTestApp({
    env: {
      TRUST_PROXY: 'true',
      ORDER_LIMIT_PER_ADDRESS: '3',
      ORDER_LIMIT_PER_ADDRESS_WINDOW_SECONDS: '600',
    },
  });
  const orderFrom = (address: string) => t.call('POST', '/api/orders', orderBody(), from(address));
  const rows = sqlRows(t);
  const ordersStored = async () =>
    Number((await rows('SELECT count(*) AS count FROM orders'))[0]?.count);

  /** `count` more orders from `address` are made, and the next is refused with `retryAfter`. */
  async function expectOrdersLeft(address: string, count: number, retryAfter: string) {
    for (let index = 0; index < count; index += 1) {
      expect((await orderFrom(address)).status).toBe(201);
    }
    await expectRateLimited(await orderFrom(address), retryAfter);
  }

  it('refuses the 4th order of one address in 10 minutes (429), not another address, and not after the window', async () => {
    t.clock.advance(2 * MINUTE); // 2 minutes into the window 10:00–10:10 UTC
    await expectOrdersLeft('203.0.113.7', 3, '480');
    expect((await orderFrom('198.51.100.9')).status).toBe(201);
    t.clock.advance(8 * MINUTE);
    expect((await orderFrom('203.0.113.7')).status).toBe(201);
  });

  it('holds under concurrency: 10 orders at once from one address make 3 orders (the limit and the order are one statement, decision 101)', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => orderFrom('203.0.113.40')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const numbers = await Promise.all(
      answers
        .filter((answer) => answer.status === 201)
        .map(async (answer) => ((await answer.json()) as Created).order.number),
    );
    // One second: the bare number once, suffixes for the others.
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.filter((number) => number === '#NXR-20261123-163000')).toHaveLength(1);
    // A refusal writes no order, also as the first order of a second (its bare number free).
    t.clock.advance(1_000);
    await expectRateLimited(await orderFrom('203.0.113.40'), '599');
    expect(await ordersStored()).toBe(3);
  });

  it('counts an order for a plan that is not on sale, then refuses it 422', async () => {
    const refused = await t.call(
      'POST',
      '/api/orders',
      orderBody({ planId: 'no-such-plan' }),
      from('203.0.113.41'),
    );
    expect(refused.status).toBe(422);
    await expectOrdersLeft('203.0.113.41', 2, '600');
  });

  it('makes one order of concurrent requests with one Idempotency-Key, counted once', async () => {
    const headers = { ...from('203.0.113.42'), 'Idempotency-Key': 'order-key-concurrent-1' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call('POST', '/api/orders', orderBody(), headers)),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThan(0);
    // The others found the first still running: 409, nothing made.
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const ids = new Set(
      await Promise.all(created.map(async (answer) => ((await answer.json()) as Created).order.id)),
    );
    expect(ids.size).toBe(1);
    expect(await ordersStored()).toBe(1);
    // Counted once: two more orders from the address are within its limit of 3.
    await expectOrdersLeft('203.0.113.42', 2, '600');
  });

  it('answers a repeat with the same Idempotency-Key without counting it', async () => {
    const headers = { ...from('203.0.113.8'), 'Idempotency-Key': 'order-key-12345' };
    for (let index = 0; index < 6; index += 1) {
      expect((await t.call('POST', '/api/orders', orderBody(), headers)).status).toBe(201);
    }
    expect((await orderFrom('203.0.113.8')).status).toBe(201);
  });
});

describe(`order numbers under load (${testStore})`, () => {
  const t = useTestApp({ env: { ORDER_LIMIT_PER_ADDRESS: '30' } });
  // Issue #23's 10,000 orders in a minute on PostgreSQL, where they run at once on several
  // connections. PGlite has one connection and runs them one after another through the same SQL,
  // so the count adds only time there: about 100 s of a core for 10,000 (decision 106).
  const rush = testStore === 'postgres' ? 10_000 : 1_000;

  it(`${rush.toLocaleString('en')} orders in one minute leave the next buyer a number of the current second and no 429`, async () => {
    const plan = findPlan('power-30')!;
    const numbers = new Set<string>();
    const started = performance.now();
    const batches = rush / 100;
    // The orders go through the service (the HTTP layer adds nothing to numbering), 100 at a
    // time, while the clock runs through the minute 16:30:00–16:30:59.999.
    for (let batch = 0; batch < batches; batch += 1) {
      t.clock.set(T0 + Math.round((batch * (MINUTE - 1)) / (batches - 1)));
      const made = await Promise.all(
        Array.from({ length: 100 }, () =>
          createOrderInService(t.deps, {
            plan,
            operatorId: 'mpt',
            contact: { kind: 'email', value: 'load@example.com' },
            language: 'en',
          }),
        ),
      );
      for (const { row } of made) numbers.add(row.number);
    }
    expect(numbers.size).toBe(rush);
    const busiest = [...numbers].filter((number) => number.startsWith('#NXR-20261123-163059'));
    expect(busiest.length).toBeGreaterThan(0);
    expect([...numbers].every((number) => number < '#NXR-20261123-163100')).toBe(true);
    // The next buyer, through HTTP, a minute after the rush began.
    t.clock.set(T0 + MINUTE);
    const next = await t.call('POST', '/api/orders', orderBody());
    expect(next.status).toBe(201);
    expect(((await next.json()) as Created).order.number).toBe('#NXR-20261123-163100');
    console.info(
      `${rush.toLocaleString('en')} orders through the service in ${Math.round(performance.now() - started)} ms`,
    );
  }, 600_000); // a limit for a hang: 10,000 orders went past 180 s at a load of 30 (decision 096)
});
