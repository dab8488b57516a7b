import { beforeEach, describe, expect, it } from 'vitest';
import { createMessageOutboxWorker } from '../../src/delivery/message-outbox';
import {
  createOrder,
  readingAnswer,
  submitReceipt,
  modelAnswer,
  reading,
  payOrder,
} from '../support/shop';
import {
  activationCode,
  iccid,
  postStock,
  staffKey,
  STOCK_SOURCES,
  stockCsv,
} from '../support/stock';
import { T0, testStore, useTestApp, sqlRows } from '../support/test-app';

type Row = Record<string, unknown>;
type Delivery = {
  state: string;
  esim: null | { iccid: string; activationCode: string; smdpAddress: string; matchingId: string };
  promisedBy: number | null;
  email: { state: string; attempts: number };
};
type Answer = { order: Row & { delivery: Delivery }; verification: { status: string } };

describe(`eSIM assignment in the payment's transaction (${testStore})`, () => {
  const t = useTestApp({
    env: {
      STAFF_WEBHOOK_URL: 'https://hooks.example/staff',
      STOCK_PROMISE_MINUTES: '90',
    },
  });
  const { gemini } = t;
  let key: string;
  beforeEach(async () => {
    key = await staffKey(t);
  });

  const rows = sqlRows(t);

  /** Each call reads another transaction id, so every receipt pays its own order. */
  function distinctReceipts() {
    let next = 0;
    gemini.answer(() => {
      next += 1;
      return modelAnswer(JSON.stringify(reading({ transactionId: `KBZ-${100_000 + next}` })));
    });
  }

  it('gives 100 orders confirmed in parallel 100 different profiles, none twice', async () => {
    expect((await postStock(t, key, stockCsv(120))).status).toBe(200);
    const created = [];
    for (let index = 0; index < 100; index += 1) {
      created.push(await createOrder(t, { contact: `buyer${index}@example.com` }));
    }
    distinctReceipts();
    const answers = await Promise.all(created.map((order) => payOrder<Answer>(t, order)));
    expect(answers.every((answer) => answer.verification.status === 'confirmed')).toBe(true);
    const codes = answers.map((answer) => answer.order.delivery.esim?.activationCode);
    expect(codes.every((code) => typeof code === 'string')).toBe(true);
    expect(new Set(codes).size).toBe(100);
    expect(answers.every((answer) => answer.order.delivery.state !== 'waiting_for_stock')).toBe(
      true,
    );
    expect(
      await rows(
        "SELECT count(*)::int AS n, count(DISTINCT order_id)::int AS orders FROM profiles WHERE state <> 'in_stock'",
      ),
    ).toEqual([{ n: 100, orders: 100 }]);
    expect(await rows("SELECT count(*)::int AS n FROM profiles WHERE state = 'in_stock'")).toEqual([
      { n: 20 },
    ]);
    // Each order's profile is the one its answer showed.
    const pairs = await rows(
      'SELECT order_id, activation_code FROM profiles WHERE order_id IS NOT NULL',
    );
    const byOrder = new Map(pairs.map((pair) => [pair.order_id, pair.activation_code]));
    for (const answer of answers) {
      expect(byOrder.get(answer.order.id)).toBe(answer.order.delivery.esim!.activationCode);
    }
  });

  it('takes the profile of the order’s operator and plan, oldest import first (no email: delivered on screen)', async () => {
    await postStock(t, key, stockCsv(1, { operator: 'ATOM', batch: 7 }));
    t.clock.advance(1000);
    await postStock(t, key, stockCsv(2, { operator: 'MPT', batch: 8 }));
    t.clock.set(T0);
    const order = await createOrder(t, { operatorId: 'atom' });
    gemini.answer(readingAnswer());
    const answer = (await (await submitReceipt(t, order)).json()) as Answer;
    expect(answer.order.delivery).toEqual({
      state: 'delivered',
      esim: {
        iccid: iccid(0, 7),
        activationCode: activationCode(0, 7),
        smdpAddress: 'smdp.example.com',
        matchingId: activationCode(0, 7).split('$')[2],
        // A profile from stock: no SM-DP+ reports its install.
        installState: null,
        installStateAt: null,
      },
      promisedBy: null,
      reason: null,
      email: { state: 'not_applicable', attempts: 0 },
    });
  });

  it('with no stock: paid, waiting for stock with the promised time, staff alerted in the same transaction', async () => {
    const order = await createOrder(t);
    gemini.answer(readingAnswer());
    const response = await submitReceipt(t, order);
    const answer = (await response.json()) as Answer;
    expect(answer.verification.status).toBe('confirmed');
    expect(answer.order.status).toBe('paid');
    expect(answer.order.delivery).toEqual({
      state: 'waiting_for_stock',
      esim: null,
      promisedBy: T0 + 90 * 60_000,
      reason: null,
      email: { state: 'not_applicable', attempts: 0 },
    });
    const alerts = await rows(
      "SELECT kind, order_id, payload FROM outbox WHERE kind LIKE 'staff_alert%'",
    );
    expect(alerts).toEqual([
      {
        kind: 'staff_alert_webhook',
        order_id: order.order.id,
        payload: {
          event: 'order.waiting_for_stock',
          orderId: order.order.id,
          number: order.order.number,
          operatorId: 'mpt',
          planId: 'power-30',
          paidAt: T0,
          promisedBy: T0 + 90 * 60_000,
        },
      },
    ]);
    // The buyer reading the order later is told the same.
    const read = await t.call('GET', `/api/orders/${order.order.id}`, undefined, {
      'X-Order-Token': order.token,
    });
    expect(((await read.json()) as Answer).order.delivery.state).toBe('waiting_for_stock');
  });

  it('posts the staff webhook from the outbox, retrying until it is accepted', async () => {
    const posted: { url: string; body: unknown; key: string | null }[] = [];
    let accept = false;
    const worker = createMessageOutboxWorker(t.deps, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        posted.push({
          url: request.url,
          body: await request.json(),
          key: request.headers.get('idempotency-key'),
        });
        return new Response(null, { status: accept ? 204 : 503 });
      },
    });
    const order = await createOrder(t);
    gemini.answer(readingAnswer());
    await submitReceipt(t, order);
    // Two notices for staff: the paid order and its missing stock.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 2 });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(30_000);
    accept = true;
    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0 });
    expect(posted).toHaveLength(4);
    const alerts = posted.filter(
      (post) => (post.body as { event?: string }).event === 'order.waiting_for_stock',
    );
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toMatchObject({
      url: 'https://hooks.example/staff',
      body: { event: 'order.waiting_for_stock', orderId: order.order.id },
    });
    expect(alerts[1]!.key).toBe(alerts[0]!.key);
    const paid = posted.filter((post) => (post.body as { event?: string }).event === 'order.paid');
    expect(paid.at(-1)).toMatchObject({ body: { orderId: order.order.id } });
    expect(
      await rows("SELECT attempts, last_error FROM outbox WHERE kind = 'staff_alert_webhook'"),
    ).toEqual([{ attempts: 2, last_error: null }]);
  });

  it('an import later delivers the waiting orders in order of payment', async () => {
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await createOrder(t));
    distinctReceipts();
    // Paid in the order 2, 0, 1.
    for (const index of [2, 0, 1]) {
      t.clock.advance(1000);
      const answer = (await (await submitReceipt(t, made[index]!)).json()) as Answer;
      expect(answer.order.delivery.state).toBe('waiting_for_stock');
    }
    const report = await t.call('GET', '/api/staff/stock', undefined, {
      Authorization: `Bearer ${key}`,
    });
    expect(await report.json()).toEqual({
      stock: [
        {
          operatorId: 'mpt',
          planId: 'power-30',
          inStock: 0,
          assigned: 0,
          delivered: 0,
          withdrawn: 0,
        },
      ],
      waitingOrders: 3,
      sources: STOCK_SOURCES,
    });
    // Two profiles for three waiting orders: the two paid first get them.
    const imported = await postStock(t, key, stockCsv(2, { batch: 3 }));
    expect(await imported.json()).toEqual({ imported: 2, deliveredWaiting: 2 });
    const states = await rows(
      'SELECT o.id, o.delivery_state, p.iccid FROM orders o LEFT JOIN profiles p ON p.order_id = o.id ORDER BY o.paid_at',
    );
    expect(states.map((row) => row.id)).toEqual([
      made[2]!.order.id,
      made[0]!.order.id,
      made[1]!.order.id,
    ]);
    // No email carries them (this shop has no SMTP): handing the profile over delivers it.
    expect(states.map((row) => row.delivery_state)).toEqual([
      'delivered',
      'delivered',
      'waiting_for_stock',
    ]);
    expect(states.map((row) => row.iccid)).toEqual([iccid(0, 3), iccid(1, 3), null]);
    // The buyer of a delivered order sees the eSIM.
    const read = await t.call('GET', `/api/orders/${made[2]!.order.id}`, undefined, {
      'X-Order-Token': made[2]!.token,
    });
    const delivery = ((await read.json()) as Answer).order.delivery;
    expect(delivery.esim?.iccid).toBe(iccid(0, 3));
    expect(delivery.state).toBe('delivered');
    expect(delivery.promisedBy).toBeNull();
  });

  it('a CSV with a bad Luhn digit, a duplicate and an unknown operator is refused whole', async () => {
    await postStock(t, key, stockCsv(1, { batch: 5 }));
    const good = iccid(2, 6);
    const csv = [
      'operator,plan,iccid,activation_code',
      `MPT,power-30,${iccid(1, 6)},${activationCode(1, 6)}`,
      `MPT,power-30,${good.slice(0, -1)}${(Number(good.slice(-1)) + 3) % 10},${activationCode(2, 6)}`,
      `MPT,power-30,${iccid(0, 5)},${activationCode(3, 6)}`,
      `Telenor,power-30,${iccid(4, 6)},${activationCode(4, 6)}`,
    ].join('\n');
    const response = await postStock(t, key, csv);
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      error: { code: string; details: { line: number }[] };
    };
    expect(body.error.code).toBe('invalid_csv');
    expect(body.error.details.map((detail) => detail.line)).toEqual([3, 4, 5]);
    expect(await rows('SELECT count(*)::int AS n FROM profiles')).toEqual([{ n: 1 }]);
  });

  it('takes rows with FOR UPDATE SKIP LOCKED on this store', async () => {
    await postStock(t, key, stockCsv(2, { batch: 9 }));
    const taken = await t.database.rawTransaction((tx) =>
      tx.query<Row>(
        "SELECT iccid FROM profiles WHERE state = 'in_stock' ORDER BY imported_at, iccid LIMIT 1 FOR UPDATE SKIP LOCKED",
      ),
    );
    expect(taken).toHaveLength(1);
  });
});
